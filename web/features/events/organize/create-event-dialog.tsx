import { EventFormDialog } from './event-form-dialog';

/** The empty form: a new event (or series) of one's own or of an organization, whose page opens once made. */
export function CreateEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <EventFormDialog open={open} onOpenChange={onOpenChange} />;
}
