import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/my-events: every event the user organizes (the events, journey and profile screens show it). */
const myEvents = readQueryOptions('/api/my-events');

export const MY_EVENTS_QUERY_KEY = myEvents.queryKey;

export function useMyEvents() {
  return useQuery(myEvents);
}
