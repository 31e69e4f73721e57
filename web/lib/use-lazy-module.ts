import { useEffect, useState } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

/** The wait before loading again after a failure: 1 s, doubling, at most 30 s. */
function retryDelayMs(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(failures - 1, 0), 30_000);
}

/**
 * The module `load` imports, from when `isNeeded` turns true (null until it has arrived), for code
 * that loads on use: dialogs, menus, the toaster, notice cards, test panels. `load` must be a stable
 * (module-level) function. Unlike React.lazy with Suspense, the content shows as soon as its code is
 * there: React holds a just-shown Suspense fallback for up to 300 ms, on timers, which would also
 * stall under a paused clock in the browser tests.
 *
 * A load that fails (a phone between two cells, a deploy that replaced the chunks) is tried again
 * while the module is still needed, after a growing wait: otherwise one lost request left the page
 * without its toasts or its menu until it was reloaded.
 */
export function useLazyModule<T>(load: () => Promise<T>, isNeeded: boolean): T | null {
  const [module, setModule] = useState<T | null>(null);
  const cached = (loaded.get(load) as T | undefined) ?? null;
  useEffect(() => {
    if (!isNeeded || module || cached) return;
    let isCurrent = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The count lives with this need: a menu closed and opened again starts afresh, at once.
    const attempt = (failures: number) => {
      load().then(
        (value) => {
          loaded.set(load, value);
          if (isCurrent) setModule(() => value);
        },
        () => {
          if (isCurrent) retry = setTimeout(() => attempt(failures + 1), retryDelayMs(failures + 1));
        },
      );
    };
    attempt(0);
    return () => {
      isCurrent = false;
      clearTimeout(retry);
    };
  }, [load, isNeeded, module, cached]);
  return module ?? cached;
}
