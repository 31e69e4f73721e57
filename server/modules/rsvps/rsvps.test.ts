import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements, events, userAchievements } from '../../db/schema';
import { readRsvpCounts } from '../../test/fixtures';
import {
  createEvent,
  createTestApp,
  signUpMany,
  signUpUser,
  type TestApp,
  type SignedUpUser,
} from '../../test/test-app';

/** The events of these tests; each sets its capacity. */
const RSVP_EVENT = {
  title: 'Food bank shift',
  description: 'Sorting donations.',
  location: 'Porto',
  date: new Date(Date.now() + 48 * 60 * 60 * 1000).toISOString(),
  categoryId: 2,
  maxAttendees: null,
};

let app: TestApp;
let organizer: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app);
});
afterAll(async () => app?.close());

/**
 * One organizer creates more than the write limit of 10 events an hour here; that limit has its own
 * tests (write-limits.test.ts), so each create starts with empty counters.
 */
function rsvp(eventId: number | string, cookie: string, status: string = 'attending') {
  return app.inject({ method: 'POST', url: `/api/events/${eventId}/rsvp`, payload: { status }, headers: { cookie } });
}

function withdraw(eventId: number | string, cookie: string) {
  return app.inject({ method: 'DELETE', url: `/api/events/${eventId}/rsvp`, headers: { cookie } });
}

/** The API refuses to move an event into the past, so tests do it in the database. */
async function moveIntoPast(eventId: number) {
  await app.database.db
    .update(events)
    .set({ date: sql`now() - interval '1 hour'` })
    .where(eq(events.id, eventId));
}

