import { useEffect, useRef } from 'react';
import type { Event } from '@contract/events';
import { useRsvp } from '../api/use-rsvp';
import { useWaitlist } from '../api/use-event-management';
import { isEventFull } from '../components/event-state';

/** The query parameter a guest's RSVP link puts in the address it comes back to after signing in. */
const RSVP_INTENT_PARAMETER = 'rsvp';

export type RsvpIntent = 'attending' | 'waitlist';

/**
 * A guest's RSVP: the sign-in page on its Create account tab, coming back to the event with the guest's
 * wish in the address, where useRsvpIntent finishes it.
 */
export function guestSignUpHref(eventId: number, intent: RsvpIntent): string {
  const returnTo = `/events/${eventId}?${RSVP_INTENT_PARAMETER}=${intent}`;
  return `/api/login?mode=signup&returnTo=${encodeURIComponent(returnTo)}`;
}

function readIntent(search: string): RsvpIntent | null {
  const value = new URLSearchParams(search).get(RSVP_INTENT_PARAMETER);
  return value === 'attending' || value === 'waitlist' ? value : null;
}

/**
 * Finishes the RSVP a guest asked for before signing in, once: the wish leaves the address first, so
 * neither a reload nor the back button repeats it. A place taken meanwhile is not turned into a waitlist
 * entry the person never asked for; the page then shows the event as full.
 */
export function useRsvpIntent(event: Event, isEnabled: boolean) {
  const rsvp = useRsvp(event.id);
  const { join } = useWaitlist(event.id);
  const isHandled = useRef(false);

  useEffect(() => {
    if (!isEnabled || isHandled.current) return;
    const intent = readIntent(window.location.search);
    if (!intent) return;
    isHandled.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete(RSVP_INTENT_PARAMETER);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    const hasPlace = event.userRsvpStatus !== null || event.userWaitlistPosition !== null;
    if (hasPlace) return;
    if (intent === 'attending' && !isEventFull(event)) rsvp.mutate('attending');
    else if (intent === 'waitlist' && isEventFull(event)) join.mutate();
  }, [isEnabled, event, rsvp, join]);
}
