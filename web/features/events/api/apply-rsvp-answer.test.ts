import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '@/lib/api-read';
import { MY_EVENTS_QUERY_KEY } from '@/lib/api/get-my-events';
import { myRsvpPagesQueryOptions } from '@/lib/api/get-my-rsvps';
import { USER_STATS_QUERY_KEY } from '@/lib/api/get-user-stats';
import { applyRsvpAnswer } from './apply-rsvp-answer';
import { attendeesQueryKey, eventListQueryKey, eventQueryKey } from './keys';

type Event = ApiAnswer<'/api/events/{id}'>;

// Only the fields an RSVP changes matter here; the rest of an event rides along untouched.
const event = (id: number, fields: Partial<Event> = {}) =>
  ({
    id,
    title: `Event ${id}`,
    rsvpCount: 2,
    userRsvpStatus: null,
    waitlistCount: 0,
    userWaitlistPosition: null,
    ...fields,
  }) as Event;

function seededClient() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(eventQueryKey(7), event(7));
  client.setQueryData(eventListQueryKey('/api/events?limit=24'), {
    pages: [
      { events: [event(5), event(7)], nextCursor: 'next' },
      { events: [event(9)], nextCursor: null },
    ],
    pageParams: [null, 'next'],
  });
  client.setQueryData(MY_EVENTS_QUERY_KEY, [event(7)]);
  client.setQueryData(myRsvpPagesQueryOptions().queryKey, {
    pages: [{ events: [event(5, { userRsvpStatus: 'attending' })], nextCursor: null }],
    pageParams: [null],
  });
  client.setQueryData(USER_STATS_QUERY_KEY, {
    averageRating: 0,
    eventsJoined: 1,
    eventsOrganized: 0,
    experience: 10,
    totalEvents: 1,
    totalHours: 2,
    verifiedHours: 0,
    upcomingCount: 1,
    attendanceRecord: { attended: 0, noShows: 0 },
    attendedCount: 1,
    organizedCount: 0,
  });
  client.setQueryData(attendeesQueryKey(7), { attendees: [], waitlist: [] });
  return client;
}

const MY_RSVPS_QUERY_KEY = myRsvpPagesQueryOptions().queryKey;

const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('applyRsvpAnswer', () => {
  it("puts the answer's count and status into every cached copy of the event without refetching them", async () => {
    const client = seededClient();
    await applyRsvpAnswer(client, 7, { status: 'supporting', rsvpCount: 3 });

    expect(client.getQueryData<Event>(eventQueryKey(7))).toMatchObject({ rsvpCount: 3, userRsvpStatus: 'supporting' });
    const list = client.getQueryData<{ pages: Array<{ events: Event[] }> }>(eventListQueryKey('/api/events?limit=24'));
    expect(list?.pages.flatMap((page) => page.events).map((item) => [item.id, item.rsvpCount])).toEqual([
      [5, 2],
      [7, 3],
      [9, 2],
    ]);
    expect(client.getQueryData<Event[]>(MY_EVENTS_QUERY_KEY)?.[0]).toMatchObject({ rsvpCount: 3 });
    for (const key of [eventQueryKey(7), eventListQueryKey('/api/events?limit=24'), MY_EVENTS_QUERY_KEY])
      expect(isStale(client, key)).toBe(false);
  });

  it('refetches only what it cannot derive: the stats, the attendees, and my RSVPs when the event is new to them', async () => {
    const client = seededClient();
    await applyRsvpAnswer(client, 7, { status: 'attending', rsvpCount: 3 });
    expect(isStale(client, USER_STATS_QUERY_KEY)).toBe(true);
    expect(isStale(client, attendeesQueryKey(7))).toBe(true);
    expect(isStale(client, MY_RSVPS_QUERY_KEY)).toBe(true);

    const again = seededClient();
    await applyRsvpAnswer(again, 5, { status: 'supporting', rsvpCount: 2 });
    expect(isStale(again, MY_RSVPS_QUERY_KEY)).toBe(false);
    expect(again.getQueryData(MY_RSVPS_QUERY_KEY)?.pages[0]?.events[0]).toMatchObject({
      userRsvpStatus: 'supporting',
    });
  });

  it('takes a person who was waiting and got a seat off the waitlist', async () => {
    const client = seededClient();
    client.setQueryData(eventQueryKey(7), event(7, { waitlistCount: 2, userWaitlistPosition: 1 }));
    await applyRsvpAnswer(client, 7, { status: 'attending', rsvpCount: 3 });
    expect(client.getQueryData<Event>(eventQueryKey(7))).toMatchObject({
      waitlistCount: 1,
      userWaitlistPosition: null,
    });
  });

  it('is not undone by a read of the event that left before the RSVP and lands after it', async () => {
    const client = seededClient();
    let answerStaleRead: (event: Event) => void = () => {};
    const staleRead = client.fetchQuery({
      queryKey: eventQueryKey(7),
      queryFn: () => new Promise<Event>((resolve) => (answerStaleRead = resolve)),
      staleTime: 0,
    });
    await applyRsvpAnswer(client, 7, { status: 'supporting', rsvpCount: 3 });
    answerStaleRead(event(7));
    await staleRead.catch(() => undefined);
    expect(client.getQueryData<Event>(eventQueryKey(7))).toMatchObject({ userRsvpStatus: 'supporting', rsvpCount: 3 });
  });
});
