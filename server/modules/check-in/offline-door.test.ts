import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rsvps } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';

/**
 * Decision 0028, the offline door: the door's offline queue kept the time of each scan, but sent only the code and the
 * server stamped its own now. A door offline from 9:00 to 17:00 that synced at 17:05 recorded about no
 * hours instead of 8. Check-ins and check-outs now take the scan's `at`, which the server bounds.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
let app: TestApp;
let organizer: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = (await signUpMany(app, 1))[0]!;
});
afterAll(async () => {
  await app?.close();
});

function call(method: 'GET' | 'POST', url: string, as: SignedUpUser, payload?: object) {
  return app.inject({ method, url, headers: { cookie: as.cookie }, ...(payload === undefined ? {} : { payload }) });
}

/** An 8-hour event that began at "9:00", 8 h 5 min ago: it is now "17:05". */
async function dayLongEvent(people: SignedUpUser[]) {
  const start = new Date(Date.now() - 8 * HOUR_MS - 5 * MINUTE_MS);
  const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: start });
  await app.database.db
    .update(events)
    .set({ durationMinutes: 8 * 60 })
    .where(eq(events.id, event.id));
  for (const person of people) await addRsvpRow(app.database.db, event.id, person.user.id);
  const codes: string[] = [];
  for (const person of people) codes.push((await call('GET', `/api/events/${event.id}/ticket`, person)).json().code);
  return { eventId: event.id, start, codes };
}

async function doorTimesOf(eventId: number, userId: string) {
  const [row] = await app.database.db
    .select({ checkedInAt: rsvps.checkedInAt, checkedOutAt: rsvps.checkedOutAt })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row!;
}

describe('a door that was offline sends the time of each scan', () => {
  it('a queue of the day synced at 17:05 records the hours of its scans, 9:00 to 17:00', async () => {
    const [volunteer] = await signUpMany(app, 1);
    const { eventId, start, codes } = await dayLongEvent([volunteer!]);
    const checkedInAt = start;
    const checkedOutAt = new Date(start.getTime() + 8 * HOUR_MS);
    // The queue, replayed in order at 17:05, as use-door-sync sends it.
    const checkIn = await call('POST', `/api/events/${eventId}/check-ins`, organizer, {
      code: codes[0],
      at: checkedInAt.toISOString(),
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().checkedInAt).toBe(checkedInAt.toISOString());
    const checkOut = await call('POST', `/api/events/${eventId}/check-outs`, organizer, {
      code: codes[0],
      at: checkedOutAt.toISOString(),
    });
    expect(checkOut.statusCode, checkOut.body).toBe(200);
    expect(checkOut.json().checkedOutAt).toBe(checkedOutAt.toISOString());

    const hours = (await call('GET', '/api/user/hours', volunteer!)).json();
    expect(hours.verifiedHours).toBeCloseTo(8, 2);
    // Replayed again (a lost answer): nothing moves.
    const again = await call('POST', `/api/events/${eventId}/check-ins`, organizer, {
      code: codes[0],
      at: new Date().toISOString(),
    });
    expect(again.json()).toMatchObject({ alreadyCheckedIn: true, checkedInAt: checkedInAt.toISOString() });
  });

  it('bounds the time: never after now, never before the window opens, a check-out never before its check-in', async () => {
    const [ahead, early, backwards] = await signUpMany(app, 3);
    const { eventId, start, codes } = await dayLongEvent([ahead!, early!, backwards!]);

    // A device whose clock runs an hour ahead: now.
    const before = Date.now();
    await call('POST', `/api/events/${eventId}/check-ins`, organizer, {
      code: codes[0],
      at: new Date(Date.now() + HOUR_MS).toISOString(),
    });
    const aheadTimes = await doorTimesOf(eventId, ahead!.user.id);
    expect(aheadTimes.checkedInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(aheadTimes.checkedInAt!.getTime()).toBeLessThanOrEqual(Date.now());

    // A day before the event: the window's opening, 2 hours before the start.
    await call('POST', `/api/events/${eventId}/check-ins`, organizer, {
      code: codes[1],
      at: new Date(start.getTime() - 24 * HOUR_MS).toISOString(),
    });
    expect((await doorTimesOf(eventId, early!.user.id)).checkedInAt).toEqual(new Date(start.getTime() - 2 * HOUR_MS));

    // Checked in at 12:00, a check-out sent with 10:00: the check-in's time, no hours below zero.
    const noon = new Date(start.getTime() + 3 * HOUR_MS);
    await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code: codes[2], at: noon.toISOString() });
    const out = await call('POST', `/api/events/${eventId}/check-outs`, organizer, {
      code: codes[2],
      at: new Date(start.getTime() + HOUR_MS).toISOString(),
    });
    expect(out.statusCode).toBe(200);
    expect(await doorTimesOf(eventId, backwards!.user.id)).toEqual({ checkedInAt: noon, checkedOutAt: noon });
  });

  it('refuses a time that is no time with 400, and records nothing', async () => {
    const [volunteer] = await signUpMany(app, 1);
    const { eventId, codes } = await dayLongEvent([volunteer!]);
    for (const at of ['yesterday', '2026-13-01T00:00:00Z', 12345, ''])
      expect(
        (await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code: codes[0], at })).statusCode,
      ).toBe(400);
    expect((await doorTimesOf(eventId, volunteer!.user.id)).checkedInAt).toBeNull();
  });
});
