import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import type { Series } from '../../../contract/series';
import { eventChanges, events, notifications, rateLimitCounters } from '../../db/schema';
import { daysFromNow } from '../../test/fixtures';
import { createEvent, createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
let organizer: SignedUpUser;
let stranger: SignedUpUser;
let ann: SignedUpUser;
let ben: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  [organizer, stranger, ann, ben] = (await signUpMany(app, 4)) as [
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
  ];
});
afterAll(async () => app?.close());

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) {
  return app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
}

function postEvent(fields: Record<string, unknown>, cookie = organizer.cookie) {
  return call('POST', '/api/events', cookie, {
    title: 'Food bank shift',
    description: 'Sorting donations',
    location: 'Porto',
    date: daysFromNow(3).toISOString(),
    categoryId: 1,
    ...fields,
  });
}

async function readSeries(seriesId: number, cookie?: string): Promise<Series> {
  const response = await call('GET', `/api/series/${seriesId}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Series;
}

/** A weekly series of `count` dates (3 days ahead, then every week), with Ann on every date and Ben on the third. */
async function seriesWithPeople(count = 4): Promise<Series> {
  await app.database.db.delete(rateLimitCounters);
  const first = await createEvent(app, organizer.cookie, {
    date: daysFromNow(3).toISOString(),
    recurrence: { frequency: 'weekly', count },
  });
  const series = await readSeries(first.seriesId!);
  for (const occurrence of series.occurrences)
    expect(
      (await call('POST', `/api/events/${occurrence.id}/rsvp`, ann.cookie, { status: 'attending' })).statusCode,
    ).toBe(200);
  expect(
    (
      await call('POST', `/api/events/${series.occurrences[Math.min(2, count - 1)]!.id}/rsvp`, ben.cookie, {
        status: 'attending',
      })
    ).statusCode,
  ).toBe(200);
  return series;
}

async function notificationsOf(userId: string, type: 'event_changed' | 'event_cancelled', eventIds: number[]) {
  return app.database.db
    .select({ eventId: notifications.eventId })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.type, type), inArray(notifications.eventId, eventIds)),
    );
}

async function readEvents(ids: number[]) {
  return app.database.db
    .select({ id: events.id, location: events.location, date: events.date, status: events.status })
    .from(events)
    .where(inArray(events.id, ids))
    .orderBy(events.date);
}

describe('making a series', () => {
  it('makes every date as an event of its own sharing seriesId, listed in order by GET /api/series/{id}', async () => {
    await app.database.db.delete(rateLimitCounters);
    const first = new Date(daysFromNow(2).getTime());
    const response = await postEvent({
      date: first.toISOString(),
      recurrence: { frequency: 'weekly', interval: 2, count: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Event;
    expect(created).toMatchObject({ seriesPosition: 1, date: first.toISOString() });
    expect(created.seriesId).toEqual(expect.any(Number));
    const series = await readSeries(created.seriesId!);
    expect(series).toMatchObject({ id: created.seriesId, frequency: 'weekly', interval: 2 });
    expect(series.occurrences.map((occurrence) => occurrence.seriesPosition)).toEqual([1, 2, 3, 4, 5]);
    // The server's zone is UTC in tests: every two weeks to the millisecond.
    expect(series.occurrences.map((occurrence) => Date.parse(occurrence.date) - first.getTime())).toEqual(
      [0, 14, 28, 42, 56].map((days) => days * DAY),
    );
    // Each date is a whole event, readable by guests, with its own place in the series.
    const third = (await call('GET', `/api/events/${series.occurrences[2]!.id}`)).json() as Event;
    expect(third).toMatchObject({
      title: 'Food bank shift',
      seriesId: created.seriesId,
      seriesPosition: 3,
      rsvpCount: 0,
    });
    expect((await call('GET', `/api/series/${created.seriesId}`)).statusCode).toBe(200);
  });

  it("repeats on the organizer's wall clock across a change to summer time, and a monthly 31st on short months' last day", async () => {
    await app.database.db.delete(rateLimitCounters);
    const year = new Date().getUTCFullYear() + 1;
    // 10:00 in Berlin, the week before summer time starts (last Sunday of March).
    const weekly = await postEvent({
      date: `${year}-03-20T09:00:00.000Z`,
      recurrence: { frequency: 'weekly', count: 3, timeZone: 'Europe/Berlin' },
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    const weeklyDates = (await readSeries((weekly.json() as Event).seriesId!)).occurrences.map((item) => item.date);
    expect(weeklyDates).toEqual([
      `${year}-03-20T09:00:00.000Z`,
      `${year}-03-27T09:00:00.000Z`,
      `${year}-04-03T08:00:00.000Z`,
    ]);
    const monthly = await postEvent({
      date: `${year}-01-31T18:00:00.000Z`,
      recurrence: { frequency: 'monthly', until: `${year}-04-30T23:00:00.000Z`, timeZone: 'UTC' },
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    const monthlyDates = (await readSeries((monthly.json() as Event).seriesId!)).occurrences.map((item) => item.date);
    expect(monthlyDates).toEqual([
      `${year}-01-31T18:00:00.000Z`,
      `${year}-02-28T18:00:00.000Z`,
      `${year}-03-31T18:00:00.000Z`,
      `${year}-04-30T18:00:00.000Z`,
    ]);
  });

  it('ends on the last date up to `until`, and refuses more than 52 dates or an end over a year away (400 SERIES_TOO_LONG)', async () => {
    await app.database.db.delete(rateLimitCounters);
    const first = daysFromNow(1);
    const daily = await postEvent({
      date: first.toISOString(),
      recurrence: { frequency: 'daily', until: new Date(first.getTime() + 9 * DAY + HOUR).toISOString() },
    });
    expect(daily.statusCode, daily.body).toBe(201);
    expect((await readSeries((daily.json() as Event).seriesId!)).occurrences).toHaveLength(10);

    const tooMany = await postEvent({
      date: first.toISOString(),
      recurrence: { frequency: 'daily', until: new Date(first.getTime() + 60 * DAY).toISOString() },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'SERIES_TOO_LONG', errors: [{ path: 'recurrence.until' }] });
    const tooFar = await postEvent({
      date: first.toISOString(),
      recurrence: { frequency: 'monthly', until: new Date(first.getTime() + 400 * DAY).toISOString() },
    });
    expect(tooFar.json()).toMatchObject({ code: 'SERIES_TOO_LONG' });
    const oneDate = await postEvent({
      date: first.toISOString(),
      recurrence: { frequency: 'weekly', until: new Date(first.getTime() + DAY).toISOString() },
    });
    expect(oneDate.json()).toMatchObject({ code: 'SERIES_TOO_LONG' });
    // Nothing of a refused series was written.
    const before = await app.database.db.select({ id: events.id }).from(events);
    expect(before.length).toBeGreaterThan(0);
    expect((await postEvent({ recurrence: { frequency: 'weekly', count: 53 } })).statusCode).toBe(400);
    expect((await app.database.db.select({ id: events.id }).from(events)).length).toBe(before.length);
  });

  it.each([
    ['no count or end', { frequency: 'weekly' }],
    ['both a count and an end', { frequency: 'weekly', count: 3, until: daysFromNow(30).toISOString() }],
    ['an unknown frequency', { frequency: 'yearly', count: 3 }],
    ['an interval of 13', { frequency: 'weekly', interval: 13, count: 3 }],
    ['an interval of 0', { frequency: 'weekly', interval: 0, count: 3 }],
    ['a count of 1', { frequency: 'weekly', count: 1 }],
    ['a count of 53', { frequency: 'weekly', count: 53 }],
    ['an unknown time zone', { frequency: 'weekly', count: 3, timeZone: 'Mars/Olympus' }],
    ['an end that is no date', { frequency: 'weekly', until: 'next year' }],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_name, recurrence) => {
    const response = await postEvent({ recurrence });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('counts a series as ONE creation against the 10 events an hour, even of 52 dates', async () => {
    await app.database.db.delete(rateLimitCounters);
    const [organizerOfMany] = await signUpMany(app, 1);
    const big = await postEvent({ recurrence: { frequency: 'weekly', count: 52 } }, organizerOfMany!.cookie);
    expect(big.statusCode, big.body).toBe(201);
    expect((await readSeries((big.json() as Event).seriesId!)).occurrences).toHaveLength(52);
    for (let index = 0; index < 9; index += 1)
      expect((await postEvent({}, organizerOfMany!.cookie)).statusCode).toBe(201);
    const eleventh = await postEvent({ recurrence: { frequency: 'daily', count: 2 } }, organizerOfMany!.cookie);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();
  });

  it('answers 404 SERIES_NOT_FOUND for an unknown series and 400 for a malformed id', async () => {
    const unknown = await call('GET', '/api/series/2147483647');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SERIES_NOT_FOUND' });
    expect((await call('GET', '/api/series/abc')).statusCode).toBe(400);
  });
});

describe('changing a series', () => {
  it('changes only this date by default and with scope=this', async () => {
    const series = await seriesWithPeople();
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const response = await call('PATCH', `/api/events/${ids[1]}?scope=this`, organizer.cookie, { location: 'Braga' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readEvents(ids)).map((row) => row.location)).toEqual(['Porto', 'Braga', 'Porto', 'Porto']);
  });

  it('scope=following changes it and the later dates, and each person hears of it once', async () => {
    const series = await seriesWithPeople();
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const response = await call('PATCH', `/api/events/${ids[1]}?scope=following`, organizer.cookie, {
      location: 'Braga',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Event).location).toBe('Braga');
    expect((await readEvents(ids)).map((row) => row.location)).toEqual(['Porto', 'Braga', 'Braga', 'Braga']);
    // Ann holds all four dates: one notification, about the first changed one; Ben only the third.
    expect(await notificationsOf(ann.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[1] }]);
    expect(await notificationsOf(ben.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[2] }]);
    const records = await app.database.db
      .select({ eventId: eventChanges.eventId, recipientIds: eventChanges.recipientIds, payload: eventChanges.payload })
      .from(eventChanges)
      .where(inArray(eventChanges.eventId, ids));
    expect(records).toHaveLength(2);
    expect(records.flatMap((record) => record.recipientIds).sort()).toEqual([ann.user.id, ben.user.id].sort());
    expect(records[0]!.payload).toMatchObject({
      changes: { location: { from: 'Porto', to: 'Braga' } },
      series: { id: series.id, scope: 'following', dateCount: 3 },
    });
    // Each record names the changed dates its people hold, for their one mail to list them all.
    const datesOf = (personId: string) =>
      (
        records.find((record) => record.recipientIds.includes(personId))!.payload as {
          series: { dates: Array<{ eventId: number }> };
        }
      ).series.dates.map((entry) => entry.eventId);
    expect(datesOf(ann.user.id)).toEqual(ids.slice(1));
    expect(datesOf(ben.user.id)).toEqual([ids[2]]);
  });

  it('scope=all moves every upcoming date by as much as this one moves', async () => {
    const series = await seriesWithPeople(3);
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const before = (await readEvents(ids)).map((row) => row.date.getTime());
    const newDate = new Date(before[2]! + 2 * HOUR).toISOString();
    const response = await call('PATCH', `/api/events/${ids[2]}?scope=all`, organizer.cookie, { date: newDate });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readEvents(ids)).map((row) => row.date.getTime())).toEqual(before.map((time) => time + 2 * HOUR));
    expect(await notificationsOf(ann.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[0] }]);
    expect(await notificationsOf(ben.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[2] }]);
  });

  it('refuses photos with a scope other than this (400), and leaves the dates as they were', async () => {
    const series = await seriesWithPeople(2);
    const response = await call('PATCH', `/api/events/${series.occurrences[0]!.id}?scope=all`, organizer.cookie, {
      images: [],
      location: 'Lisbon',
    });
    expect(response.statusCode).toBe(400);
    expect((await readEvents(series.occurrences.map((item) => item.id))).map((row) => row.location)).toEqual([
      'Porto',
      'Porto',
    ]);
    const badScope = await call('PATCH', `/api/events/${series.occurrences[0]!.id}?scope=every`, organizer.cookie, {
      location: 'Lisbon',
    });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("refuses another person's series with 403 on every scope, changing nothing", async () => {
    const series = await seriesWithPeople(2);
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    for (const scope of ['this', 'following', 'all']) {
      const edit = await call('PATCH', `/api/events/${ids[0]}?scope=${scope}`, stranger.cookie, { location: 'Faro' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({ code: 'NOT_ORGANIZER' });
      const cancel = await call('POST', `/api/events/${ids[0]}/cancel?scope=${scope}`, stranger.cookie, {});
      expect(cancel.statusCode).toBe(403);
    }
    expect((await readEvents(ids)).map((row) => [row.location, row.status])).toEqual([
      ['Porto', 'scheduled'],
      ['Porto', 'scheduled'],
    ]);
  });

  it('scope=following cancels it and the later dates, telling each person once; the series lists them cancelled', async () => {
    const series = await seriesWithPeople();
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const response = await call('POST', `/api/events/${ids[1]}/cancel?scope=following`, organizer.cookie, {
      reason: 'The hall closes',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readEvents(ids)).map((row) => row.status)).toEqual([
      'scheduled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(await notificationsOf(ann.user.id, 'event_cancelled', ids)).toEqual([{ eventId: ids[1] }]);
    expect(await notificationsOf(ben.user.id, 'event_cancelled', ids)).toEqual([{ eventId: ids[2] }]);
    expect((await readSeries(series.id)).occurrences.map((occurrence) => occurrence.status)).toEqual([
      'scheduled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    // A cancelled date is left out of a later change of all dates, which reaches the rest.
    const all = await call('PATCH', `/api/events/${ids[0]}?scope=all`, organizer.cookie, { location: 'Aveiro' });
    expect(all.statusCode, all.body).toBe(200);
    expect((await readEvents(ids)).map((row) => row.location)).toEqual(['Aveiro', 'Porto', 'Porto', 'Porto']);
  });

  it('carries each date the person holds in their personal calendar feed, each with its own UID', async () => {
    const series = await seriesWithPeople(3);
    const [cara] = await signUpMany(app, 1);
    for (const occurrence of series.occurrences.slice(1))
      await call('POST', `/api/events/${occurrence.id}/rsvp`, cara!.cookie, { status: 'attending' });
    const made = await call('POST', '/api/calendar-feed', cara!.cookie);
    const feed = await call('GET', new URL((made.json() as { url: string }).url).pathname);
    expect(feed.statusCode).toBe(200);
    const uids = (feed.body.match(/^UID:.*$/gm) ?? []).map((line) => line.trim()).sort();
    expect(uids).toEqual(
      series.occurrences
        .slice(1)
        .map((occurrence) => expect.stringContaining(`pitchin-event-${occurrence.id}@`) as unknown as string),
    );
  });

  it('adds a slot to this and the following dates with scope=following, each at the same time of its date, counted once', async () => {
    const series = await seriesWithPeople(3);
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const second = Date.parse(series.occurrences[1]!.date);
    await app.database.db.delete(rateLimitCounters);
    const response = await call('POST', `/api/events/${ids[1]}/slots?scope=following`, organizer.cookie, {
      role: 'Sorting',
      startsAt: new Date(second + HOUR).toISOString(),
      endsAt: new Date(second + 3 * HOUR).toISOString(),
      capacity: 4,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ eventId: ids[1], role: 'Sorting' });
    const slotStarts = await Promise.all(
      ids.map(async (id) =>
        ((await call('GET', `/api/events/${id}/slots`)).json() as Array<{ startsAt: string }>).map(
          (slot) => Date.parse(slot.startsAt) - Date.parse(series.occurrences[ids.indexOf(id)]!.date),
        ),
      ),
    );
    expect(slotStarts).toEqual([[], [HOUR], [HOUR]]);
    const counters = await app.database.db.select({ amount: rateLimitCounters.amount }).from(rateLimitCounters);
    expect(counters).toEqual([{ amount: 1 }]);
    const stranger403 = await call('POST', `/api/events/${ids[1]}/slots?scope=all`, stranger.cookie, {
      role: 'Sorting',
      startsAt: new Date(second + HOUR).toISOString(),
      endsAt: new Date(second + 3 * HOUR).toISOString(),
      capacity: 4,
    });
    expect(stranger403.statusCode).toBe(403);
  });
});