describe('POST /api/events/:id/rsvp', () => {
  it("accepts 'going' as attending and answers the status and count", async () => {
    const eventId = (await createEvent(app, organizer.cookie, RSVP_EVENT)).id;
    const member = await signUpUser(app);
    const response = await rsvp(eventId, member.cookie, 'going');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'attending', rsvpCount: 1 });
    const event = await app.inject({
      method: 'GET',
      url: `/api/events/${eventId}`,
      headers: { cookie: member.cookie },
    });
    expect(event.json()).toMatchObject({ rsvpCount: 1, userRsvpStatus: 'attending' });
  });

  it('switches status without changing the count, even when the event is full', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...RSVP_EVENT, maxAttendees: 2 })).id;
    const [first, second, third] = await signUpMany(app, 3);
    expect((await rsvp(eventId, first!.cookie)).json()).toEqual({ status: 'attending', rsvpCount: 1 });
    expect((await rsvp(eventId, second!.cookie, 'supporting')).json()).toEqual({ status: 'supporting', rsvpCount: 2 });
    const full = await rsvp(eventId, third!.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: 'Event Full', code: 'EVENT_FULL' });
    const switched = await rsvp(eventId, first!.cookie, 'organizing');
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ status: 'organizing', rsvpCount: 2 });
    expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 2, rows: 2 });
  });

  it('lets the organizer RSVP to their own event', async () => {
    const eventId = (await createEvent(app, organizer.cookie, RSVP_EVENT)).id;
    const response = await rsvp(eventId, organizer.cookie, 'organizing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'organizing', rsvpCount: 1 });
  });

  it('refuses a new RSVP, a switch and a withdrawal once the event has taken place', async () => {
    const eventId = (await createEvent(app, organizer.cookie, RSVP_EVENT)).id;
    const [holder, newcomer] = await signUpMany(app, 2);
    await rsvp(eventId, holder!.cookie);
    await moveIntoPast(eventId);
    for (const response of [
      await rsvp(eventId, newcomer!.cookie),
      await rsvp(eventId, holder!.cookie, 'supporting'),
      await withdraw(eventId, holder!.cookie),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This event has already taken place', code: 'EVENT_PAST' });
    }
    expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 1, rows: 1 });
  });

  it('answers 404 for a missing event and 400 for bad ids and statuses', async () => {
    const missing = await rsvp(987654, organizer.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
    expect((await rsvp('abc', organizer.cookie)).statusCode).toBe(400);
    expect((await rsvp('2.5', organizer.cookie)).statusCode).toBe(400);
    const eventId = (await createEvent(app, organizer.cookie, RSVP_EVENT)).id;
    const badStatus = await rsvp(eventId, organizer.cookie, 'maybe');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('Status must be one of attending, supporting, organizing');
    const noStatus = await app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/rsvp`,
      payload: {},
      headers: { cookie: organizer.cookie },
    });
    expect(noStatus.statusCode).toBe(400);
    expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 0, rows: 0 });
  });

  it("brings the member's achievement progress up to date in the same write", async () => {
    const eventId = (await createEvent(app, organizer.cookie, RSVP_EVENT)).id;
    const member = await signUpUser(app);
    await rsvp(eventId, member.cookie);
    const firstStep = async () => {
      const [row] = await app.database.db
        .select({ progress: userAchievements.progress, unlockedAt: userAchievements.unlockedAt })
        .from(userAchievements)
        .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
        .where(and(eq(userAchievements.userId, member.user.id), eq(achievements.name, 'First Step')));
      return row;
    };
    expect(await firstStep()).toMatchObject({ progress: 1, unlockedAt: expect.any(Date) });
    await withdraw(eventId, member.cookie);
    // Unlocked stays unlocked; progress shows the current count.
    expect(await firstStep()).toMatchObject({ progress: 0, unlockedAt: expect.any(Date) });
  });
});

describe('DELETE /api/events/:id/rsvp', () => {
  it('withdraws with 204, frees the seat, and answers 404 when there is nothing to withdraw', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...RSVP_EVENT, maxAttendees: 1 })).id;
    const [first, second] = await signUpMany(app, 2);
    await rsvp(eventId, first!.cookie);
    expect((await rsvp(eventId, second!.cookie)).statusCode).toBe(409);
    const response = await withdraw(eventId, first!.cookie);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 0, rows: 0 });
    expect((await rsvp(eventId, second!.cookie)).json()).toEqual({ status: 'attending', rsvpCount: 1 });
    const again = await withdraw(eventId, first!.cookie);
    expect(again.statusCode).toBe(404);
    const missing = await withdraw(987654, first!.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
  });
});

describe('capacity under concurrency', () => {
  it('accepts exactly maxAttendees of 60 simultaneous RSVPs from different users', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...RSVP_EVENT, maxAttendees: 7 })).id;
    const members = await signUpMany(app, 60);
    const responses = await Promise.all(
      members.map((member, index) =>
        rsvp(eventId, member.cookie, ['attending', 'supporting', 'organizing', 'going'][index % 4]),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 409)).toHaveLength(53);
    for (const response of responses.filter((item) => item.statusCode === 409))
      expect(response.json()).toEqual({ message: 'Event Full', code: 'EVENT_FULL' });
    const counts = responses.filter((item) => item.statusCode === 200).map((item) => item.json().rsvpCount as number);
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 7, rows: 7 });
  }, 120_000);

  it('takes one seat for ten simultaneous RSVPs of the same user', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...RSVP_EVENT, maxAttendees: 5 })).id;
    const member = await signUpUser(app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => rsvp(eventId, member.cookie, index % 2 ? 'supporting' : 'attending')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    for (const response of responses) expect(response.json().rsvpCount).toBe(1);
    expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 1, rows: 1 });
  });

  it('keeps the count equal to the rows through simultaneous RSVPs and withdrawals', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...RSVP_EVENT, maxAttendees: 4 })).id;
    const members = await signUpMany(app, 12);
    await Promise.all(members.slice(0, 4).map((member) => rsvp(eventId, member.cookie)));
    const mixed = await Promise.all([
      ...members.slice(0, 4).map((member) => withdraw(eventId, member.cookie)),
      ...members.slice(0, 4).map((member) => withdraw(eventId, member.cookie)),
      ...members.slice(4).map((member) => rsvp(eventId, member.cookie)),
    ]);
    for (const response of mixed) expect([200, 204, 404, 409]).toContain(response.statusCode);
    const after = await readRsvpCounts(app.database.db, eventId);
    expect(after.rsvpCount).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(4);
    expect(mixed.slice(0, 8).filter((response) => response.statusCode === 204)).toHaveLength(4);
  }, 60_000);
});
