import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slot } from '../../../contract/slots';
import { events, notifications, rateLimitCounters, rsvps, slots } from '../../db/schema';
import { daysFromNow } from '../../test/fixtures';
import { createEvent, createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
let organizer: SignedUpUser;
let people: SignedUpUser[];

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  [organizer, ...people] = (await signUpMany(app, 9)) as [SignedUpUser, ...SignedUpUser[]];
});
afterAll(async () => app?.close());

const HOUR = 60 * 60 * 1000;

const EVENT_DAY = daysFromNow(6).getTime();

/** A window `startHours` from the event's day (6 days ahead), `lengthHours` long. */
function window(startHours: number, lengthHours = 2) {
  const start = new Date(EVENT_DAY + startHours * HOUR);
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + lengthHours * HOUR).toISOString() };
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, cookie?: string, payload?: object) {
  return app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
}

async function addSlot(eventId: number, fields: Record<string, unknown> = {}): Promise<Slot> {
  const response = await call('POST', `/api/events/${eventId}/slots`, organizer.cookie, {
    role: 'Sorting',
    ...window(0),
    capacity: 2,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Slot;
}

async function readEvent(eventId: number, cookie?: string) {
  return (await call('GET', `/api/events/${eventId}`, cookie)).json() as {
    slotCount: number;
    openSlotPlaces: number;
    rsvpCount: number;
    userRsvpStatus: string | null;
  };
}

async function rsvpStatusOf(eventId: number, userId: string) {
  const [row] = await app.database.db
    .select({ status: rsvps.status })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row?.status ?? null;
}

async function notificationTypesOf(userId: string, eventId: number) {
  const rows = await app.database.db
    .select({ type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventId, eventId)));
  return rows.map((row) => row.type);
}

describe('slots of an event', () => {
  it('lists them by start then role, to guests too, and event answers count them and their open places', async () => {
    const event = await createEvent(app, organizer.cookie);
    await addSlot(event.id, { role: 'Zebra crossing', ...window(3), capacity: 3 });
    await addSlot(event.id, { role: 'Setup', ...window(0), capacity: 4 });
    await addSlot(event.id, { role: 'Kitchen', ...window(3), capacity: 5, description: 'Aprons provided' });
    const guest = await call('GET', `/api/events/${event.id}/slots`);
    expect(guest.statusCode).toBe(200);
    const list = guest.json() as Slot[];
    expect(list.map((slot) => slot.role)).toEqual(['Setup', 'Kitchen', 'Zebra crossing']);
    expect(list[1]).toMatchObject({
      description: 'Aprons provided',
      capacity: 5,
      signupCount: 0,
      userSignupStatus: null,
    });
    expect(await readEvent(event.id)).toMatchObject({ slotCount: 3, openSlotPlaces: 12 });
    await call('POST', `/api/slots/${list[0]!.id}/signup`, people[0]!.cookie);
    expect(await readEvent(event.id)).toMatchObject({ slotCount: 3, openSlotPlaces: 11 });
    const list2 = (await call('GET', `/api/events/${event.id}/slots`, people[0]!.cookie)).json() as Slot[];
    expect(list2[0]).toMatchObject({ signupCount: 1, userSignupStatus: 'confirmed' });
  });

  it('refuses bad input with 400 and another organizer with 403, an unknown event or slot with 404', async () => {
    const event = await createEvent(app, organizer.cookie);
    const bad = [
      { role: '', ...window(0), capacity: 1 },
      { role: 'x'.repeat(81), ...window(0), capacity: 1 },
      { role: 'Ok', ...window(0), capacity: 0 },
      { role: 'Ok', ...window(0), capacity: 10_001 },
      { role: 'Ok', ...window(0), capacity: '2' },
      { role: 'Ok', ...window(0, 25), capacity: 1 },
      { role: 'Ok', startsAt: window(2).startsAt, endsAt: window(0).startsAt, capacity: 1 },
      { role: 'Ok', startsAt: 'tomorrow', endsAt: window(0).endsAt, capacity: 1 },
      { role: 'Ok', ...window(0), capacity: 1, description: 'd'.repeat(501) },
      {
        role: 'Ok',
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date().toISOString(),
        capacity: 1,
      },
    ];
    for (const body of bad)
      expect((await call('POST', `/api/events/${event.id}/slots`, organizer.cookie, body)).statusCode).toBe(400);
    const slot = await addSlot(event.id);
    expect(
      (await call('POST', `/api/events/${event.id}/slots`, people[0]!.cookie, { role: 'X', ...window(0), capacity: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/slots/${slot.id}`, people[0]!.cookie, { capacity: 9 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/slots/${slot.id}`, people[0]!.cookie)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/slots/${slot.id}`, organizer.cookie, { ...window(0, 30) })).statusCode).toBe(400);
    expect(
      (await call('PATCH', `/api/slots/${slot.id}`, organizer.cookie, { endsAt: window(-1).startsAt })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/events/999999/slots')).statusCode).toBe(404);
    expect((await call('POST', '/api/slots/999999/signup', people[0]!.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/slots/abc/signup', people[0]!.cookie)).statusCode).toBe(400);
    expect((await call('POST', `/api/slots/${slot.id}/signup`)).statusCode).toBe(401);
  });

  it('confirms a place, holds attending exactly while a confirmed slot is held, and refuses the event RSVP', async () => {
    const event = await createEvent(app, organizer.cookie);
    const morning = await addSlot(event.id, { ...window(0) });
    const evening = await addSlot(event.id, { ...window(5) });
    const person = people[1]!;
    const taken = await call('POST', `/api/slots/${morning.id}/signup`, person.cookie);
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ status: 'confirmed' });
    expect(await rsvpStatusOf(event.id, person.user.id)).toBe('attending');
    expect((await readEvent(event.id)).rsvpCount).toBe(1);
    expect((await call('POST', `/api/slots/${evening.id}/signup`, person.cookie)).statusCode).toBe(201);
    expect((await readEvent(event.id)).rsvpCount).toBe(1);
    // Attending goes through a slot; another status stays possible for someone without one.
    const other = people[2]!;
    const refused = await call('POST', `/api/events/${event.id}/rsvp`, other.cookie, { status: 'attending' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CHOOSE_A_SLOT' });
    expect(
      (await call('POST', `/api/events/${event.id}/rsvp`, other.cookie, { status: 'supporting' })).statusCode,
    ).toBe(200);
    // Withdrawing or switching the event RSVP while holding slots is refused: the slots are what to give up.
    expect((await call('DELETE', `/api/events/${event.id}/rsvp`, person.cookie)).json()).toMatchObject({
      code: 'HOLDS_SLOTS',
    });
    expect(
      (await call('POST', `/api/events/${event.id}/rsvp`, person.cookie, { status: 'supporting' })).json(),
    ).toMatchObject({
      code: 'HOLDS_SLOTS',
    });
    expect((await call('DELETE', `/api/slots/${morning.id}/signup`, person.cookie)).statusCode).toBe(204);
    expect(await rsvpStatusOf(event.id, person.user.id)).toBe('attending');
    expect((await call('DELETE', `/api/slots/${evening.id}/signup`, person.cookie)).statusCode).toBe(204);
    expect(await rsvpStatusOf(event.id, person.user.id)).toBeNull();
    expect((await readEvent(event.id)).rsvpCount).toBe(1);
    expect((await call('DELETE', `/api/slots/${evening.id}/signup`, person.cookie)).statusCode).toBe(404);
    // A supporter who takes a slot becomes attending.
    expect((await call('POST', `/api/slots/${morning.id}/signup`, other.cookie)).statusCode).toBe(201);
    expect(await rsvpStatusOf(event.id, other.user.id)).toBe('attending');
  });

  it('answers SLOT_FULL, SLOT_OVERLAP (across events too) and ALREADY_SIGNED_UP', async () => {
    const event = await createEvent(app, organizer.cookie);
    const small = await addSlot(event.id, { capacity: 1, ...window(0) });
    const overlapping = await addSlot(event.id, { ...window(1) });
    expect((await call('POST', `/api/slots/${small.id}/signup`, people[3]!.cookie)).statusCode).toBe(201);
    expect((await call('POST', `/api/slots/${small.id}/signup`, people[3]!.cookie)).json()).toMatchObject({
      code: 'ALREADY_SIGNED_UP',
    });
    const full = await call('POST', `/api/slots/${small.id}/signup`, people[4]!.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'SLOT_FULL' });
    const overlap = await call('POST', `/api/slots/${overlapping.id}/signup`, people[3]!.cookie);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'SLOT_OVERLAP' });
    const otherEvent = await createEvent(app, organizer.cookie);
    const sameTime = await addSlot(otherEvent.id, { ...window(1, 1) });
    expect((await call('POST', `/api/slots/${sameTime.id}/signup`, people[3]!.cookie)).json()).toMatchObject({
      code: 'SLOT_OVERLAP',
    });
    // Back to back is no overlap.
    const next = await addSlot(otherEvent.id, { ...window(2, 1) });
    expect((await call('POST', `/api/slots/${next.id}/signup`, people[3]!.cookie)).statusCode).toBe(201);
  });

  it('takes several slots in one go, or none of them', async () => {
    const event = await createEvent(app, organizer.cookie);
    const a = await addSlot(event.id, { ...window(0) });
    const b = await addSlot(event.id, { ...window(2) });
    const c = await addSlot(event.id, { ...window(3) });
    const person = people[5]!;
    const clash = await call('POST', `/api/events/${event.id}/slot-signups`, person.cookie, {
      slotIds: [a.id, b.id, c.id],
    });
    expect(clash.json()).toMatchObject({ code: 'SLOT_OVERLAP' });
    expect(await rsvpStatusOf(event.id, person.user.id)).toBeNull();
    expect((await readEvent(event.id)).openSlotPlaces).toBe(6);
    const both = await call('POST', `/api/events/${event.id}/slot-signups`, person.cookie, { slotIds: [a.id, b.id] });
    expect(both.statusCode).toBe(201);
    expect(both.json()).toEqual([
      { slotId: a.id, status: 'confirmed' },
      { slotId: b.id, status: 'confirmed' },
    ]);
    const otherEvent = await createEvent(app, organizer.cookie);
    // A slot of another event is not this event's: 404, nothing taken.
    expect(
      (await call('POST', `/api/events/${otherEvent.id}/slot-signups`, person.cookie, { slotIds: [c.id] })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/events/${event.id}/slot-signups`, person.cookie, { slotIds: [c.id, c.id] })).statusCode,
    ).toBe(400);
  });

  it('refuses places at cancelled and past events with 409', async () => {
    const event = await createEvent(app, organizer.cookie);
    const slot = await addSlot(event.id);
    expect((await call('POST', `/api/events/${event.id}/cancel`, organizer.cookie, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/slots/${slot.id}/signup`, people[0]!.cookie)).json()).toMatchObject({
      code: 'EVENT_CANCELLED',
    });
    const past = await createEvent(app, organizer.cookie);
    const pastSlot = await addSlot(past.id);
    await app.database.db
      .update(events)
      .set({ date: sql`now() - interval '1 hour'` })
      .where(eq(events.id, past.id));
    expect((await call('POST', `/api/slots/${pastSlot.id}/signup`, people[0]!.cookie)).json()).toMatchObject({
      code: 'EVENT_PAST',
    });
  });

  it('gives a freed place to the first person waiting, in the same transaction, and tells them', async () => {
    const event = await createEvent(app, organizer.cookie);
    const slot = await addSlot(event.id, { capacity: 1, ...window(10) });
    const [holder, first, second] = [people[0]!, people[1]!, people[2]!];
    expect((await call('POST', `/api/slots/${slot.id}/waitlist`, first.cookie)).json()).toMatchObject({
      code: 'PLACES_FREE',
    });
    await call('POST', `/api/slots/${slot.id}/signup`, holder.cookie);
    expect((await call('POST', `/api/slots/${slot.id}/waitlist`, first.cookie)).json()).toEqual({ position: 1 });
    expect((await call('POST', `/api/slots/${slot.id}/waitlist`, second.cookie)).json()).toEqual({ position: 2 });
    expect((await call('POST', `/api/slots/${slot.id}/waitlist`, second.cookie)).json()).toMatchObject({
      code: 'ALREADY_WAITLISTED',
    });
    expect((await call('DELETE', `/api/slots/${slot.id}/signup`, holder.cookie)).statusCode).toBe(204);
    const [after] = (await call('GET', `/api/events/${event.id}/slots`, first.cookie)).json() as Slot[];
    expect(after).toMatchObject({ signupCount: 1, waitlistCount: 1, userSignupStatus: 'confirmed' });
    expect(await rsvpStatusOf(event.id, first.user.id)).toBe('attending');
    expect(await notificationTypesOf(first.user.id, event.id)).toContain('waitlist_promoted');
    expect((await call('DELETE', `/api/slots/${slot.id}/waitlist`, second.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/slots/${slot.id}/waitlist`, second.cookie)).statusCode).toBe(404);
  });

  it('holds pending places until the organizer approves or declines, and tells the person either way', async () => {
    const event = await createEvent(app, organizer.cookie);
    const slot = await addSlot(event.id, { capacity: 2, requiresApproval: true, ...window(12) });
    const [asker, declined] = [people[6]!, people[7]!];
    expect((await call('POST', `/api/slots/${slot.id}/signup`, asker.cookie)).json()).toEqual({ status: 'pending' });
    expect((await call('POST', `/api/slots/${slot.id}/signup`, declined.cookie)).json()).toEqual({ status: 'pending' });
    expect(await rsvpStatusOf(event.id, asker.user.id)).toBeNull();
    expect((await readEvent(event.id)).openSlotPlaces).toBe(0);
    const url = (person: SignedUpUser, decision: string) =>
      `/api/slots/${slot.id}/signups/${person.user.id}/${decision}`;
    expect((await call('POST', url(asker, 'approve'), asker.cookie)).statusCode).toBe(403);
    expect((await call('POST', url(asker, 'approve'), organizer.cookie)).json()).toEqual({ status: 'confirmed' });
    expect((await call('POST', url(asker, 'approve'), organizer.cookie)).json()).toMatchObject({ code: 'NOT_PENDING' });
    expect(await rsvpStatusOf(event.id, asker.user.id)).toBe('attending');
    expect((await call('POST', url(declined, 'decline'), organizer.cookie)).json()).toEqual({ status: 'declined' });
    expect((await call('POST', `/api/slots/${slot.id}/signups/nobody/approve`, organizer.cookie)).statusCode).toBe(404);
    expect(await notificationTypesOf(asker.user.id, event.id)).toContain('waitlist_promoted');
    expect(await notificationTypesOf(declined.user.id, event.id)).toContain('event_changed');
    expect((await readEvent(event.id)).openSlotPlaces).toBe(1);
    const roster = (await call('GET', `/api/events/${event.id}/slot-signups`, organizer.cookie)).json() as Array<{
      signups: Array<{ user: { id: string }; status: string }>;
    }>;
    expect(roster[0]!.signups).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: asker.user.id }), status: 'confirmed' }),
    ]);
  });

  it('refuses a capacity below the places taken, fills a raised one from the queue, and notifies holders of a new time and a removal', async () => {
    const event = await createEvent(app, organizer.cookie);
    const slot = await addSlot(event.id, { capacity: 1, ...window(14) });
    const [holder, waiting] = [people[4]!, people[5]!];
    await call('POST', `/api/slots/${slot.id}/signup`, holder.cookie);
    await call('POST', `/api/slots/${slot.id}/waitlist`, waiting.cookie);
    const shrink = await call('PATCH', `/api/slots/${slot.id}`, organizer.cookie, { capacity: 0 });
    expect(shrink.statusCode).toBe(400);
    await call('PATCH', `/api/slots/${slot.id}`, organizer.cookie, { capacity: 2 });
    expect(await rsvpStatusOf(event.id, waiting.user.id)).toBe('attending');
    const below = await call('PATCH', `/api/slots/${slot.id}`, organizer.cookie, { capacity: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'CAPACITY_BELOW_SIGNUPS' });
    const moved = await call('PATCH', `/api/slots/${slot.id}`, organizer.cookie, { ...window(15), role: 'Moved' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ role: 'Moved', startsAt: window(15).startsAt });
    expect(await notificationTypesOf(holder.user.id, event.id)).toContain('event_changed');
    expect((await call('DELETE', `/api/slots/${slot.id}`, organizer.cookie)).statusCode).toBe(204);
    expect(await rsvpStatusOf(event.id, holder.user.id)).toBeNull();
    expect(await readEvent(event.id)).toMatchObject({ slotCount: 0, openSlotPlaces: 0, rsvpCount: 0 });
    expect((await call('DELETE', `/api/slots/${slot.id}`, organizer.cookie)).statusCode).toBe(404);
  });

  it('records attendance per slot for confirmed holders only, and exports the schedule as CSV', async () => {
    const event = await createEvent(app, organizer.cookie);
    const slot = await addSlot(event.id, { role: '=Greeter', ...window(1) });
    const [came, stranger] = (await signUpMany(app, 2)) as [SignedUpUser, SignedUpUser];
    expect((await call('POST', `/api/slots/${slot.id}/signup`, came.cookie)).statusCode).toBe(201);
    const early = await call('PUT', `/api/slots/${slot.id}/attendance`, organizer.cookie, {
      entries: [{ userId: came.user.id, attended: true }],
    });
    expect(early.json()).toMatchObject({ code: 'ATTENDANCE_CLOSED' });
    await app.database.db
      .update(slots)
      .set({ startsAt: sql`now() - interval '2 hours'`, endsAt: sql`now() - interval '1 hour'` })
      .where(eq(slots.id, slot.id));
    const strangerEntry = await call('PUT', `/api/slots/${slot.id}/attendance`, organizer.cookie, {
      entries: [{ userId: stranger.user.id, attended: true }],
    });
    expect(strangerEntry.statusCode).toBe(400);
    expect(
      (
        await call('PUT', `/api/slots/${slot.id}/attendance`, came.cookie, {
          entries: [{ userId: came.user.id, attended: true }],
        })
      ).statusCode,
    ).toBe(403);
    const recorded = await call('PUT', `/api/slots/${slot.id}/attendance`, organizer.cookie, {
      entries: [{ userId: came.user.id, attended: true }],
    });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ slotId: slot.id, signups: [{ attended: true }] });
    // Verified hours count the attended slot's hour, not the event's three.
    const hours = (await call('GET', '/api/user/hours', came.cookie)).json() as {
      verifiedHours: number;
      entries: Array<{ eventId: number; hours: number }>;
    };
    expect(hours).toMatchObject({ verifiedHours: 1, entries: [{ eventId: event.id, hours: 1 }] });
    const csv = await call('GET', `/api/events/${event.id}/slot-signups?format=csv`, organizer.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('"Role"');
    expect(lines[1]).toContain(`"'=Greeter"`);
    expect(lines[1]).toContain('"Yes"');
    expect((await call('GET', `/api/events/${event.id}/slot-signups`, came.cookie)).statusCode).toBe(403);
  });

  it("lists a person's slots in My Events' order, with their event", async () => {
    const person = (await signUpMany(app, 1))[0]!;
    const event = await createEvent(app, organizer.cookie, { title: 'Harbour day' });
    const later = await addSlot(event.id, { role: 'Later', ...window(20) });
    const sooner = await addSlot(event.id, { role: 'Sooner', ...window(18) });
    await call('POST', `/api/slots/${later.id}/signup`, person.cookie);
    await call('POST', `/api/slots/${sooner.id}/signup`, person.cookie);
    const mine = (await call('GET', '/api/my-slots', person.cookie)).json() as Array<
      Slot & { event: { title: string } }
    >;
    expect(mine.map((slot) => slot.role)).toEqual(['Sooner', 'Later']);
    expect(mine[0]).toMatchObject({ userSignupStatus: 'confirmed', event: { id: event.id, title: 'Harbour day' } });
  });
});

