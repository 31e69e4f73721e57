import { cloneElement, type ReactElement } from 'react';
import type { Event } from '@contract/events';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { useLazyModule } from '@/lib/use-lazy-module';

const loadShareEventDialog = () => import('./share-event-dialog');

type TriggerProps = {
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  'data-state'?: string;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/**
 * The 'Share Event' dialog (share-event-dialog.tsx), loaded on first open: until then the trigger
 * is rendered alone, marked up as the Radix trigger renders it while closed, and loads the dialog's
 * code as the pointer or the keyboard focus reaches it. From the first opening on, the real dialog
 * (with its trigger, which gets the focus back on close) takes over.
 */
export function ShareEventDialogLoader({
  event,
  open,
  onOpenChange,
  trigger,
}: {
  event: Event;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement<TriggerProps>;
}) {
  const hasBeenOpen = useHasBeenOpen(open);
  const module = useLazyModule(loadShareEventDialog, hasBeenOpen);
  const placeholder = cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onClick: () => onOpenChange(true),
    onPointerEnter: () => void loadShareEventDialog(),
    onFocus: () => void loadShareEventDialog(),
  });
  if (!module) {
    return (
      <>
        {placeholder}
        {open && <DialogLoading />}
      </>
    );
  }
  return <module.ShareEventDialog event={event} open={open} onOpenChange={onOpenChange} trigger={trigger} />;
}
