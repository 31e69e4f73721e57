import type { Event } from '@contract/events';
import { EventFormDialog } from './event-form-dialog';

/** The create form prefilled with another event's details but its date: creating makes a new event. */
export function DuplicateEventDialog({
  event,
  isOpen,
  onOpenChange,
}: {
  event: Event;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return <EventFormDialog copyOf={event} open={isOpen} onOpenChange={onOpenChange} />;
}