describe('slot writes: limits and moved times', () => {
  it("counts creating, changing and removing slots against the organizer's 300 an hour (429, nothing written)", async () => {
    const [busyOrganizer] = await signUpMany(app, 1);
    const event = await createEvent(app, busyOrganizer!.cookie);
    const first = await call('POST', `/api/events/${event.id}/slots`, busyOrganizer!.cookie, {
      role: 'Sorting',
      ...window(0),
      capacity: 2,
    });
    expect(first.statusCode).toBe(201);
    const slotId = (first.json() as Slot).id;
    await app.database.db
      .update(rateLimitCounters)
      .set({ amount: 300 })
      .where(
        and(like(rateLimitCounters.key, '%slot-writes%'), like(rateLimitCounters.key, `%${busyOrganizer!.user.id}%`)),
      );
    const created = await call('POST', `/api/events/${event.id}/slots`, busyOrganizer!.cookie, {
      role: 'Kitchen',
      ...window(3),
      capacity: 2,
    });
    expect(created.statusCode).toBe(429);
    expect(created.headers['retry-after']).toBeDefined();
    const changed = await call('PATCH', `/api/slots/${slotId}`, busyOrganizer!.cookie, { role: 'Packing' });
    expect(changed.statusCode).toBe(429);
    expect((await call('DELETE', `/api/slots/${slotId}`, busyOrganizer!.cookie)).statusCode).toBe(429);
    const list = (await call('GET', `/api/events/${event.id}/slots`)).json() as Slot[];
    expect(list.map((slot) => slot.role)).toEqual(['Sorting']);
  });

  it('refuses a new time that gives a holder two slots at once (409 HOLDER_OVERLAP), and tells holders of one that does not', async () => {
    const event = await createEvent(app, organizer.cookie);
    const morning = await addSlot(event.id, { role: 'Morning', ...window(0, 2) });
    const afternoon = await addSlot(event.id, { role: 'Afternoon', ...window(3, 2) });
    const holder = people[7]!;
    for (const slot of [morning, afternoon])
      expect((await call('POST', `/api/slots/${slot.id}/signup`, holder.cookie)).statusCode).toBe(201);
    const overlapping = await call('PATCH', `/api/slots/${afternoon.id}`, organizer.cookie, window(1, 2));
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({ code: 'HOLDER_OVERLAP' });
    const unchanged = ((await call('GET', `/api/events/${event.id}/slots`)).json() as Slot[]).find(
      (slot) => slot.id === afternoon.id,
    )!;
    expect(unchanged.startsAt).toBe(afternoon.startsAt);
    const moved = await call('PATCH', `/api/slots/${afternoon.id}`, organizer.cookie, window(2, 2));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await notificationTypesOf(holder.user.id, event.id)).toContain('event_changed');
  });
});
