import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rateLimitCounters } from '../../db/schema';
import { createEvent, createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { encodeCursor } from './events.service';
import { insertEvent } from './events.repository';

let app: TestApp;
let cookie: string;
let userId: string;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  const signedUp = await signUpUser(app, { firstName: 'Olga', lastName: 'Organizer' });
  cookie = signedUp.cookie;
  userId = signedUp.user.id;
});
afterAll(async () => app?.close());

const HOUR_MS = 60 * 60 * 1000;
const CLEANUP = 1;
const ENVIRONMENTAL = 6;

function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * HOUR_MS).toISOString();
}

function validPayload(fields: Record<string, unknown> = {}) {
  return {
    title: 'Beach cleanup',
    description: 'Bring gloves and good spirits.',
    location: 'Lisbon',
    date: hoursFromNow(48),
    categoryId: CLEANUP,
    maxAttendees: null,
    ...fields,
  };
}

/**
 * This file creates far more than 10 events an hour per organizer; the per-user write limits
 * are tested in write-limits.test.ts, so each create here starts with empty counters.
 */
async function postEvent(fields: Record<string, unknown> = {}, as: string = cookie) {
  await app.database.db.delete(rateLimitCounters);
  return app.inject({ method: 'POST', url: '/api/events', payload: validPayload(fields), headers: { cookie: as } });
}

function get(url: string, as: string = cookie) {
  return app.inject({ method: 'GET', url, headers: { cookie: as } });
}

/** The API refuses past dates, so past events go straight through the repository. */
async function insertPastEvent(fields: { title: string; location?: string; hoursAgo?: number; organizerId?: string }) {
  return insertEvent(app.database.db, {
    title: fields.title,
    description: 'Already happened.',
    location: fields.location ?? 'Lisbon',
    date: new Date(Date.now() - (fields.hoursAgo ?? 24) * HOUR_MS),
    imageUrl: null,
    categoryId: CLEANUP,
    categoryName: 'Cleanup',
    organizerId: fields.organizerId ?? userId,
    maxAttendees: null,
  });
}

