import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { type ApiAnswer, readQueryOptions } from '@/lib/api-read';
import { MY_EVENTS_QUERY_KEY, MY_RSVPS_QUERY_KEY } from '@/lib/api/get-my-events';
import { USER_ACHIEVEMENTS_QUERY_KEY } from '@/lib/api/get-user-achievements';
import { USER_STATS_QUERY_KEY } from '@/lib/api/get-user-stats';

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

type ListedEvent = ApiAnswer<'/api/events'>[number];

/** One page of the list and the cursor of the next, from the answer's Link header (null on the last page). */
export interface EventPage {
  events: ListedEvent[];
  nextCursor: string | null;
}

function isEventList(query: Query): boolean {
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

type RsvpFields = Pick<ListedEvent, 'id' | 'rsvpCount' | 'userRsvpStatus' | 'userWaitlistPosition' | 'waitlistCount'>;

/**
 * After an RSVP, every cached copy of the event takes the answer's count and status: the answer and the
 * copies hold all that changed, so nothing is fetched again for them. A person waiting who got a
 * seat directly has left the queue (the server deletes their entry in the same transaction).
 * Refetched, because they cannot be derived here: the journey stats (the server's sums and XP over
 * every RSVP), my RSVPs when the event is new to that list (its place in the server's order), and the
 * event's attendees (names and rows only the server has), each only if shown.
 */
export function applyRsvpAnswer(
  queryClient: QueryClient,
  eventId: number,
  answer: { status: NonNullable<ListedEvent['userRsvpStatus']>; rsvpCount: number },
) {
  const update = <Event extends RsvpFields>(event: Event): Event => {
    if (event.id !== eventId) return event;
    const hasLeftQueue = event.userWaitlistPosition !== null;
    return {
      ...event,
      rsvpCount: answer.rsvpCount,
      userRsvpStatus: answer.status,
      userWaitlistPosition: null,
      waitlistCount: hasLeftQueue ? Math.max(0, event.waitlistCount - 1) : event.waitlistCount,
    };
  };
  queryClient.setQueryData<ApiAnswer<'/api/events/{id}'>>(eventQueryKey(eventId), (event) => event && update(event));
  queryClient.setQueriesData<InfiniteData<EventPage>>({ predicate: isEventList }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, events: page.events.map(update) })) } : data,
  );
  queryClient.setQueryData<ApiAnswer<'/api/my-events'>>(MY_EVENTS_QUERY_KEY, (events) => events?.map(update));
  const myRsvps = queryClient.getQueryData<ApiAnswer<'/api/my-rsvps'>>(MY_RSVPS_QUERY_KEY);
  const isNewToMyRsvps = myRsvps !== undefined && !myRsvps.some((event) => event.id === eventId);
  queryClient.setQueryData<ApiAnswer<'/api/my-rsvps'>>(MY_RSVPS_QUERY_KEY, (events) => events?.map(update));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: attendeesQueryKey(eventId) }),
    isNewToMyRsvps ? queryClient.invalidateQueries({ queryKey: MY_RSVPS_QUERY_KEY }) : undefined,
  ]);
}
