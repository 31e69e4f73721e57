import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent data-testid="delete-event-dialog">
        <DialogHeader>
          <DialogTitle>{isBlocked ? t('delete.blockedTitle') : t('delete.title')}</DialogTitle>
          <DialogDescription>
            {isBlocked ? t('delete.blockedDescription', { count: otherRsvpCount }) : t('delete.description')}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('delete.keep')}
          </Button>
          {isBlocked ? (
            event.status === 'scheduled' && (
              <Button type="button" variant="destructive" onClick={onCancelInstead}>
                {t('delete.offerCancel')}
              </Button>
            )
          ) : (
            <Button
              type="button"
              variant="destructive"
              disabled={deleteEvent.isPending}
              aria-busy={deleteEvent.isPending || undefined}
              onClick={() =>
                deleteEvent.mutate(undefined, {
                  onSuccess: () => {
                    onOpenChange(false);
                    navigate('/my-events');
                  },
                })
              }
            >
              {deleteEvent.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {deleteEvent.isPending ? t('delete.confirming') : t('delete.confirm')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
