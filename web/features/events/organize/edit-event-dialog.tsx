import type { Event } from '@contract/events';
import { EventFormDialog } from './event-form-dialog';

/** The create form, prefilled, saving with PATCH. */
export function EditEventDialog({
  event,
  isOpen,
  onOpenChange,
}: {
  event: Event;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return <EventFormDialog event={event} open={isOpen} onOpenChange={onOpenChange} />;
}
