import { ListPlus, ListX, Loader2, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useIsOnline } from '@/lib/use-is-online';
import { cn } from '@/lib/utils';
import { CancelledNotice } from '../components/cancelled-notice';
import { RsvpControl } from './rsvp-control';
import { useWaitlist } from '../api/use-event-management';
import { isEventFull } from '../components/event-state';
import { WithdrawButton } from './withdraw-button';
import { guestSignUpHref, useRsvpIntent } from './use-rsvp-intent';

/**
 * The visitor's card beside the event: RSVP, Withdraw, and on a full event the waitlist.
 * A cancelled event shows its reason and takes nothing.
 */
export function ParticipationCard({ event, isPast, isGuest }: { event: Event; isPast: boolean; isGuest: boolean }) {
  const { t } = useTranslation(['event-detail', 'organizer']);
  const isFull = isEventFull(event);
  const spotsLeft = event.maxAttendees === null ? null : Math.max(event.maxAttendees - event.rsvpCount, 0);
  const isCancelled = event.status === 'cancelled';
  const statusLabel = event.userRsvpStatus ? t(`rsvp.status.${event.userRsvpStatus}.label`) : null;
  useRsvpIntent(event, !isGuest && !isPast && !isCancelled);
  return (
    <Card data-testid="participation-card">
      <CardHeader className="pb-3">
        <h2 className="text-lg leading-tight font-semibold">{t('detail.participation')}</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isCancelled ? (
          <CancelledNotice reason={event.cancelReason} />
        ) : isPast ? (
          <p className="text-sm text-muted-foreground">{t('detail.participationPast')}</p>
        ) : event.slotCount > 0 ? (
          // An event with a schedule is joined by its slots (the schedule block below), not by an RSVP.
          <>
            <p className="text-sm text-muted-foreground" data-testid="slot-places-open">
              {statusLabel
                ? t('detail.youAre', { status: statusLabel })
                : t('detail.slotPlacesOpen', { count: event.openSlotPlaces })}
            </p>
            <a href="#schedule" className={cn(buttonVariants({ size: 'sm' }), 'w-full')} data-testid="choose-slots">
              <ListPlus aria-hidden />
              {t('detail.chooseSlots')}
            </a>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {statusLabel ? t('detail.youAre', { status: statusLabel }) : t('detail.participationHint')}
            </p>
            {spotsLeft !== null && !isFull && (
              <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
                {t('detail.spotsLeft', { count: spotsLeft })}
              </p>
            )}
            {isGuest ? (
              <>
                {/* A guest's RSVP signs up (or in) first and comes back to this event, where it is finished. */}
                <a
                  href={guestSignUpHref(event.id, isFull ? 'waitlist' : 'attending')}
                  className={cn(buttonVariants({ size: 'sm' }), 'w-full')}
                  data-testid="guest-rsvp"
                >
                  {isFull ? <ListPlus aria-hidden /> : <UserPlus aria-hidden />}
                  {isFull ? t('organizer:waitlist.join') : t('rsvp.cta')}
                </a>
                <p className="text-xs text-muted-foreground">{t('detail.guestHint')}</p>
              </>
            ) : (
              <>
                {/* Someone without a place on a full event can only wait for one: joining the waitlist is
                    then the card's main action, not a disabled "Event Full" above it. */}
                {(event.userRsvpStatus || !isFull) && (
                  <RsvpControl
                    eventId={event.id}
                    userRsvpStatus={event.userRsvpStatus}
                    isFull={isFull}
                    className="[&_button]:w-full w-full"
                  />
                )}
                {event.userRsvpStatus && (
                  <WithdrawButton eventId={event.id} eventTitle={event.title} className="w-full" />
                )}
                {!event.userRsvpStatus && (isFull || event.userWaitlistPosition !== null) && (
                  <WaitlistBox event={event} />
                )}
              </>
            )}
          </>
        )}
        {isPast && !isCancelled && statusLabel && (
          <Badge variant="secondary" className="self-start">
            {t('detail.youAre', { status: statusLabel })}
          </Badge>
        )}
      </CardContent>
    </Card>
  );
}

function WaitlistBox({ event }: { event: Event }) {
  const { t } = useTranslation('organizer');
  const { join, leave } = useWaitlist(event.id);
  const position = event.userWaitlistPosition;
  const isPending = join.isPending || leave.isPending;
  // Offline the buttons stay in place, disabled; the offline banner says why.
  const isOffline = !useIsOnline();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-3" data-testid="waitlist-box">
      {position !== null ? (
        <p className="text-base font-semibold" data-testid="waitlist-position">
          {t('waitlist.position', { position })}
        </p>
      ) : (
        <p className="text-sm font-medium">
          {t('waitlist.full')}{' '}
          <span className="text-muted-foreground">{t('waitlist.count', { count: event.waitlistCount })}</span>
        </p>
      )}
      <p className="text-xs text-muted-foreground">{t('waitlist.hint')}</p>
      {position !== null ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={isPending || isOffline}
          aria-busy={isPending || undefined}
          onClick={() => leave.mutate()}
          data-testid="leave-waitlist"
        >
          {isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ListX aria-hidden />}
          {t('waitlist.leave')}
        </Button>
      ) : (
        <Button
          type="button"
          className="w-full"
          disabled={isPending || isOffline}
          aria-busy={isPending || undefined}
          onClick={() => join.mutate()}
          data-testid="join-waitlist"
        >
          {isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ListPlus aria-hidden />}
          {t('waitlist.join')}
        </Button>
      )}
    </div>
  );
}
