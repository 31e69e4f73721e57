import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENT_CATALOGUE } from '../../db/catalogue';
import { events, rsvps } from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp, type SignedUpUser } from '../../test/test-app';
import { refreshAchievementProgress } from './achievement-progress';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

type UserAchievementBody = {
  id: number;
  achievementId: number;
  achievement: { name: string; points: number };
  progress: number;
  unlockedAt: string | null;
};

function get(person: SignedUpUser | undefined, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie, ...headers } : headers });
}

async function achievementsOf(person: SignedUpUser): Promise<UserAchievementBody[]> {
  return (await get(person, '/api/user/achievements')).json();
}

describe('GET /api/achievements', () => {
  it('lists the whole catalogue in the contract shape', async () => {
    const me = await signUpUser(app);
    const response = await get(me, '/api/achievements');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<Record<string, unknown>>;
    expect(body).toHaveLength(ACHIEVEMENT_CATALOGUE.length);
    expect(body.find((achievement) => achievement.name === 'Social Butterfly')).toEqual({
      id: expect.any(Number),
      name: 'Social Butterfly',
      description: 'Send 10 messages',
      category: 'other',
      requirement: 10,
      points: 50,
      icon: 'message-circle',
      color: 'pink',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body[0]).not.toHaveProperty('metric');
    expect((await get(undefined, '/api/achievements')).statusCode).toBe(401);
  });
});

describe('GET /api/user/achievements', () => {
  it('shows progress, unlocks at the requirement with unlockedAt, and answers 304 while unchanged', async () => {
    const me = await signUpUser(app);
    const friend = await signUpUser(app);
    const empty = await get(me, '/api/user/achievements');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['cache-control']).toBe('private, no-cache');
    const firstTag = String(empty.headers.etag);
    expect(firstTag).toMatch(/^W\/".+"$/);

    const unchanged = await get(me, '/api/user/achievements', { 'if-none-match': firstTag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A 304 that announces a length makes keep-alive clients wait for a body that never comes.
    expect(unchanged.headers['content-length']).toBeUndefined();
    expect(unchanged.headers.etag).toBe(firstTag);
    // Someone else's tag, or another user presenting mine, is never a match.
    expect((await get(friend, '/api/user/achievements', { 'if-none-match': firstTag })).statusCode).toBe(200);

    for (let index = 0; index < 9; index += 1) {
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/messages',
            headers: { cookie: me.cookie },
            payload: { receiverId: friend.user.id, content: `hi ${index}` },
          })
        ).statusCode,
      ).toBe(201);
    }
    const changed = await get(me, '/api/user/achievements', { 'if-none-match': firstTag });
    expect(changed.statusCode).toBe(200);
    const secondTag = String(changed.headers.etag);
    expect(secondTag).not.toBe(firstTag);
    const butterfly = (changed.json() as UserAchievementBody[]).find(
      (record) => record.achievement.name === 'Social Butterfly',
    )!;
    expect(butterfly).toMatchObject({ progress: 9, unlockedAt: null });
    expect(Object.keys(butterfly).sort()).toEqual(['achievement', 'achievementId', 'id', 'progress', 'unlockedAt']);
    expect((await get(me, '/api/user/achievements', { 'if-none-match': secondTag })).statusCode).toBe(304);

    const before = Date.now();
    await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: me.cookie },
      payload: { receiverId: friend.user.id, content: 'the tenth' },
    });
    const unlocked = (await achievementsOf(me)).find((record) => record.achievement.name === 'Social Butterfly')!;
    expect(unlocked.progress).toBe(10);
    expect(unlocked.unlockedAt).not.toBeNull();
    expect(new Date(unlocked.unlockedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: me.cookie },
      payload: { receiverId: friend.user.id, content: 'the eleventh' },
    });
    const later = (await achievementsOf(me)).find((record) => record.achievement.name === 'Social Butterfly')!;
    expect(later).toMatchObject({ progress: 11, unlockedAt: unlocked.unlockedAt });
  });

  it('keeps an unlocked achievement, with its first unlock time, when the count drops again', async () => {
    const me = await signUpUser(app);
    const organizer = await signUpUser(app);
    const event = await createEventRow(app.database.db, { organizerId: organizer.user.id });
    await app.database.db.transaction(async (tx) => {
      await addRsvpRow(tx, event.id, me.user.id);
      await refreshAchievementProgress(tx, me.user.id);
    });
    const firstStep = (await achievementsOf(me)).find((record) => record.achievement.name === 'First Step')!;
    expect(firstStep.progress).toBe(1);
    expect(firstStep.unlockedAt).not.toBeNull();
    await app.database.db.transaction(async (tx) => {
      await tx.delete(rsvps).where(and(eq(rsvps.eventId, event.id), eq(rsvps.userId, me.user.id)));
      await refreshAchievementProgress(tx, me.user.id);
    });
    // The rows changed behind the app's back, as another process's write would: the next read shows it.
    const records = await achievementsOf(me);
    expect(records.find((record) => record.achievement.name === 'First Step')).toMatchObject({
      progress: 0,
      unlockedAt: firstStep.unlockedAt,
    });
    // Helping Hand (hours) was only in progress, so it disappears at zero.
    expect(records.find((record) => record.achievement.name === 'Helping Hand')).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    expect((await get(undefined, '/api/user/achievements')).statusCode).toBe(401);
  });
});

