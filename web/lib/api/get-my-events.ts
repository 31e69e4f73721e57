import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** Keys of the two lists of the user's own events, which the events, journey and profile screens share. */
export const MY_EVENTS_QUERY_KEY = ['/api/my-events'] as const;
export const MY_RSVPS_QUERY_KEY = ['/api/my-rsvps'] as const;

/** GET /api/my-events: every event the user organizes. */
function myEventsQueryOptions() {
  return queryOptions({
    queryKey: MY_EVENTS_QUERY_KEY,
    queryFn: ({ signal }) => dataOf(api.GET('/api/my-events', { signal })),
  });
}

/** GET /api/my-rsvps: every event the user has an RSVP for. */
function myRsvpsQueryOptions() {
  return queryOptions({
    queryKey: MY_RSVPS_QUERY_KEY,
    queryFn: ({ signal }) => dataOf(api.GET('/api/my-rsvps', { signal })),
  });
}

export function useMyEvents() {
  return useQuery(myEventsQueryOptions());
}

export function useMyRsvps() {
  return useQuery(myRsvpsQueryOptions());
}
