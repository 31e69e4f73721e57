import { useState } from 'react';
import { Ban, CopyPlus, MessageSquareText, Pencil, ScanLine, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Event } from '@contract/events';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import HiddenNotice from '@/components/moderation/hidden-notice';
import { useLazyModule } from '@/lib/use-lazy-module';
import { CancelledNotice } from '../components/cancelled-notice';
import type { OrganizerDialog } from './organizer-dialogs';
import { useAttendees } from '../api/get-attendees';
import { isEventPast } from '../components/event-state';

// The dialogs (forms, validation, the create form's select) load when a button is approached.
const loadDialogs = () => import('./organizer-dialogs');
const preload = { onPointerEnter: () => void loadDialogs(), onFocus: () => void loadDialogs() };

/**
 * What the organizer sees where visitors see the RSVP card: the event's counts and
 * the actions that run it. Edit and Cancel only while it is upcoming and scheduled (the server
 * refuses both afterwards); Duplicate always; Delete always, explaining itself when people have RSVPed.
 */
export function OrganizerPanel({ event }: { event: Event }) {
  const { t } = useTranslation('organizer');
  const [openDialog, setOpenDialog] = useState<OrganizerDialog | null>(null);
  const dialogs = useLazyModule(loadDialogs, useHasBeenOpen(openDialog !== null));
  const attendees = useAttendees(event.id);
  const isPast = isEventPast(event);
  const isCancelled = event.status === 'cancelled';
  // The people the server notifies and the RSVPs that block a delete: everyone but the organizer.
  const others = attendees.data?.attendees.filter((attendee) => attendee.user.id !== event.organizerId);
  const otherRsvpCount = others?.length ?? event.rsvpCount;
  const waitlistCount = attendees.data?.waitlist.length ?? event.waitlistCount;
  const canChange = !isPast && !isCancelled;

  return (
    <Card data-testid="organizer-panel">
      <CardHeader className="pb-3">
        <h2 className="text-lg leading-tight font-semibold">{t('panel.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('panel.hint')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {event.hiddenNotice && <HiddenNotice kind="event" note={event.hiddenNotice.note} />}
        {isCancelled && <CancelledNotice reason={event.cancelReason} />}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm font-medium" data-testid="organizer-counts">
          <span>{t('panel.rsvpCount', { count: event.rsvpCount })}</span>
          <span className="text-muted-foreground" aria-hidden>
            ·
          </span>
          <span>{t('panel.waitlistCount', { count: event.waitlistCount })}</span>
        </p>
        {isPast && !isCancelled && <p className="text-sm text-muted-foreground">{t('panel.pastHint')}</p>}
        <div className="flex flex-col gap-2">
          {!isCancelled && (
            <Link
              href={`/events/${event.id}/check-in`}
              className={buttonVariants({ variant: 'outline' })}
              data-testid="open-check-in"
            >
              <ScanLine aria-hidden />
              {t('panel.checkIn')}
            </Link>
          )}
          {canChange && (
            <Button type="button" onClick={() => setOpenDialog('edit')} data-testid="edit-event" {...preload}>
              <Pencil aria-hidden />
              {t('panel.edit')}
            </Button>
          )}
          {/* Offered on past and cancelled events too: running the same event again is the common case. */}
          <Button
            type="button"
            variant="outline"
            onClick={() => setOpenDialog('duplicate')}
            data-testid="duplicate-event"
            {...preload}
          >
            <CopyPlus aria-hidden />
            {t('panel.duplicate')}
          </Button>
          {!isCancelled && (
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpenDialog('announce')}
              data-testid="message-attendees"
              {...preload}
            >
              <MessageSquareText aria-hidden />
              {t('panel.message')}
            </Button>
          )}
          {canChange && (
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:text-destructive dark:text-red-400"
              onClick={() => setOpenDialog('cancel')}
              data-testid="cancel-event"
              {...preload}
            >
              <Ban aria-hidden />
              {t('panel.cancel')}
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:text-destructive dark:text-red-400"
            onClick={() => setOpenDialog('delete')}
            data-testid="delete-event"
            {...preload}
          >
            <Trash2 aria-hidden />
            {t('panel.delete')}
          </Button>
        </div>
      </CardContent>
      {dialogs ? (
        <dialogs.OrganizerDialogs
          event={event}
          openDialog={openDialog}
          onOpenDialogChange={setOpenDialog}
          otherRsvpCount={otherRsvpCount}
          waitlistCount={waitlistCount}
          canChange={canChange}
        />
      ) : (
        openDialog !== null && <DialogLoading />
      )}
    </Card>
  );
}
