import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema';
import { createEventRow, daysFromNow } from '../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

// Long enough that the checks "within the lifetime" finish inside it on a loaded CI machine.
const LIFETIME_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Member = Awaited<ReturnType<typeof signUpUser>>;
type EventAnswer = { id: number; title: string; rsvpCount: number; userRsvpStatus: string | null };

let app: TestApp;
let ana: Member;
let ben: Member;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000', ANSWER_CACHE_MS: String(LIFETIME_MS) });
  ana = await signUpUser(app);
  ben = await signUpUser(app);
});
afterAll(async () => app?.close());

async function getJson<T>(url: string, member: Member): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

async function createEvent(title: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: ana.cookie },
    payload: { title, description: 'Sorting donations.', location: 'Porto', date: daysFromNow(3).toISOString(), categoryId: 2 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function find(list: EventAnswer[], id: number): EventAnswer {
  const event = list.find((item) => item.id === id);
  if (!event) throw new Error(`event ${id} not in the list`);
  return event;
}

describe('answer cache', () => {
  it('serves a page again within its lifetime; a change another process made shows after it', async () => {
    const eventId = await createEvent('Food bank shift');
    const url = '/api/events?search=food';
    expect(find(await getJson<EventAnswer[]>(url, ana), eventId).title).toBe('Food bank shift');
    // Written behind the app's back, as a second server process on the same database would.
    await app.database.db.update(events).set({ title: 'Food bank evening shift' }).where(eq(events.id, eventId));
    expect(find(await getJson<EventAnswer[]>(url, ana), eventId).title).toBe('Food bank shift');
    expect((await getJson<EventAnswer>(`/api/events/${eventId}`, ben)).title).toBe('Food bank evening shift');
    await sleep(LIFETIME_MS + 50);
    expect(find(await getJson<EventAnswer[]>(url, ana), eventId).title).toBe('Food bank evening shift');
  });

  it("shows the viewer's own write at once, and its count to everyone", async () => {
    const eventId = await createEvent('River cleanup');
    const url = '/api/events?search=river';
    expect(find(await getJson<EventAnswer[]>(url, ben), eventId)).toMatchObject({ rsvpCount: 0, userRsvpStatus: null });
    expect(find(await getJson<EventAnswer[]>(url, ana), eventId)).toMatchObject({ rsvpCount: 0, userRsvpStatus: null });
    const rsvp = await app.inject({ method: 'POST', url: `/api/events/${eventId}/rsvp`, headers: { cookie: ben.cookie }, payload: { status: 'attending' } });
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    expect(find(await getJson<EventAnswer[]>(url, ben), eventId)).toMatchObject({ rsvpCount: 1, userRsvpStatus: 'attending' });
    expect(find(await getJson<EventAnswer[]>(url, ana), eventId)).toMatchObject({ rsvpCount: 1, userRsvpStatus: null });
    expect(await getJson<EventAnswer>(`/api/events/${eventId}`, ben)).toMatchObject({ rsvpCount: 1, userRsvpStatus: 'attending' });
    expect(await getJson<EventAnswer>(`/api/events/${eventId}`, ana)).toMatchObject({ rsvpCount: 1, userRsvpStatus: null });
  });

  it("never shows one viewer's RSVP status to another, whoever read the page first", async () => {
    const eventId = await createEvent('Tree planting');
    const rsvp = await app.inject({ method: 'POST', url: `/api/events/${eventId}/rsvp`, headers: { cookie: ana.cookie }, payload: { status: 'supporting' } });
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    const url = '/api/events?search=tree';
    for (let round = 0; round < 3; round += 1) {
      expect(find(await getJson<EventAnswer[]>(url, ana), eventId).userRsvpStatus).toBe('supporting');
      expect(find(await getJson<EventAnswer[]>(url, ben), eventId).userRsvpStatus).toBeNull();
      expect((await getJson<EventAnswer>(`/api/events/${eventId}`, ben)).userRsvpStatus).toBeNull();
      expect((await getJson<EventAnswer>(`/api/events/${eventId}`, ana)).userRsvpStatus).toBe('supporting');
    }
  });

  it("keeps each viewer's own lists apart", async () => {
    const anaRsvps = await getJson<EventAnswer[]>('/api/my-rsvps', ana);
    const benRsvps = await getJson<EventAnswer[]>('/api/my-rsvps', ben);
    expect(anaRsvps.map((event) => event.title)).toContain('Tree planting');
    expect(benRsvps.map((event) => event.title)).not.toContain('Tree planting');
    expect((await getJson<EventAnswer[]>('/api/my-rsvps', ana)).map((event) => event.id)).toEqual(anaRsvps.map((event) => event.id));
    expect((await getJson<EventAnswer[]>('/api/my-events', ben)).map((event) => event.id)).toEqual([]);
  });

  it('shows a thread as read in the conversation list as soon as it was opened', async () => {
    type Conversation = { id: string; unreadCount: number };
    const unreadFromBen = async () => (await getJson<Conversation[]>('/api/conversations', ana)).find((item) => item.id === ben.user.id)?.unreadCount;
    const sent = await app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: ben.cookie }, payload: { receiverId: ana.user.id, content: 'See you at the river?' } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await unreadFromBen()).toBe(1);
    expect(await unreadFromBen()).toBe(1);
    await getJson(`/api/conversations/${ben.user.id}/messages`, ana);
    expect(await unreadFromBen()).toBe(0);
  });

  it('serves a stored answer with its ETag; a current If-None-Match still gets a 304, a stale one the stored answer', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/user/achievements', headers: { cookie: ana.cookie } });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const before = app.answerCache.storedAnswers;
    const second = await app.inject({ method: 'GET', url: '/api/user/achievements', headers: { cookie: ana.cookie } });
    expect(app.answerCache.storedAnswers).toBe(before);
    expect(second.headers.etag).toBe(etag);
    expect(second.json()).toEqual(first.json());
    const poll = await app.inject({ method: 'GET', url: '/api/user/achievements', headers: { cookie: ana.cookie, 'if-none-match': etag } });
    expect(poll.statusCode).toBe(304);
    expect(poll.body).toBe('');
    const stale = await app.inject({ method: 'GET', url: '/api/user/achievements', headers: { cookie: ana.cookie, 'if-none-match': 'W/"an-old-version"' } });
    expect(app.answerCache.storedAnswers).toBe(before);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);
    expect(stale.json()).toEqual(first.json());
  });

  it('keeps one compressed answer per Accept-Encoding, with its headers', async () => {
    for (let index = 0; index < 12; index += 1) await createRowForSize(index);
    const read = (encoding: string) => app.inject({ method: 'GET', url: '/api/events?limit=40', headers: { cookie: ben.cookie, 'accept-encoding': encoding } });
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (let round = 0; round < 2; round += 1) {
      const brotli = await read('br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['cache-control']).toBe('no-store');
      expect(brotli.headers['set-cookie']).toBeUndefined();
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
      const gzip = await read('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
      expect((await read('identity')).json()).toEqual(plain.json());
    }
  });

  it('reads a page once when many ask for it at the same moment', async () => {
    await createEvent('Harbour litter pick');
    const before = app.answerCache.storedAnswers;
    const readers = [ana, ben, ana, ben, ana, ben, ana, ben];
    const answers = await Promise.all(readers.map((member) => getJson<EventAnswer[]>('/api/events?search=harbour', member)));
    expect(new Set(answers.map((list) => JSON.stringify(list))).size).toBe(1);
    expect(app.answerCache.storedAnswers - before).toBe(1);
  });

  it('never keeps an error answer', async () => {
    const url = '/api/events/999999';
    expect((await app.inject({ method: 'GET', url, headers: { cookie: ana.cookie } })).statusCode).toBe(404);
    const created = await createEventRow(app.database.db, { organizerId: ana.user.id, title: 'Late arrival' });
    app.answerCache.advanceGeneration();
    expect((await app.inject({ method: 'GET', url: `/api/events/${created.id}`, headers: { cookie: ana.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/events?limit=0', headers: { cookie: ana.cookie } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/events?limit=0', headers: { cookie: ana.cookie } })).statusCode).toBe(400);
  });
});

describe('answer cache turned off (ANSWER_CACHE_MS=0)', () => {
  it('reads every answer afresh', async () => {
    const uncached = await createTestApp({ ANSWER_CACHE_MS: '0' });
    try {
      const member = await signUpUser(uncached);
      const event = await createEventRow(uncached.database.db, { organizerId: member.user.id, title: 'Soup kitchen' });
      const read = async () => (await uncached.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: { cookie: member.cookie } })).json().title;
      expect(await read()).toBe('Soup kitchen');
      await uncached.database.db.update(events).set({ title: 'Soup kitchen, late shift' }).where(eq(events.id, event.id));
      expect(await read()).toBe('Soup kitchen, late shift');
    } finally {
      await uncached.close();
    }
  });
});

async function createRowForSize(index: number) {
  await createEventRow(app.database.db, { organizerId: ben.user.id, title: `Library reading hour ${index}`, description: 'Reading aloud to children. '.repeat(8) });
  app.answerCache.advanceGeneration();
}