describe('GET /api/user/stats', () => {
  it('follows the achievement rules: hours, events, mean of rated organized events, experience', async () => {
    const me = await signUpUser(app);
    const other = await signUpUser(app);
    const raterOne = await signUpUser(app);
    const raterTwo = await signUpUser(app);
    const empty = await get(me, '/api/user/stats');
    expect(empty.json()).toEqual({
      totalHours: 0,
      verifiedHours: 0,
      totalEvents: 0,
      averageRating: 0,
      experience: 0,
      eventsOrganized: 0,
      eventsJoined: 0,
      upcomingCount: 0,
      attendedCount: 0,
      organizedCount: 0,
      attendanceRecord: { attended: 0, noShows: 0 },
    });

    const db = app.database.db;
    const rated = await createEventRow(db, { organizerId: me.user.id, date: daysFromNow(-3) });
    const ratedOnce = await createEventRow(db, { organizerId: me.user.id, date: daysFromNow(-2) });
    await createEventRow(db, { organizerId: me.user.id, date: daysFromNow(5) });
    for (const event of [rated, ratedOnce]) {
      await addRsvpRow(db, event.id, raterOne.user.id);
      await addRsvpRow(db, event.id, raterTwo.user.id);
    }
    const rate = (person: SignedUpUser, eventId: number, rating: number) =>
      app.inject({
        method: 'POST',
        url: '/api/ratings',
        headers: { cookie: person.cookie },
        payload: { eventId, rating },
      });
    expect((await rate(raterOne, rated.id, 5)).statusCode).toBe(201);
    expect((await rate(raterTwo, rated.id, 4)).statusCode).toBe(201);
    expect((await rate(raterOne, ratedOnce.id, 3)).statusCode).toBe(201);

    const joinedOne = await createEventRow(db, { organizerId: other.user.id, categoryId: 1 });
    const joinedTwo = await createEventRow(db, { organizerId: other.user.id, categoryId: 1, date: daysFromNow(-1) });
    await db.transaction(async (tx) => {
      await addRsvpRow(tx, joinedOne.id, me.user.id);
      await addRsvpRow(tx, joinedTwo.id, me.user.id);
      await refreshAchievementProgress(tx, me.user.id);
    });

    const stats = (await get(me, '/api/user/stats')).json();
    // 3 organized, 2 joined, none attended as recorded: First Step 25 + Event Creator 50. The 18 planned
    // hours unlock no Helping Hand and earn no experience.
    expect(stats).toEqual({
      totalHours: 4 * 3 + 3 * 2,
      verifiedHours: 0,
      totalEvents: 5,
      averageRating: (4.5 + 3) / 2,
      experience: 75,
      eventsOrganized: 3,
      eventsJoined: 2,
      // Upcoming: the one organized ahead and joinedOne; joinedTwo is past.
      upcomingCount: 2,
      attendedCount: 2,
      organizedCount: 3,
      // joinedTwo is over and nobody recorded them there: a no-show (decisions §19).
      attendanceRecord: { attended: 0, noShows: 1 },
    });
    const unlockedPoints = (await achievementsOf(me))
      .filter((record) => record.unlockedAt)
      .reduce((sum, record) => sum + record.achievement.points, 0);
    expect(stats.experience).toBe(unlockedPoints);
    expect((await get(undefined, '/api/user/stats')).statusCode).toBe(401);
  });

  it('counts verified hours for the headline, hour achievements and levels, in the write that records attendance', async () => {
    const me = await signUpUser(app);
    const organizer = await signUpUser(app);
    const db = app.database.db;
    // Four separate three-hour events, a day apart, each RSVP'd: 12 planned hours, none verified yet.
    const attended = [];
    for (let index = 0; index < 4; index += 1) {
      const event = await createEventRow(db, { organizerId: organizer.user.id, date: daysFromNow(-5 + index) });
      await addRsvpRow(db, event.id, me.user.id);
      attended.push(event);
    }
    const record = (eventId: number, isAttended: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/events/${eventId}/attendance`,
        headers: { cookie: organizer.cookie },
        payload: { entries: [{ userId: me.user.id, attended: isAttended }] },
      });
    const helpingHand = async () =>
      (await achievementsOf(me)).find((entry) => entry.achievement.name === 'Helping Hand');
    expect(await helpingHand()).toBeUndefined();

    for (const event of attended.slice(0, 3)) expect((await record(event.id, true)).statusCode).toBe(200);
    expect(await helpingHand()).toMatchObject({ progress: 9, unlockedAt: null });
    expect((await record(attended[3]!.id, true)).statusCode).toBe(200);
    expect(await helpingHand()).toMatchObject({ progress: 12, unlockedAt: expect.any(String) });

    const stats = (await get(me, '/api/user/stats')).json();
    // First Step 25 + Helping Hand 50, and 10 experience per whole verified hour.
    expect(stats).toMatchObject({ verifiedHours: 12, totalHours: 3 * 4, experience: 25 + 50 + 10 * 12 });

    // A mark taken back lowers the hours in the same write; the unlocked achievement stays.
    expect((await record(attended[0]!.id, false)).statusCode).toBe(200);
    expect(await helpingHand()).toMatchObject({ progress: 9, unlockedAt: expect.any(String) });
    expect((await get(me, '/api/user/stats')).json()).toMatchObject({ verifiedHours: 9 });
  });

  it('counts upcoming events once each, without cancelled ones, and every RSVP and organized event past any page', async () => {
    const me = await signUpUser(app);
    const other = await signUpUser(app);
    const db = app.database.db;
    // More RSVPs than a page of GET /api/my-rsvps holds (limit at most 100): the counts are not a page's length.
    for (let index = 0; index < 103; index += 1) {
      const event = await createEventRow(db, { organizerId: other.user.id, date: daysFromNow(1 + index) });
      await addRsvpRow(db, event.id, me.user.id);
    }
    const pastJoined = await createEventRow(db, { organizerId: other.user.id, date: daysFromNow(-4) });
    await addRsvpRow(db, pastJoined.id, me.user.id);
    const cancelled = await createEventRow(db, { organizerId: other.user.id, date: daysFromNow(3) });
    await addRsvpRow(db, cancelled.id, me.user.id);
    await db.update(events).set({ status: 'cancelled' }).where(eq(events.id, cancelled.id));
    // Organized and joined by me: one upcoming event, counted once.
    const ownAhead = await createEventRow(db, { organizerId: me.user.id, date: daysFromNow(2) });
    await addRsvpRow(db, ownAhead.id, me.user.id);
    await createEventRow(db, { organizerId: me.user.id, date: daysFromNow(-9) });

    const stats = (await get(me, '/api/user/stats')).json();
    expect(stats).toMatchObject({
      upcomingCount: 103 + 1,
      attendedCount: 103 + 1 + 1 + 1,
      organizedCount: 2,
      eventsJoined: 106,
      eventsOrganized: 2,
    });
  });
});

describe('GET /api/user/hours-by-month', () => {
  /** The first day of the month `offset` months from this one, at noon UTC, as YYYY-MM and as a date. */
  function monthAt(offset: number, day = 15) {
    const now = new Date();
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day, 12));
    return { date, key: `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}` };
  }

  /** An RSVP of `person` to an event of `organizer` at `date`, recorded as attended (3 hours, the default length). */
  async function attend(person: SignedUpUser, organizer: SignedUpUser, date: Date, door?: { in: Date; out: Date }) {
    const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date });
    await addRsvpRow(app.database.db, event.id, person.user.id);
    await app.database.db
      .update(rsvps)
      .set({ attended: true, checkedInAt: door?.in ?? null, checkedOutAt: door?.out ?? null })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.userId, person.user.id)));
    return event;
  }

  async function readMonths(person: SignedUpUser, timeZone = 'UTC') {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user/hours-by-month?timeZone=${encodeURIComponent(timeZone)}`,
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<{ month: string; hours: number }>;
  }

  it('counts verified hours only, in the month they were given, overlaps once, over the last 12 months', async () => {
    const person = await signUpUser(app);
    const other = await signUpUser(app);
    const thisMonth = monthAt(0, 1);
    const threeAgo = monthAt(-3);
    const yearAgo = monthAt(-12);
    // Planned hours count nothing: an event organized, and one joined without a recorded attendance.
    await createEventRow(app.database.db, { organizerId: person.user.id, date: threeAgo.date });
    const joined = await createEventRow(app.database.db, { organizerId: other.user.id, date: threeAgo.date });
    await addRsvpRow(app.database.db, joined.id, person.user.id);
    // Verified: 3 h three months ago; this month the door's 90 minutes, and two events overlapping by an
    // hour (3 h each, one starting 2 h after the other: 5 h together, not 6).
    await attend(person, other, threeAgo.date);
    const doorStart = new Date(thisMonth.date.getTime() + 60 * 60_000);
    await attend(person, other, thisMonth.date, { in: doorStart, out: new Date(doorStart.getTime() + 90 * 60_000) });
    const later = new Date(thisMonth.date.getTime() + 5 * 24 * 3_600_000);
    await attend(person, other, later);
    await attend(person, other, new Date(later.getTime() + 2 * 3_600_000));
    await attend(person, other, yearAgo.date);
    const months = await readMonths(person);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({ month: thisMonth.key, hours: 1.5 + 5 });
    expect(months.find((month) => month.month === threeAgo.key)?.hours).toBe(3);
    // Twelve months ago is outside the chart.
    expect(months.some((month) => month.month === yearAgo.key)).toBe(false);
    expect(months.reduce((sum, month) => sum + month.hours, 0)).toBe(9.5);
  });

  it("places verified hours in the month of the viewer's zone", async () => {
    const person = await signUpUser(app);
    const other = await signUpUser(app);
    const lastMonth = monthAt(-1, 1);
    // 23:30 UTC on the last day of two months ago is already the first of last month in Berlin.
    const boundary = new Date(lastMonth.date.getTime() - 12 * 3600_000 - 30 * 60_000);
    await attend(person, other, boundary);
    expect((await readMonths(person, 'Europe/Berlin')).find((month) => month.month === lastMonth.key)?.hours).toBe(3);
    expect((await readMonths(person, 'UTC')).find((month) => month.month === lastMonth.key)?.hours).toBe(0);
  });

  it('refuses an unknown zone with 400 and a guest with 401', async () => {
    const person = await signUpUser(app);
    for (const timeZone of ['Mars/Olympus', "'; DROP TABLE events; --", 'x'.repeat(65)]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/user/hours-by-month?timeZone=${encodeURIComponent(timeZone)}`,
        headers: { cookie: person.cookie },
      });
      expect(response.statusCode, timeZone).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/user/hours-by-month' })).statusCode).toBe(401);
  });
});
