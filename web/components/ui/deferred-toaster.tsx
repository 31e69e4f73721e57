import { useEffect, useState } from 'react';
import { useLazyModule } from '@/lib/use-lazy-module';
import { markToasterAvailable, releaseUnshownToasts, useToast } from '@/lib/use-toast';

const loadToaster = () =>
  import('./toaster').then(
    ({ Toaster }) => {
      markToasterAvailable();
      return { Toaster };
    },
    (error: unknown) => {
      releaseUnshownToasts();
      throw error;
    },
  );

/**
 * The Toaster (Radix Toast), loaded when it can be needed rather than with every signed-in page:
 * at the first toast, or already at the person's first pointer press or key press, since most toasts
 * answer an action and one (the 401 toast) is followed by a page change half a second later. Toasts
 * raised before it mounts wait in the store (web/lib/use-toast.ts) and show as soon as it does.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setIsNeeded(true);

  useEffect(() => {
    if (isNeeded) return;
    const onFirstInput = () => setIsNeeded(true);
    const options = { capture: true, once: true, passive: true } as const;
    document.addEventListener('pointerdown', onFirstInput, options);
    document.addEventListener('keydown', onFirstInput, options);
    return () => {
      document.removeEventListener('pointerdown', onFirstInput, options);
      document.removeEventListener('keydown', onFirstInput, options);
    };
  }, [isNeeded]);

  const toaster = useLazyModule(loadToaster, isNeeded);
  return toaster ? <toaster.Toaster /> : null;
}
