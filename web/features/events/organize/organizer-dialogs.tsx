import type { Event } from '@contract/events';
import { AnnouncementDialog } from './announcement-dialog';
import { CancelEventDialog } from './cancel-event-dialog';
import { DeleteEventDialog } from './delete-event-dialog';
import { DuplicateEventDialog } from './duplicate-event-dialog';
import { EditEventDialog } from './edit-event-dialog';

export type OrganizerDialog = 'edit' | 'duplicate' | 'cancel' | 'delete' | 'announce';

/** The organizer panel's dialogs, one module loaded on first use (organizer-panel.tsx). */
export function OrganizerDialogs({
  event,
  openDialog,
  onOpenDialogChange,
  otherRsvpCount,
  waitlistCount,
  canChange,
}: {
  event: Event;
  openDialog: OrganizerDialog | null;
  onOpenDialogChange: (dialog: OrganizerDialog | null) => void;
  otherRsvpCount: number;
  waitlistCount: number;
  canChange: boolean;
}) {
  const dialogProps = (name: OrganizerDialog) => ({
    isOpen: openDialog === name,
    onOpenChange: (isOpen: boolean) => onOpenDialogChange(isOpen ? name : null),
  });
  return (
    <>
      {canChange && <EditEventDialog event={event} {...dialogProps('edit')} />}
      <DuplicateEventDialog event={event} {...dialogProps('duplicate')} />
      <AnnouncementDialog event={event} recipientCount={otherRsvpCount} {...dialogProps('announce')} />
      {canChange && (
        <CancelEventDialog
          event={event}
          rsvpHolderCount={otherRsvpCount}
          waitlistCount={waitlistCount}
          {...dialogProps('cancel')}
        />
      )}
      <DeleteEventDialog
        event={event}
        otherRsvpCount={otherRsvpCount}
        onCancelInstead={() => onOpenDialogChange(canChange ? 'cancel' : null)}
        {...dialogProps('delete')}
      />
    </>
  );
}
