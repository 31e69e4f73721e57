import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import type { Series } from '../../../contract/series';
import { eventChanges, events, notifications, rateLimitCounters, slots as slotsTable } from '../../db/schema';
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

  it('counts every date of a series against the 10 events an hour (decisions §22): 52 dates are refused whole', async () => {
    await app.database.db.delete(rateLimitCounters);
    const [organizerOfMany] = await signUpMany(app, 1);
    const big = await postEvent({ recurrence: { frequency: 'weekly', count: 52 } }, organizerOfMany!.cookie);
    expect(big.statusCode, big.body).toBe(429);
    expect(big.headers['retry-after']).toBeDefined();
    for (let index = 0; index < 4; index += 1)
      expect(
        (await postEvent({ recurrence: { frequency: 'daily', count: 2 } }, organizerOfMany!.cookie)).statusCode,
      ).toBe(201);
    expect((await postEvent({}, organizerOfMany!.cookie)).statusCode).toBe(201);
    const overLimit = await postEvent({ recurrence: { frequency: 'daily', count: 2 } }, organizerOfMany!.cookie);
    expect(overLimit.statusCode).toBe(429);
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

  it("a title for all dates leaves each date's own duration, capacity, place and coordinates alone (decisions §24)", async () => {
    const series = await seriesWithPeople(3);
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const own = await call('PATCH', `/api/events/${ids[2]}`, organizer.cookie, {
      durationMinutes: 240,
      maxAttendees: 9,
      location: 'Braga',
      latitude: 41.55,
      longitude: -8.42,
    });
    expect(own.statusCode, own.body).toBe(200);
    const response = await call('PATCH', `/api/events/${ids[0]}?scope=all`, organizer.cookie, {
      title: 'Food bank, new hall',
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await app.database.db
      .select({
        title: events.title,
        durationMinutes: events.durationMinutes,
        maxAttendees: events.maxAttendees,
        location: events.location,
        latitude: events.latitude,
        longitude: events.longitude,
      })
      .from(events)
      .where(inArray(events.id, ids))
      .orderBy(events.date);
    expect(rows.map((row) => row.title)).toEqual(['Food bank, new hall', 'Food bank, new hall', 'Food bank, new hall']);
    expect(rows[2]).toMatchObject({
      durationMinutes: 240,
      maxAttendees: 9,
      location: 'Braga',
      latitude: 41.55,
      longitude: -8.42,
    });
    expect(rows[0]!.durationMinutes).not.toBe(240);
    expect(rows[0]!.location).toBe('Porto');
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

describe('a slot on several dates of a series', () => {
  type SlotAnswer = {
    id: number;
    eventId: number;
    role: string;
    startsAt: string;
    endsAt: string;
    capacity: number;
    hasSeriesCopies: boolean;
  };

  /** A weekly series of four dates with a "Sorting" slot (1–3 h after each start) on every date. */
  async function seriesWithSlot(capacity = 4) {
    await app.database.db.delete(rateLimitCounters);
    const first = await createEvent(app, organizer.cookie, {
      date: daysFromNow(3).toISOString(),
      recurrence: { frequency: 'weekly', count: 4 },
    });
    const series = await readSeries(first.seriesId!);
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const start = Date.parse(series.occurrences[0]!.date);
    const made = await call('POST', `/api/events/${ids[0]}/slots?scope=all`, organizer.cookie, {
      role: 'Sorting',
      startsAt: new Date(start + HOUR).toISOString(),
      endsAt: new Date(start + 3 * HOUR).toISOString(),
      capacity,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { series, ids, slotIds: await Promise.all(ids.map(async (id) => (await slotsOf(id))[0]!.id)) };
  }

  /** People of this test alone: the series of every test start at the same time, so slots overlap. */
  async function freshPeople() {
    return (await signUpMany(app, 2)) as [SignedUpUser, SignedUpUser];
  }

  async function slotsOf(eventId: number): Promise<SlotAnswer[]> {
    const response = await call('GET', `/api/events/${eventId}/slots`);
    expect(response.statusCode).toBe(200);
    return response.json() as SlotAnswer[];
  }

  /** Each date's slots as [role, hours after the date's start, length in hours, capacity]. */
  async function scheduleOf(series: Series) {
    return Promise.all(
      series.occurrences.map(async (occurrence) =>
        (await slotsOf(occurrence.id)).map((slot) => [
          slot.role,
          (Date.parse(slot.startsAt) - Date.parse(occurrence.date)) / HOUR,
          (Date.parse(slot.endsAt) - Date.parse(slot.startsAt)) / HOUR,
          slot.capacity,
        ]),
      ),
    );
  }

  async function takeSlot(slotId: number, cookie: string) {
    const response = await call('POST', `/api/slots/${slotId}/signup`, cookie);
    expect(response.statusCode, response.body).toBe(201);
  }

  function changeRecordsOf(ids: number[]) {
    return app.database.db
      .select({ eventId: eventChanges.eventId, recipientIds: eventChanges.recipientIds, payload: eventChanges.payload })
      .from(eventChanges)
      .where(inArray(eventChanges.eventId, ids));
  }

  it('scope=following moves the copies on it and the later dates by as much, each holder told once, counted once', async () => {
    const [ann, ben] = await freshPeople();
    const { series, ids, slotIds } = await seriesWithSlot();
    for (const slotId of slotIds) await takeSlot(slotId, ann.cookie);
    await takeSlot(slotIds[2]!, ben.cookie);
    const second = Date.parse(series.occurrences[1]!.date);
    await app.database.db.delete(rateLimitCounters);
    const response = await call('PATCH', `/api/slots/${slotIds[1]}?scope=following`, organizer.cookie, {
      startsAt: new Date(second + 2 * HOUR).toISOString(),
      endsAt: new Date(second + 5 * HOUR).toISOString(),
      capacity: 6,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await scheduleOf(series)).toEqual([
      [['Sorting', 1, 2, 4]],
      [['Sorting', 2, 3, 6]],
      [['Sorting', 2, 3, 6]],
      [['Sorting', 2, 3, 6]],
    ]);
    // Ann holds the three moved dates: one notification, about the first; Ben only the third.
    expect(await notificationsOf(ann.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[1] }]);
    expect(await notificationsOf(ben.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[2] }]);
    const records = await changeRecordsOf(ids);
    expect(records).toHaveLength(2);
    const annRecord = records.find((record) => record.recipientIds.includes(ann.user.id))!;
    expect(annRecord.payload).toMatchObject({
      slot: {
        id: slotIds[1],
        role: 'Sorting',
        from: { startsAt: new Date(second + HOUR).toISOString() },
        to: { startsAt: new Date(second + 2 * HOUR).toISOString(), endsAt: new Date(second + 5 * HOUR).toISOString() },
      },
      series: { id: series.id, scope: 'following', dateCount: 3 },
    });
    expect(
      (annRecord.payload as { series: { dates: Array<{ eventId: number }> } }).series.dates.map((date) => date.eventId),
    ).toEqual(ids.slice(1));
    const counters = await app.database.db.select({ amount: rateLimitCounters.amount }).from(rateLimitCounters);
    expect(counters).toEqual([{ amount: 1 }]);
  });

  it('changes this date only by default, and a scope reaches copies only: not a slot added to one date, not another role', async () => {
    const { series, ids, slotIds } = await seriesWithSlot();
    const third = Date.parse(series.occurrences[2]!.date);
    const single = await call('POST', `/api/events/${ids[2]}/slots`, organizer.cookie, {
      role: 'Sorting',
      startsAt: new Date(third + HOUR).toISOString(),
      endsAt: new Date(third + 3 * HOUR).toISOString(),
      capacity: 9,
    });
    expect(single.statusCode, single.body).toBe(201);
    // The schedule editor asks the scope only of a slot that has copies.
    expect(single.json()).toMatchObject({ hasSeriesCopies: false });
    expect((await slotsOf(ids[2]!)).map((slot) => slot.hasSeriesCopies)).toEqual([true, false]);
    const onlyThis = await call('PATCH', `/api/slots/${slotIds[0]}`, organizer.cookie, { role: 'Driving' });
    expect(onlyThis.statusCode, onlyThis.body).toBe(200);
    const all = await call('PATCH', `/api/slots/${slotIds[1]}?scope=all`, organizer.cookie, { capacity: 7 });
    expect(all.statusCode, all.body).toBe(200);
    expect(await scheduleOf(series)).toEqual([
      [['Driving', 1, 2, 7]],
      [['Sorting', 1, 2, 7]],
      [
        ['Sorting', 1, 2, 7],
        ['Sorting', 1, 2, 9],
      ],
      [['Sorting', 1, 2, 7]],
    ]);
    // Nobody holds a place: nothing to tell, no change record.
    expect(await changeRecordsOf(ids)).toEqual([]);
  });

  it('refuses the whole change when one copy cannot take it (409), changing no date', async () => {
    const [ann, ben] = await freshPeople();
    const { series, ids, slotIds } = await seriesWithSlot(2);
    await takeSlot(slotIds[3]!, ann.cookie);
    await takeSlot(slotIds[3]!, ben.cookie);
    const fewer = await call('PATCH', `/api/slots/${slotIds[0]}?scope=all`, organizer.cookie, { capacity: 1 });
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json()).toMatchObject({ code: 'CAPACITY_BELOW_SIGNUPS' });
    // Ann holds another slot on the second date at the time the copies would move to.
    const second = Date.parse(series.occurrences[1]!.date);
    const other = await call('POST', `/api/events/${ids[1]}/slots`, organizer.cookie, {
      role: 'Kitchen',
      startsAt: new Date(second + 4 * HOUR).toISOString(),
      endsAt: new Date(second + 6 * HOUR).toISOString(),
      capacity: 3,
    });
    expect(other.statusCode, other.body).toBe(201);
    await takeSlot((other.json() as SlotAnswer).id, ann.cookie);
    await takeSlot(slotIds[1]!, ann.cookie);
    const overlapping = await call('PATCH', `/api/slots/${slotIds[0]}?scope=all`, organizer.cookie, {
      startsAt: new Date(Date.parse(series.occurrences[0]!.date) + 4 * HOUR).toISOString(),
      endsAt: new Date(Date.parse(series.occurrences[0]!.date) + 6 * HOUR).toISOString(),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({ code: 'HOLDER_OVERLAP' });
    const schedule = await scheduleOf(series);
    expect(schedule.map((slots) => slots.find((slot) => slot[0] === 'Sorting'))).toEqual([
      ['Sorting', 1, 2, 2],
      ['Sorting', 1, 2, 2],
      ['Sorting', 1, 2, 2],
      ['Sorting', 1, 2, 2],
    ]);
    expect(await changeRecordsOf(ids)).toEqual([]);
  });

  it('removes the copies with scope=all: places and RSVPs released, each person told once; the audience said so before', async () => {
    const [ann, ben] = await freshPeople();
    const { series, ids, slotIds } = await seriesWithSlot(1);
    for (const slotId of slotIds) await takeSlot(slotId, ann.cookie);
    const waits = await call('POST', `/api/slots/${slotIds[2]}/waitlist`, ben.cookie);
    expect(waits.statusCode, waits.body).toBe(201);
    const audience = await call('GET', `/api/slots/${slotIds[0]}/audience?scope=all`, organizer.cookie);
    expect(audience.statusCode, audience.body).toBe(200);
    expect(audience.json()).toEqual({ holderCount: 1, waitlistCount: 1, dateCount: 4 });
    const thisOnly = await call('GET', `/api/slots/${slotIds[0]}/audience`, organizer.cookie);
    expect(thisOnly.json()).toEqual({ holderCount: 1, waitlistCount: 0, dateCount: 1 });
    for (const cookie of [stranger.cookie, ann.cookie])
      expect((await call('GET', `/api/slots/${slotIds[0]}/audience?scope=all`, cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/slots/${slotIds[0]}/audience?scope=some`, organizer.cookie)).statusCode).toBe(400);

    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/slots/${slotIds[0]}?scope=all`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(403);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/slots/${slotIds[0]}?scope=all`,
      headers: { cookie: organizer.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await scheduleOf(series)).toEqual([[], [], [], []]);
    const annEvents = await Promise.all(
      ids.map(async (id) => (await call('GET', `/api/events/${id}`, ann.cookie)).json()),
    );
    expect(annEvents.map((event) => (event as Event).userRsvpStatus)).toEqual([null, null, null, null]);
    expect(await notificationsOf(ann.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[0] }]);
    expect(await notificationsOf(ben.user.id, 'event_changed', ids)).toEqual([{ eventId: ids[2] }]);
    const records = await changeRecordsOf(ids);
    expect(records.find((record) => record.recipientIds.includes(ann.user.id))!.payload).toMatchObject({
      slotRemoved: { id: slotIds[0], role: 'Sorting' },
      series: { scope: 'all', dateCount: 4 },
    });
  });

  it("the cancel dialog's audience counts each person once over the scope's dates (organizer only)", async () => {
    const series = await seriesWithPeople(4);
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const full = await call('PATCH', `/api/events/${ids[3]}`, organizer.cookie, { maxAttendees: 1 });
    expect(full.statusCode, full.body).toBe(200);
    // Cara waits for the last date; Ben, who holds the third, waits for the last one too.
    const [cara] = await signUpMany(app, 1);
    for (const cookie of [cara!.cookie, ben.cookie]) {
      const waits = await call('POST', `/api/events/${ids[3]}/waitlist`, cookie);
      expect(waits.statusCode, waits.body).toBe(201);
    }
    const following = await call('GET', `/api/events/${ids[1]}/audience?scope=following`, organizer.cookie);
    expect(following.statusCode, following.body).toBe(200);
    expect(following.json()).toEqual({ holderCount: 2, waitlistCount: 1, dateCount: 3 });
    const first = await call('GET', `/api/events/${ids[0]}/audience`, organizer.cookie);
    expect(first.json()).toEqual({ holderCount: 1, waitlistCount: 0, dateCount: 1 });
    expect((await call('GET', `/api/events/${ids[1]}/audience?scope=all`, stranger.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/events/99999999/audience', organizer.cookie)).statusCode).toBe(404);
  });

  it('a date that moves takes its schedule with it; a holder it would double-book refuses the move (409)', async () => {
    const [ann, ben] = await freshPeople();
    const { series, ids, slotIds } = await seriesWithSlot();
    await takeSlot(slotIds[1]!, ann.cookie);
    await takeSlot(slotIds[3]!, ben.cookie);
    const startOf = async (slotId: number, eventId: number) =>
      Date.parse((await slotsOf(eventId)).find((slot) => slot.id === slotId)!.startsAt);
    const before = await Promise.all(ids.map((id, index) => startOf(slotIds[index]!, id)));
    const moved = await call('PATCH', `/api/events/${ids[1]}?scope=following`, organizer.cookie, {
      date: new Date(Date.parse(series.occurrences[1]!.date) + DAY).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await Promise.all(ids.map((id, index) => startOf(slotIds[index]!, id)));
    expect(after.map((start, index) => start - before[index]!)).toEqual([0, DAY, DAY, DAY]);

    // Ben also holds a slot of another event on the day the last date's schedule would move to.
    const landing = before[3]! + 2 * DAY;
    const other = await createEvent(app, organizer.cookie, { date: new Date(landing).toISOString() });
    const otherSlot = await call('POST', `/api/events/${other.id}/slots`, organizer.cookie, {
      role: 'Elsewhere',
      startsAt: new Date(landing).toISOString(),
      endsAt: new Date(landing + HOUR).toISOString(),
      capacity: 2,
    });
    expect(otherSlot.statusCode, otherSlot.body).toBe(201);
    await takeSlot((otherSlot.json() as SlotAnswer).id, ben.cookie);
    const refused = await call('PATCH', `/api/events/${ids[3]}`, organizer.cookie, {
      date: new Date(Date.parse(series.occurrences[3]!.date) + 2 * DAY).toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'HOLDER_OVERLAP' });
    expect(await startOf(slotIds[3]!, ids[3]!)).toBe(after[3]);
    expect((await readEvents([ids[3]!]))[0]!.date.getTime()).toBe(Date.parse(series.occurrences[3]!.date) + DAY);
  });

  it('the migration groups copies made before it: same series, role and time of the date', async () => {
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(
      new URL('../../db/migrations/0028_slot_copies_across_a_series.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'))!;
    const { series, ids, slotIds } = await seriesWithSlot();
    const third = Date.parse(series.occurrences[2]!.date);
    const single = await call('POST', `/api/events/${ids[2]}/slots`, organizer.cookie, {
      role: 'Kitchen',
      startsAt: new Date(third + HOUR).toISOString(),
      endsAt: new Date(third + 3 * HOUR).toISOString(),
      capacity: 2,
    });
    const { sql } = await import('drizzle-orm');
    await app.database.db.execute(sql`UPDATE slots SET series_slot_id = NULL WHERE event_id IN ${ids}`);
    await app.database.db.execute(sql.raw(backfill));
    const rows = await app.database.db
      .select({ id: slotsTable.id, seriesSlotId: slotsTable.seriesSlotId })
      .from(slotsTable)
      .where(inArray(slotsTable.eventId, ids))
      .orderBy(slotsTable.id);
    expect(rows).toEqual([
      ...slotIds.map((id) => ({ id, seriesSlotId: slotIds[0] })),
      { id: (single.json() as SlotAnswer).id, seriesSlotId: null },
    ]);
  });
});
