import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircleIcon } from '@/components/shell-icons';

/**
 * For a dialog whose code loads on first open: false until `open` first turns true, then true for
 * good, so the dialog mounts with its first opening and stays mounted (and keeps its state) after.
 */
export function useHasBeenOpen(open: boolean): boolean {
  const [hasBeenOpen, setHasBeenOpen] = useState(open);
  if (open && !hasBeenOpen) setHasBeenOpen(true);
  return hasBeenOpen || open;
}

/** What shows while an opened dialog's code arrives: the dimmed overlay with a spinner. */
export function DialogLoading() {
  const { t } = useTranslation('common');
  return (
    <div
      className="fixed inset-0 z-50 flex animate-fade-in items-center justify-center bg-black/60 backdrop-blur-[2px]"
      data-testid="dialog-loading"
    >
      <div
        role="status"
        aria-live="polite"
        className="flex items-center gap-3 rounded-xl border border-border bg-background px-5 py-4 text-sm text-muted-foreground shadow-xl"
      >
        <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden />
        {t('status.loading')}
      </div>
    </div>
  );
}
