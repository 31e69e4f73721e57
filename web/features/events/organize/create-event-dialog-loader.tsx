import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { useLazyModule } from '@/lib/use-lazy-module';

const loadCreateEventDialog = () => import('./create-event-dialog');

/**
 * For every button that opens the create dialog: the dialog's code (form library, validation, the
 * Radix dialog and select) starts loading as soon as the pointer or the keyboard focus reaches the
 * button, so it is usually there by the click. Nothing loads unless someone heads for the button.
 */
export const createEventTriggerProps = {
  onPointerEnter: () => void loadCreateEventDialog(),
  onFocus: () => void loadCreateEventDialog(),
};

/**
 * The create-event dialog, loaded on first open rather than with the page (Home and My events stay
 * within their JavaScript budget). While its code arrives, a dimmed overlay with a spinner shows that
 * the click was taken. Once opened it stays mounted, so a closed dialog keeps what was typed, as before.
 */
export function CreateEventDialogLoader({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const hasBeenOpen = useHasBeenOpen(open);
  const module = useLazyModule(loadCreateEventDialog, hasBeenOpen);
  if (!module) return open ? <DialogLoading /> : null;
  return <module.CreateEventDialog open={open} onOpenChange={onOpenChange} />;
}

const loadMySlots = () => import('../my-events/my-slots');

/**
 * My Events' list of one's slots (decisions §18), loaded with the Joined tab only. Its loader lives here
 * rather than in the page: a dynamic import of the page's own would give it a preload table of its own,
 * about 0.2 kB of a page that has 0.1 kB of budget left, while this module already has one (decision 0032).
 */
export function MySlotsLoader() {
  const module = useLazyModule(loadMySlots, true);
  return module ? <module.default /> : null;
}
