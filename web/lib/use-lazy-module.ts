import { useEffect, useState } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * The module `load` imports, from when `isNeeded` turns true (null until it has arrived), for code
 * that loads on use: dialogs, menus, the toaster, notice cards, test panels. `load` must be a stable
 * (module-level) function. Unlike React.lazy with Suspense, the content shows as soon as its code is
 * there: React holds a just-shown Suspense fallback for up to 300 ms, on timers, which would also
 * stall under a paused clock in the browser tests.
 */
export function useLazyModule<T>(load: () => Promise<T>, isNeeded: boolean): T | null {
  const [module, setModule] = useState<T | null>(null);
  const cached = (loaded.get(load) as T | undefined) ?? null;
  useEffect(() => {
    if (!isNeeded || module || cached) return;
    let isCurrent = true;
    void load().then((value) => {
      loaded.set(load, value);
      if (isCurrent) setModule(() => value);
    });
    return () => {
      isCurrent = false;
    };
  }, [load, isNeeded, module, cached]);
  return module ?? cached;
}
