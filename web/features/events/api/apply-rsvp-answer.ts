import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '@/lib/api-read';
import { MY_RSVP_PAGES_QUERY_KEY, type MyRsvpPage } from '@/lib/api/get-my-rsvps';
import { USER_STATS_QUERY_KEY } from '@/lib/api/get-user-stats';
import {
  attendeesQueryKey,
  eventQueryKey,
  type EventPage,
  isEventList,
  MATCHING_EVENTS_QUERY_KEY,
  MY_EVENTS_QUERY_KEY,
} from './keys';

type ListedEvent = ApiAnswer<'/api/events'>[number];

type RsvpFields = Pick<ListedEvent, 'id' | 'rsvpCount' | 'userRsvpStatus' | 'userWaitlistPosition' | 'waitlistCount'>;

/**
 * After an RSVP, every cached copy of the event takes the answer's count and status: the answer and the
 * copies hold all that changed, so nothing is fetched again for them. A person waiting who got a
 * seat directly has left the queue (the server deletes their entry in the same transaction).
 * Refetched, because they cannot be derived here: the journey stats (the server's sums and XP over
 * every RSVP), my RSVPs when the event is new to that list (its place in the server's order), and the
 * event's attendees (names and rows only the server has), each only if shown.
 */
export async function applyRsvpAnswer(
  queryClient: QueryClient,
  eventId: number,
  answer: { status: NonNullable<ListedEvent['userRsvpStatus']>; rsvpCount: number },
) {
  // A read of the event that left before the RSVP was written would land after this and put the old
  // status back (seen in the browser suite on a loaded machine: the toast said updated, the button did not).
  // Only a copy that has data is cancelled: cancelling its first load would leave the screen without one.
  if (queryClient.getQueryData(eventQueryKey(eventId)) !== undefined)
    await queryClient.cancelQueries({ queryKey: eventQueryKey(eventId) });
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
  queryClient.setQueryData<ApiAnswer<'/api/preferences/matching-events'>>(MATCHING_EVENTS_QUERY_KEY, (events) =>
    events?.map(update),
  );
  // My RSVPs is paged (web/lib/api/get-my-rsvps.ts): an event on no loaded page may be new to the
  // list or on a page not loaded yet; either way only the server knows its place.
  const myRsvpPages = queryClient.getQueryData<InfiniteData<MyRsvpPage>>(MY_RSVP_PAGES_QUERY_KEY);
  const isNewToMyRsvps =
    myRsvpPages !== undefined && !myRsvpPages.pages.some((page) => page.events.some((event) => event.id === eventId));
  queryClient.setQueryData<InfiniteData<MyRsvpPage>>(MY_RSVP_PAGES_QUERY_KEY, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, events: page.events.map(update) })) } : data,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: attendeesQueryKey(eventId) }),
    isNewToMyRsvps ? queryClient.invalidateQueries({ queryKey: MY_RSVP_PAGES_QUERY_KEY }) : undefined,
  ]);
}
