import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { encodeCursor } from './events.service';

let app: TestApp;
let organizer: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app);
});
afterAll(async () => app?.close());

const HOUR_MS = 60 * 60 * 1000;

function hoursFromNow(hours: number): Date {
  return new Date(Date.now() + hours * HOUR_MS);
}

function get(url: string, cookie: string) {
  return app.inject({ method: 'GET', url, headers: { cookie } });
}

/** An event of the organizer at `date` that `member` holds an RSVP for (rows written directly: past ones too). */
async function joinedEvent(member: SignedUpUser, date: Date): Promise<number> {
  const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date });
  await addRsvpRow(app.database.db, event.id, member.user.id);
  return event.id;
}

/** Follows the Link headers from `url`, returning each page's ids and the links it followed. */
async function walk(url: string, cookie: string) {
  const pages: number[][] = [];
  const links: URL[] = [];
  let next: string | null = url;
  while (next) {
    const response = await get(next, cookie);
    expect(response.statusCode).toBe(200);
    pages.push((response.json() as Array<{ id: number }>).map((event) => event.id));
    const link = response.headers.link as string | undefined;
    if (link) {
      const match = /^<([^>]+)>; rel="next"$/.exec(link);
      expect(match).not.toBeNull();
      const target = new URL(match![1]!, 'http://localhost');
      links.push(target);
      next = `${target.pathname}${target.search}`;
    } else next = null;
    expect(pages.length).toBeLessThan(50);
  }
  return { pages, links };
}

