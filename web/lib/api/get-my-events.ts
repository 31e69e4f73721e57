import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/my-events: every event the user organizes (the events, journey and profile screens show it). */
const myEvents = readQueryOptions('/api/my-events');
/** GET /api/my-rsvps: every event the user has an RSVP for. */
const myRsvps = readQueryOptions('/api/my-rsvps');

export const MY_EVENTS_QUERY_KEY = myEvents.queryKey;
export const MY_RSVPS_QUERY_KEY = myRsvps.queryKey;

export function useMyEvents() {
  return useQuery(myEvents);
}

export function useMyRsvps() {
  return useQuery(myRsvps);
}
