import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, organizations, rsvps, users } from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';
import { StatsService } from './stats.service';

const HOUR_MS = 60 * 60 * 1000;

let app: TestApp;
let organizer: SignedUpUser;
let first: SignedUpUser;
let second: SignedUpUser;

async function markAttended(eventId: number, userId: string) {
  const db = app.database.db;
  await addRsvpRow(db, eventId, userId);
  await db
    .update(rsvps)
    .set({ attended: true })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
}

beforeAll(async () => {
  app = await createTestApp();
  let leaving: SignedUpUser;
  [organizer, first, second, leaving] = (await signUpMany(app, 4)) as [
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
    SignedUpUser,
  ];
  const db = app.database.db;
  const start = daysFromNow(-3);
  // The first person's two events overlap by two hours: three hours each, four hours of their time.
  const morning = await createEventRow(db, { organizerId: organizer.user.id, date: start });
  const late = await createEventRow(db, { organizerId: organizer.user.id, date: new Date(start.getTime() + HOUR_MS) });
  await markAttended(morning.id, first.user.id);
  await markAttended(late.id, first.user.id);
  // The second person's three hours overlap the first person's: each person's own time counts.
  await markAttended(morning.id, second.user.id);
  // Verifying nothing: an organizer's mark for their own event, a mere RSVP, a cancelled event.
  await markAttended(morning.id, organizer.user.id);
  await addRsvpRow(db, late.id, second.user.id);
  const cancelled = await createEventRow(db, { organizerId: organizer.user.id, date: daysFromNow(-10) });
  await markAttended(cancelled.id, second.user.id);
  await db.update(events).set({ status: 'cancelled' }).where(eq(events.id, cancelled.id));
  // The fourth account is deleted: it is no longer a volunteer.
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaving.user.id));
  // Two communities (decisions.md §20 organizations).
  await db.insert(organizations).values([
    { slug: 'river-trust', name: 'River Trust', description: '' },
    { slug: 'food-bank', name: 'Food Bank', description: '' },
  ]);
});

afterAll(async () => app.close());

describe('GET /api/stats/public', () => {
  it('answers guests with the accounts, every verified hour once per person, and the organizations', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/stats/public' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      volunteers: 3,
      verifiedHours: 7,
      communities: 2,
      eventsThisMonth: expect.any(Number),
    });
  });
});

describe('the public figures', () => {
  it("count the events starting in this calendar month of the server's zone, not cancelled or test ones", async () => {
    const db = app.database.db;
    const now = new Date('2031-03-15T12:00:00Z');
    const organizerId = organizer.user.id;
    // Lisbon is on UTC+1 from the last Sunday of March; in early March its month starts at 00:00 UTC.
    for (const date of ['2031-03-01T00:30:00Z', '2031-03-31T21:00:00Z', '2031-03-20T10:00:00Z'])
      await createEventRow(db, { organizerId, date: new Date(date) });
    // Outside the month: just before it, and just after it in Lisbon (already April there).
    for (const date of ['2031-02-28T23:30:00Z', '2031-03-31T23:30:00Z'])
      await createEventRow(db, { organizerId, date: new Date(date) });
    const cancelled = await createEventRow(db, { organizerId, date: new Date('2031-03-10T10:00:00Z') });
    await db.update(events).set({ status: 'cancelled' }).where(eq(events.id, cancelled.id));
    const test = await createEventRow(db, { organizerId, date: new Date('2031-03-11T10:00:00Z') });
    await db.update(events).set({ isTest: true }).where(eq(events.id, test.id));

    const stats = await new StatsService(db, { timeZone: 'Europe/Lisbon', now: () => now }).publicStats();

    expect(stats.eventsThisMonth).toBe(3);
  });

  it('are read once per five minutes: a new account shows only after that', async () => {
    let now = new Date();
    const service = new StatsService(app.database.db, { timeZone: 'UTC', now: () => now });
    const before = await service.publicStats();
    await signUpMany(app, 1);

    now = new Date(now.getTime() + 4 * 60 * 1000);
    expect((await service.publicStats()).volunteers).toBe(before.volunteers);
    now = new Date(now.getTime() + 61 * 1000);
    expect((await service.publicStats()).volunteers).toBe(before.volunteers + 1);
  });
});
