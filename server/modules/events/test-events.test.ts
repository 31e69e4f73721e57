import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

/**
 * A developer test panel's event (`isTest`), with the panels off as in production (SHOW_DEV_PANELS=false):
 * nobody may make one, and one that exists (made while the panels were on) answers 404 to everyone but
 * its organizer.
 */

type Member = Awaited<ReturnType<typeof signUpUser>>;

let app: TestApp;
let organizer: Member;
let stranger: Member;
let testEventId: number;
const TITLE = 'Panel test event qqzv';

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000', SHOW_DEV_PANELS: 'false' });
  organizer = await signUpUser(app, { firstName: 'Tess', lastName: 'Organizer' });
  stranger = await signUpUser(app, { firstName: 'Sam', lastName: 'Stranger' });
  const row = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    title: TITLE,
    location: 'Qqzvhaven',
    date: daysFromNow(5),
  });
  await app.database.db.update(events).set({ isTest: true }).where(eq(events.id, row.id));
  testEventId = row.id;
});
afterAll(async () => app?.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, member?: Member, payload?: object) {
  return app.inject({
    method,
    url,
    headers: member ? { cookie: member.cookie } : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

describe('a test event with the developer panels off', () => {
  it('cannot be made: isTest true is refused with 400 VALIDATION_FAILED on the isTest field', async () => {
    const body = {
      title: 'Sneaky test',
      description: 'Only for me.',
      location: 'Lisboa',
      date: daysFromNow(4).toISOString(),
      categoryId: 1,
    };
    const refused = await call('POST', '/api/events', organizer, { ...body, isTest: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'isTest', message: 'Test events can only be made while the developer panels are on' }],
    });
    const stored = await app.database.db.select().from(events).where(eq(events.title, 'Sneaky test'));
    expect(stored).toEqual([]);
    expect((await call('POST', '/api/events', organizer, { ...body, isTest: false })).statusCode).toBe(201);
  });

  it('answers 404 to guests and strangers on every read, and its organizer still reads it', async () => {
    expect((await call('GET', `/api/events/${testEventId}`, organizer)).json()).toMatchObject({ title: TITLE });
    expect((await call('GET', `/api/events/${testEventId}/calendar.ics`, organizer)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${testEventId}/ratings`, organizer)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${testEventId}/attendees`, organizer)).statusCode).toBe(200);
    for (const viewer of [undefined, stranger]) {
      const who = viewer ? 'stranger' : 'guest';
      for (const url of [
        `/api/events/${testEventId}`,
        `/api/events/${testEventId}/calendar.ics`,
        `/api/events/${testEventId}/ratings`,
        `/api/events/${testEventId}/og-image`,
      ]) {
        const response = await call('GET', url, viewer);
        expect(response.statusCode, `${who} ${url}`).toBe(404);
        expect(response.json(), `${who} ${url}`).toMatchObject({ code: 'EVENT_NOT_FOUND' });
      }
      for (const url of ['/api/events?location=Qqzvhaven', '/api/events?search=qqzv', '/api/events?limit=100']) {
        expect((await call('GET', url, viewer)).body, `${who} ${url}`).not.toContain(TITLE);
      }
      // The guest page carries no preview of it, and its starting answers hold nothing of it.
      const page = await call('GET', `/events/${testEventId}`, viewer);
      expect(page.body, who).not.toContain(TITLE);
    }
  });

  it('answers 404, not 403, to a stranger who writes to it, and changes nothing', async () => {
    const attempts: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, body?: object]> = [
      ['POST', `/api/events/${testEventId}/rsvp`, { status: 'attending' }],
      ['DELETE', `/api/events/${testEventId}/rsvp`],
      ['POST', `/api/events/${testEventId}/waitlist`, {}],
      ['DELETE', `/api/events/${testEventId}/waitlist`],
      ['GET', `/api/events/${testEventId}/attendees`],
      ['PATCH', `/api/events/${testEventId}`, { title: 'Taken over' }],
      ['POST', `/api/events/${testEventId}/cancel`, {}],
      ['DELETE', `/api/events/${testEventId}`],
      ['POST', `/api/events/${testEventId}/announcements`, { content: 'Hello' }],
      ['POST', '/api/ratings', { eventId: testEventId, rating: 5 }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, stranger, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    const message = await call('POST', '/api/messages', stranger, {
      receiverId: organizer.user.id,
      content: 'About your event',
      eventId: testEventId,
    });
    expect(message.statusCode).toBe(404);
    const [row] = await app.database.db.select().from(events).where(eq(events.id, testEventId));
    expect(row).toMatchObject({ title: TITLE, status: 'scheduled', rsvpCount: 0 });
  });

  it('stays out of the calendar feed and the RSVP list of someone who holds an RSVP from before', async () => {
    await addRsvpRow(app.database.db, testEventId, stranger.user.id);
    const rsvps = await call('GET', '/api/my-rsvps', stranger);
    expect(rsvps.statusCode).toBe(200);
    expect(rsvps.body).not.toContain(TITLE);
    const made = await call('POST', '/api/calendar-feed', stranger);
    const feed = await call('GET', new URL((made.json() as { url: string }).url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('qqzv');
  });
});
