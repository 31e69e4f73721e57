import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { useDeleteEvent } from '../api/use-event-management';

export interface DeleteEventDialogProps {
  event: Event;
  /** RSVP holders other than the organizer: while there are any, the server refuses. */
  otherRsvpCount: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCancelInstead: () => void;
}

/** Delete only while nobody else has RSVPed; otherwise explain and offer Cancel. */
export function DeleteEventDialog({
  event,
  otherRsvpCount,
  isOpen,
  onOpenChange,
  onCancelInstead,
}: DeleteEventDialogProps) {
  const { t } = useTranslation('organizer');
  const [, navigate] = useLocation();
  const deleteEvent = useDeleteEvent(event.id);
  const isBlocked = otherRsvpCount > 0;

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="delete-event-dialog"
      title={isBlocked ? t('delete.blockedTitle') : t('delete.title')}
      description={isBlocked ? t('delete.blockedDescription', { count: otherRsvpCount }) : t('delete.description')}
      cancelLabel={t('delete.keep')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.confirming')}
      isPending={deleteEvent.isPending}
      confirmVariant="destructive"
      onConfirm={() =>
        deleteEvent.mutate(undefined, {
          onSuccess: () => {
            onOpenChange(false);
            navigate('/my-events');
          },
        })
      }
      alternative={
        isBlocked
          ? event.status === 'scheduled' && (
              <Button type="button" variant="destructive" onClick={onCancelInstead}>
                {t('delete.offerCancel')}
              </Button>
            )
          : undefined
      }
    />
  );
}