describe('GET /api/my-rsvps', () => {
  /**
   * Upcoming: three at one date (ties broken by id), one sooner and one later. Past: three at one date
   * and one more recent. Another person's RSVPs and an event the member only organizes are not listed.
   */
  async function memberWithRsvps() {
    const member = await signUpUser(app);
    const tiedAhead = hoursFromNow(48);
    const tiedPast = hoursFromNow(-48);
    const later = await joinedEvent(member, hoursFromNow(200));
    const tiedUpcoming = [
      await joinedEvent(member, tiedAhead),
      await joinedEvent(member, tiedAhead),
      await joinedEvent(member, tiedAhead),
    ];
    const soonest = await joinedEvent(member, hoursFromNow(2));
    const tiedPastIds = [
      await joinedEvent(member, tiedPast),
      await joinedEvent(member, tiedPast),
      await joinedEvent(member, tiedPast),
    ];
    const recentPast = await joinedEvent(member, hoursFromNow(-1));
    const stranger = await signUpUser(app);
    await joinedEvent(stranger, hoursFromNow(3));
    await createEventRow(app.database.db, { organizerId: member.user.id, date: hoursFromNow(4) });
    return {
      member,
      upcoming: [soonest, ...tiedUpcoming, later],
      past: [recentPast, ...[...tiedPastIds].reverse()],
    };
  }

  it('lists upcoming events soonest first, and with include=past the past ones after them, newest first', async () => {
    const { member, upcoming, past } = await memberWithRsvps();
    const ids = async (url: string) =>
      ((await get(url, member.cookie)).json() as Array<{ id: number; userRsvpStatus: string }>).map(
        (event) => event.id,
      );
    expect(await ids('/api/my-rsvps')).toEqual(upcoming);
    expect(await ids('/api/my-rsvps?include=past')).toEqual([...upcoming, ...past]);
    const [first] = (await get('/api/my-rsvps', member.cookie)).json() as Array<{ userRsvpStatus: string }>;
    expect(first?.userRsvpStatus).toBe('attending');
  });

  it('walks every row exactly once with a Link cursor, at every page size, across the upcoming/past boundary', async () => {
    const { member, upcoming, past } = await memberWithRsvps();
    const all = [...upcoming, ...past];
    for (let limit = 1; limit <= all.length + 1; limit += 1) {
      const { pages, links } = await walk(`/api/my-rsvps?include=past&limit=${limit}`, member.cookie);
      expect(pages.flat()).toEqual(all);
      expect(pages).toHaveLength(Math.ceil(all.length / limit));
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      for (const link of links) {
        expect(link.pathname).toBe('/api/my-rsvps');
        expect(link.searchParams.get('include')).toBe('past');
        expect(link.searchParams.get('limit')).toBe(String(limit));
      }
    }
    const upcomingOnly = await walk('/api/my-rsvps?limit=2', member.cookie);
    expect(upcomingOnly.pages.flat()).toEqual(upcoming);
  });

  it('lists an event that started between two pages once, among the past ones', async () => {
    const member = await signUpUser(app);
    const soon = await joinedEvent(member, hoursFromNow(1));
    const later = await joinedEvent(member, hoursFromNow(5));
    const old = await joinedEvent(member, hoursFromNow(-5));
    const first = await get('/api/my-rsvps?include=past&limit=1', member.cookie);
    expect((first.json() as Array<{ id: number }>).map((event) => event.id)).toEqual([soon]);
    // `later` starts before the next page is read.
    await app.database.db
      .update(events)
      .set({ date: hoursFromNow(-2) })
      .where(eq(events.id, later));
    const next = /^<([^>]+)>/.exec(first.headers.link as string)![1]!;
    const rest = await walk(next, member.cookie);
    expect(rest.pages.flat()).toEqual([later, old]);
  });

  it('keeps cancelled events and sends no Link header on the last page; the default page is 50', async () => {
    const member = await signUpUser(app);
    const created: number[] = [];
    for (let index = 0; index < 51; index += 1) created.push(await joinedEvent(member, hoursFromNow(10 + index)));
    await app.database.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, created[0]!));
    const firstPage = await get('/api/my-rsvps', member.cookie);
    expect((firstPage.json() as Array<{ id: number; status: string }>).map((event) => event.id)).toEqual(
      created.slice(0, 50),
    );
    expect((firstPage.json() as Array<{ status: string }>)[0]?.status).toBe('cancelled');
    expect(firstPage.headers.link).toMatch(/^<\/api\/my-rsvps\?cursor=[^>]+>; rel="next"$/);
    const whole = await get('/api/my-rsvps?limit=100', member.cookie);
    expect(whole.json()).toHaveLength(51);
    expect(whole.headers.link).toBeUndefined();
    const none = await get('/api/my-rsvps?include=past', (await signUpUser(app)).cookie);
    expect(none.json()).toEqual([]);
    expect(none.headers.link).toBeUndefined();
  });

  it.each([
    ['limit=101', 'Limit must be at most 100'],
    ['limit=0', 'Limit must be at least 1'],
    ['limit=-3', 'Limit must be at least 1'],
    ['limit=abc', undefined],
    ['limit=2.5', undefined],
    ['include=future', undefined],
    ['cursor=garbage', 'Cursor is damaged'],
    ['cursor=', 'Cursor is damaged'],
    [`cursor=${'a'.repeat(201)}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":1}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":"yesterday","i":3}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('null').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":"2030-01-01T00:00:00Z","i":3,"p":2}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":"2030-02-31T00:00:00Z","i":3}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${Buffer.from('{"d":"2030-01-01T00:00:00Z","i":2147483648}').toString('base64url')}`, 'Cursor is damaged'],
    [`cursor=${encodeCursor({ date: '2030-01-01T00:00:00.000Z', id: -1 })}`, 'Cursor is damaged'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/my-rsvps?${query}`, organizer.cookie);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it('takes a well-formed cursor from elsewhere as a place to start, not an error', async () => {
    const member = await signUpUser(app);
    const ahead = await joinedEvent(member, hoursFromNow(30));
    const past = await joinedEvent(member, hoursFromNow(-30));
    const fromPast = encodeCursor({ date: hoursFromNow(-1).toISOString(), id: 1, isPast: true });
    const fromAhead = encodeCursor({ date: hoursFromNow(1).toISOString(), id: 1 });
    const ids = async (cursor: string) =>
      ((await get(`/api/my-rsvps?include=past&cursor=${cursor}`, member.cookie)).json() as Array<{ id: number }>).map(
        (event) => event.id,
      );
    expect(await ids(fromPast)).toEqual([past]);
    expect(await ids(fromAhead)).toEqual([ahead, past]);
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/my-rsvps' })).statusCode).toBe(401);
  });
});