describe('POST /api/events', () => {
  it('creates the event and answers 201 with the full read shape', async () => {
    const response = await postEvent({
      title: '  Park cleanup  ',
      maxAttendees: 12,
      imageUrl: 'https://example.org/park.jpg',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      title: 'Park cleanup',
      description: 'Bring gloves and good spirits.',
      location: 'Lisbon',
      imageUrl: 'https://example.org/park.jpg',
      images: [],
      categoryId: CLEANUP,
      category: { id: CLEANUP, name: 'Cleanup', color: 'green', icon: 'trash-2' },
      organizerId: userId,
      organizer: { id: userId, firstName: 'Olga', lastName: 'Organizer', profileImageUrl: null },
      rsvpCount: 0,
      maxAttendees: 12,
      averageRating: 0,
      ratingCount: 0,
      userRsvpStatus: null,
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);
    expect(body).not.toHaveProperty('searchVector');
    const fetched = await get(`/api/events/${body.id}`);
    expect(fetched.json()).toEqual(body);
  });

  it('counts toward the organizer achievements in the same write', async () => {
    const organizer = await signUpUser(app);
    await createEvent(app, organizer.cookie, validPayload());
    const achievements = await get('/api/user/achievements', organizer.cookie);
    expect(achievements.statusCode).toBe(200);
    const names = (achievements.json() as Array<{ achievement: { name: string }; unlockedAt: string | null }>)
      .filter((row) => row.unlockedAt)
      .map((row) => row.achievement.name);
    expect(names).toContain('Event Creator');
  });

  it('answers the required-field messages for missing and for empty fields', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/events', payload: {}, headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        { path: 'description', message: 'Description is required' },
        { path: 'location', message: 'Location is required' },
        { path: 'date', message: 'Date is required' },
        { path: 'categoryId', message: 'Category is required' },
      ]),
    );
    for (const empty of ['', '   ']) {
      const response = await postEvent({ title: empty, description: empty, location: empty, date: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'title', message: 'Title is required' },
          { path: 'description', message: 'Description is required' },
          { path: 'location', message: 'Location is required' },
          { path: 'date', message: 'Date is required' },
        ]),
      );
    }
    const zeroCategory = await postEvent({ categoryId: 0 });
    expect(zeroCategory.json().errors).toContainEqual({ path: 'categoryId', message: 'Category is required' });
  });

  it.each([
    ['categoryId as a string', { categoryId: '1' }],
    ['categoryId not an integer', { categoryId: 1.5 }],
    ['maxAttendees as a string', { maxAttendees: '5' }],
    ['maxAttendees not an integer', { maxAttendees: 2.5 }],
    ['maxAttendees zero', { maxAttendees: 0 }],
    ['maxAttendees over 100000', { maxAttendees: 100_001 }],
    ['a date that is not a timestamp', { date: 'next friday' }],
    ['a title over 200 characters', { title: 'x'.repeat(201) }],
    ['a non-http image URL', { imageUrl: 'javascript:alert(1)' }],
    ['a title that is not text', { title: 42 }],
  ])('refuses %s with 400', async (_label, fields) => {
    const response = await postEvent(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.json().errors.length).toBeGreaterThan(0);
  });

  it('refuses a date that is not in the future and an unknown category', async () => {
    const past = await postEvent({ date: hoursFromNow(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      message: 'Date must be in the future',
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'date', message: 'Date must be in the future' }],
    });
    const unknown = await postEvent({ categoryId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'Category not found',
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'categoryId', message: 'Category not found' }],
    });
  });

  it('keeps the 1 MB limit on other routes but accepts a large photo payload here', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/events/1/rsvp',
      payload: { status: 'attending', padding: 'x'.repeat(2 * 1024 * 1024) },
      headers: { cookie },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('authentication', () => {
  // GET /api/events and GET /api/events/{id} are open to guests (guest-reads.test.ts).
  it.each([
    ['POST', '/api/events'],
    ['GET', '/api/my-events'],
    ['GET', '/api/my-rsvps'],
    ['POST', '/api/events/1/rsvp'],
    ['DELETE', '/api/events/1/rsvp'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const response = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('serves photos without a session (404 JSON for a missing one)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/images/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Photo not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/events/:id', () => {
  it('answers any event, past included, and 404 for a missing one', async () => {
    const pastId = await insertPastEvent({ title: 'Yesterday' });
    const past = await get(`/api/events/${pastId}`);
    expect(past.statusCode).toBe(200);
    expect(past.json().title).toBe('Yesterday');
    const missing = await get('/api/events/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
  });

  it.each(['abc', '1.5', '0', '-3', '99999999999'])('answers 400 for the id %s', async (id) => {
    const response = await get(`/api/events/${id}`);
    expect(response.statusCode).toBe(400);
  });

  it('reports the exact mean rating', async () => {
    const event = await createEvent(app, cookie, validPayload());
    await app.database.db.update(events).set({ ratingCount: 3, ratingSum: 13 }).where(eq(events.id, event.id));
    const body = (await get(`/api/events/${event.id}`)).json();
    expect(body.averageRating).toBe(13 / 3);
    expect(body.ratingCount).toBe(3);
  });
});

describe('GET /api/events', () => {
  it('lists upcoming events soonest first, and past ones too with include=past', async () => {
    const city = 'Orderville';
    const later = await createEvent(app, cookie, validPayload({ location: city, date: hoursFromNow(30) }));
    const sooner = await createEvent(app, cookie, validPayload({ location: city, date: hoursFromNow(10) }));
    const pastId = await insertPastEvent({ title: 'Gone', location: city });
    const upcoming = (await get(`/api/events?location=${city}`)).json() as Array<{ id: number }>;
    expect(upcoming.map((event) => event.id)).toEqual([sooner.id, later.id]);
    const all = (await get(`/api/events?location=${city}&include=past`)).json() as Array<{ id: number }>;
    expect(all.map((event) => event.id)).toEqual([pastId, sooner.id, later.id]);
  });

  it('filters by category', async () => {
    const environmental = await createEvent(
      app,
      cookie,
      validPayload({ categoryId: ENVIRONMENTAL, location: 'Categoria' }),
    );
    await createEvent(app, cookie, validPayload({ categoryId: CLEANUP, location: 'Categoria' }));
    const listed = (await get(`/api/events?category=${ENVIRONMENTAL}&location=Categoria`)).json() as Array<{
      id: number;
      category: { name: string };
    }>;
    expect(listed.map((event) => event.id)).toEqual([environmental.id]);
    expect(listed[0]!.category.name).toBe('Environmental');
  });

  it('searches every word as a prefix over title, description and category name, accents folded', async () => {
    const cafe = await createEvent(
      app,
      cookie,
      validPayload({
        title: 'Café Zürich reading hour',
        description: 'Stories for children',
        categoryId: 4,
        location: 'Searchtown',
      }),
    );
    const garden = await createEvent(
      app,
      cookie,
      validPayload({
        title: 'Community garden',
        description: 'Planting tomatoes',
        categoryId: ENVIRONMENTAL,
        location: 'Searchtown',
      }),
    );
    const search = async (text: string) =>
      (
        (await get(`/api/events?location=Searchtown&search=${encodeURIComponent(text)}`)).json() as Array<{
          id: number;
        }>
      ).map((event) => event.id);
    expect(await search('cafe')).toEqual([cafe.id]);
    expect(await search('CAFÉ zurich')).toEqual([cafe.id]);
    expect(await search('zuri read')).toEqual([cafe.id]);
    expect(await search('cafe tomatoes')).toEqual([]);
    expect(await search('environ')).toEqual([garden.id]);
    expect(await search('education stories')).toEqual([cafe.id]);
    expect(await search('tomat')).toEqual([garden.id]);
    expect(await search('!!!')).toEqual([cafe.id, garden.id]);
    expect(await search("it's & | ! :* ('")).toEqual([]);
  });

  it('matches any part of the location, case-insensitively, with % and _ taken literally', async () => {
    const lisbon = await createEvent(app, cookie, validPayload({ location: 'Praça do Comércio, LISBOA' }));
    const percent = await createEvent(app, cookie, validPayload({ location: '100% Hall Lisboa' }));
    const underscore = await createEvent(app, cookie, validPayload({ location: 'Room_5 Lisboa' }));
    const found = async (text: string) =>
      ((await get(`/api/events?location=${encodeURIComponent(text)}`)).json() as Array<{ id: number }>).map(
        (event) => event.id,
      );
    expect(await found('lisboa')).toEqual(expect.arrayContaining([lisbon.id, percent.id, underscore.id]));
    expect(await found('comércio, lis')).toEqual([lisbon.id]);
    expect(await found('%')).toEqual([percent.id]);
    expect(await found('0% h')).toEqual([percent.id]);
    expect(await found('_')).toEqual([underscore.id]);
    expect(await found('m_5')).toEqual([underscore.id]);
    expect(await found('o_m')).toEqual([]);
  });

  it('pages with a Link header that keeps the query and covers every event exactly once', async () => {
    const city = 'Pagination City';
    const sameDate = hoursFromNow(72);
    const created: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      // Four events share one date, so the id must break the tie.
      const event = await createEvent(
        app,
        cookie,
        validPayload({ location: city, date: index < 4 ? sameDate : hoursFromNow(20 + index) }),
      );
      created.push(event.id);
    }
    const seen: number[] = [];
    let url: string | null = `/api/events?location=${encodeURIComponent(city)}&limit=5`;
    let pages = 0;
    while (url) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const page = response.json() as Array<{ id: number; date: string }>;
      seen.push(...page.map((event) => event.id));
      pages += 1;
      const link = response.headers.link as string | undefined;
      if (link) {
        const match = /^<([^>]+)>; rel="next"$/.exec(link);
        expect(match).not.toBeNull();
        const next = new URL(match![1]!, 'http://localhost');
        expect(next.pathname).toBe('/api/events');
        expect(next.searchParams.get('location')).toBe(city);
        expect(next.searchParams.get('limit')).toBe('5');
        url = `${next.pathname}${next.search}`;
      } else url = null;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect([...seen].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
  });

  it('sends no Link header when everything fits on one page, and defaults to 50', async () => {
    const response = await get('/api/events?location=Orderville');
    expect(response.headers.link).toBeUndefined();
    const all = await get('/api/events?include=past');
    expect((all.json() as unknown[]).length).toBeLessThanOrEqual(50);
  });

  it.each([
    ['limit=101', 'Limit must be at most 100'],
    ['limit=0', 'Limit must be at least 1'],
    ['limit=abc', undefined],
    ['limit=2.5', undefined],
    ['category=abc', undefined],
    ['include=future', undefined],
    ['cursor=garbage', 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":1}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":"yesterday","i":3}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${encodeCursor({ date: '2030-01-01T00:00:00.000Z', id: -1 })}`, 'Cursor is damaged'],
    ['cursor=', 'Cursor is damaged'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/events?${query}`);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it("shows the caller's RSVP status on each event and the photos of the page", async () => {
    const event = await createEvent(app, cookie, validPayload({ location: 'Statusburg' }));
    const other = await signUpUser(app);
    await app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/rsvp`,
      payload: { status: 'supporting' },
      headers: { cookie: other.cookie },
    });
    const mine = (await get('/api/events?location=Statusburg')).json();
    const theirs = (await get('/api/events?location=Statusburg', other.cookie)).json();
    expect(mine[0]).toMatchObject({ userRsvpStatus: null, rsvpCount: 1, images: [] });
    expect(theirs[0]).toMatchObject({ userRsvpStatus: 'supporting', rsvpCount: 1 });
  });
});

describe('test events (the developer panel)', () => {
  it("are in no shared list, not even their organizer's, only in the organizer's My Events", async () => {
    const test = await createEvent(
      app,
      cookie,
      validPayload({ title: 'Panel test zyxtest', location: 'Testhaven', isTest: true }),
    );
    await createEvent(app, cookie, validPayload({ title: 'Real event zyxtest', location: 'Testhaven' }));
    const other = await signUpUser(app);
    const titles = async (url: string, as: string) =>
      ((await get(url, as)).json() as Array<{ title: string }>).map((event) => event.title);

    for (const viewer of [cookie, other.cookie]) {
      expect(await titles('/api/events?location=Testhaven', viewer)).toEqual(['Real event zyxtest']);
      expect(await titles('/api/events?search=zyxtest', viewer)).toEqual(['Real event zyxtest']);
      expect(await titles(`/api/events?category=${CLEANUP}&limit=100`, viewer)).not.toContain('Panel test zyxtest');
      expect(await titles('/api/events?include=past&limit=100', viewer)).not.toContain('Panel test zyxtest');
    }
    expect(await titles('/api/my-events', cookie)).toContain('Panel test zyxtest');
    expect(await titles('/api/my-events', other.cookie)).not.toContain('Panel test zyxtest');
    expect((await get(`/api/events/${test.id}`)).json()).toMatchObject({ title: 'Panel test zyxtest' });
  });

  it('refuses an isTest that is not a boolean', async () => {
    const response = await postEvent({ isTest: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'isTest', message: 'isTest must be true or false' }]);
  });
});

describe('GET /api/my-events and /api/my-rsvps', () => {
  it('lists every event the caller organizes, past and upcoming, newest date first', async () => {
    const organizer = await signUpUser(app);
    const soon = await createEvent(app, organizer.cookie, validPayload({ date: hoursFromNow(5) }));
    const later = await createEvent(app, organizer.cookie, validPayload({ date: hoursFromNow(500) }));
    const pastId = await insertPastEvent({ title: 'Old one', organizerId: organizer.user.id });
    await createEvent(app, cookie, validPayload());
    const response = await get('/api/my-events', organizer.cookie);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Array<{ id: number }>).map((event) => event.id)).toEqual([later.id, soon.id, pastId]);
  });

  it('lists the events the caller has an RSVP for, with the status, soonest first', async () => {
    const member = await signUpUser(app);
    const first = await createEvent(app, cookie, validPayload({ date: hoursFromNow(6) }));
    const second = await createEvent(app, cookie, validPayload({ date: hoursFromNow(600) }));
    await createEvent(app, cookie, validPayload({ date: hoursFromNow(60) }));
    await app.inject({
      method: 'POST',
      url: `/api/events/${first.id}/rsvp`,
      payload: { status: 'going' },
      headers: { cookie: member.cookie },
    });
    await app.inject({
      method: 'POST',
      url: `/api/events/${second.id}/rsvp`,
      payload: { status: 'organizing' },
      headers: { cookie: member.cookie },
    });
    const response = await get('/api/my-rsvps', member.cookie);
    expect(response.statusCode).toBe(200);
    expect(
      (response.json() as Array<{ id: number; userRsvpStatus: string }>).map((event) => [
        event.id,
        event.userRsvpStatus,
      ]),
    ).toEqual([
      [first.id, 'attending'],
      [second.id, 'organizing'],
    ]);
    expect((await get('/api/my-rsvps', (await signUpUser(app)).cookie)).json()).toEqual([]);
  });
});

describe("the organizer's e-mail", () => {
  it('is in no event answer: a stranger reading the list, the event and their RSVPs sees no address', async () => {
    const organizer = await signUpUser(app, {
      email: `organizer-${Date.now()}@example.org`,
      firstName: 'Orla',
      lastName: 'Hidden',
    });
    const event = await createEvent(
      app,
      organizer.cookie,
      validPayload({ title: 'Address check', location: 'Mailtown' }),
    );
    const stranger = await signUpUser(app);
    await app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/rsvp`,
      payload: { status: 'attending' },
      headers: { cookie: stranger.cookie },
    });
    const answers = [
      await get('/api/events?location=Mailtown', stranger.cookie),
      await get(`/api/events/${event.id}`, stranger.cookie),
      await get('/api/my-rsvps', stranger.cookie),
      // The organizer's own answers too.
      await get(`/api/events/${event.id}`, organizer.cookie),
      await get('/api/my-events', organizer.cookie),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const found = ([] as Array<{ id: number; organizer: { email: unknown; firstName: unknown } }>)
        .concat(answer.json())
        .find((item) => item.id === event.id);
      expect(found?.organizer).toMatchObject({ firstName: 'Orla', email: null });
      expect(answer.body).not.toContain('@');
    }
  });
});
