import type { Query, QueryClient } from '@tanstack/react-query';
import { type ApiAnswer, readQueryOptions } from '@/lib/api-read';
import { USER_ACHIEVEMENTS_QUERY_KEY } from '@/lib/api/get-user-achievements';
import { USER_STATS_QUERY_KEY } from '@/lib/api/get-user-stats';
import type { PageOfEvents } from '@/lib/paged-events';

/**
 * Every cache key of the events screens, and what each write makes stale. A key's first element is
 * the GET URL: the server seeds a rendered page's answers under `[url]` (web/app/route-table.ts).
 */
/** GET /api/events/{id}; a rendered event page brings this answer with it. */
export function eventQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}', { path: { id: eventId } });
}

export function ratingsQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/ratings', { path: { id: eventId } });
}

export function attendeesQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/attendees', { path: { id: eventId } });
}

export function eventQueryKey(eventId: number) {
  return eventQueryOptions(eventId).queryKey;
}

export function attendeesQueryKey(eventId: number) {
  return attendeesQueryOptions(eventId).queryKey;
}

/** A filtered list's key is its URL (`/api/events?limit=24&category=3`) and `pages`: one paged entry per filter. */
export function eventListQueryKey(url: string) {
  return [url, 'pages'] as const;
}

/**
 * Other screens' lists this feature's writes change, by their URL (web/lib/api/get-my-events.ts and
 * get-conversations.ts read them): importing those modules would add their chunks to every event page.
 */
export const MY_EVENTS_QUERY_KEY = ['/api/my-events'] as const;
const MY_RSVPS_QUERY_KEY = ['/api/my-rsvps'] as const;

/** Home's events matching the person's place and categories (./get-preferences.ts reads them). */
export const MATCHING_EVENTS_QUERY_KEY = ['/api/preferences/matching-events'] as const;

type ListedEvent = ApiAnswer<'/api/events'>[number];

/** One page of the list and the cursor of the next. */
export type EventPage = PageOfEvents<ListedEvent>;

export function isEventList(query: Query): boolean {
  const url = query.queryKey[0];
  return typeof url === 'string' && (url === '/api/events' || url.startsWith('/api/events?'));
}

/** Every key under /api/events: the lists, each event, its ratings and its attendees. */
function isUnderEvents(query: Query): boolean {
  const url = query.queryKey[0];
  return typeof url === 'string' && url.startsWith('/api/events');
}

/**
 * After a write that changes an event's counts or the user's part in it (withdrawal, waitlist, edit,
 * cancellation): every events list, the event, its ratings and attendees, my RSVPs and my events, and
 * the journey stats, which count RSVPs.
 */
export function refreshEventQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isUnderEvents }),
    queryClient.invalidateQueries({ queryKey: MATCHING_EVENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: MY_RSVPS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: MY_EVENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
  ]);
}

/** A new event is in the lists and my events (event detail keys are left alone, nothing in them changed). */
export function refreshAfterCreate(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isEventList }),
    queryClient.invalidateQueries({ queryKey: MY_EVENTS_QUERY_KEY }),
    // The journey's counts include organized events.
    queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
  ]);
}

/** A rating changes the event's average (lists, the event, my events), its reviews and the journey. */
export function refreshAfterRating(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isUnderEvents }),
    queryClient.invalidateQueries({ queryKey: MY_EVENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_ACHIEVEMENTS_QUERY_KEY }),
  ]);
}

/** The organizer sent each attendee a message: their own conversations list and Messages show them. */
export function refreshAfterAnnouncement(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/conversations'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/messages'] }),
  ]);
}

/** The page navigates away; a refetch of the deleted event would only fetch a 404. */
export function refreshAfterDelete(queryClient: QueryClient, eventId: number) {
  queryClient.removeQueries({ queryKey: eventQueryKey(eventId) });
  queryClient.removeQueries({ queryKey: attendeesQueryKey(eventId) });
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isEventList }),
    queryClient.invalidateQueries({ queryKey: MY_EVENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
  ]);
}
