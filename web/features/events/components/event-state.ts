import type { Event } from '@contract/events';

/** Upcoming while the date is after now, otherwise past. */
export function isEventPast(event: Pick<Event, 'date'>, now: number = Date.now()): boolean {
  return new Date(event.date).getTime() <= now;
}

/**
 * The product text says a missing maximum counts as 0, which would make every open event "full" — the opposite
 * of the contract (null = no limit) and of what the server enforces. An event without a maximum is
 * never full here (docs/decisions/0004-rsvp-full-rule.md).
 */
export function isEventFull(event: Pick<Event, 'rsvpCount' | 'maxAttendees'>): boolean {
  return event.maxAttendees !== null && event.rsvpCount >= event.maxAttendees;
}
