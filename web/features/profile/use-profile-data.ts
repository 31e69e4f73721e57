import { useQuery } from '@tanstack/react-query';
import type { Event } from '@contract/events';

/** GET /api/my-events: every event the user organizes. */
export function useMyEvents() {
  return useQuery<Event[]>({ queryKey: ['/api/my-events'] });
}

/** GET /api/my-rsvps: every event the user has an RSVP for. */
export function useMyRsvps() {
  return useQuery<Event[]>({ queryKey: ['/api/my-rsvps'] });
}
