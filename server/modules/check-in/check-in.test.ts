import jsQR from 'jsqr';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rsvps } from '../../db/schema';
import {
  createEvent,
  createTestApp,
  signUpMany,
  signUpUser,
  type SignedUpUser,
  type TestApp,
} from '../../test/test-app';

const HOUR_MS = 60 * 60 * 1000;

let app: TestApp;
let organizer: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app);
});
afterAll(async () => app?.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, as: SignedUpUser, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { cookie: as.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** An event starting in an hour (inside the check-in window), with `holders` people holding places. */
async function eventWithHolders(holderCount: number) {
  const event = await createEvent(app, organizer.cookie, {
    title: 'Harbour cleanup',
    date: new Date(Date.now() + HOUR_MS).toISOString(),
    durationMinutes: 120,
  });
  const holders = await signUpMany(app, holderCount);
  for (const holder of holders)
    expect((await call('POST', `/api/events/${event.id}/rsvp`, holder, { status: 'attending' })).statusCode).toBe(200);
  return { eventId: event.id, holders };
}

async function ticketOf(eventId: number, holder: SignedUpUser): Promise<string> {
  const response = await call('GET', `/api/events/${eventId}/ticket`, holder);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().code;
}

async function moveStart(eventId: number, startsInMs: number) {
  await app.database.db
    .update(events)
    .set({ date: new Date(Date.now() + startsInMs) })
    .where(eq(events.id, eventId));
}

async function rsvpRow(eventId: number, userId: string) {
  const [row] = await app.database.db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row!;
}

describe('GET /api/events/:id/ticket', () => {
  it("gives a holder their own random code, which names nobody, and nobody else's", async () => {
    const { eventId, holders } = await eventWithHolders(2);
    const [first, second] = holders as [SignedUpUser, SignedUpUser];
    const response = await call('GET', `/api/events/${eventId}/ticket`, first);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const ticket = response.json();
    expect(ticket).toMatchObject({ eventId, userId: first.user.id });
    expect(ticket.code).toMatch(/^[0-9a-f]{32}$/);
    expect(ticket.code).not.toContain(first.user.id.replace(/-/g, '').toLowerCase());
    expect(await ticketOf(eventId, first)).toBe(ticket.code);
    expect(await ticketOf(eventId, second)).not.toBe(ticket.code);
  });

  it('draws the code as an SVG QR code for its holder only', async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const response = await call('GET', `/api/events/${eventId}/ticket/qr-code`, holders[0]!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    // A phone reads the holder's own code from it.
    const ticket = await call('GET', `/api/events/${eventId}/ticket`, holders[0]!);
    const { data, info } = await sharp(Buffer.from(response.body), { density: 300 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(ticket.json().code);
    const stranger = await signUpUser(app);
    expect((await call('GET', `/api/events/${eventId}/ticket/qr-code`, stranger)).statusCode).toBe(404);
  });

  it('answers 404 to a person without a place, 401 to a guest and 400 to a bad id', async () => {
    const { eventId } = await eventWithHolders(0);
    const stranger = await signUpUser(app);
    const refused = await call('GET', `/api/events/${eventId}/ticket`, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('RSVP_NOT_FOUND');
    expect((await app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket` })).statusCode).toBe(401);
    expect((await call('GET', '/api/events/x/ticket', stranger)).statusCode).toBe(400);
    expect((await call('GET', '/api/events/999999/ticket', stranger)).json().code).toBe('EVENT_NOT_FOUND');
  });
});

describe('POST /api/events/:id/check-ins', () => {
  it('checks a ticket in and sets attended; a repeated scan answers alreadyCheckedIn with the first time', async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const holder = holders[0]!;
    const code = await ticketOf(eventId, holder);
    const first = await call('POST', `/api/events/${eventId}/check-ins`, organizer, {
      code: ` ${code.toUpperCase()} `,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      user: { id: holder.user.id, firstName: holder.user.firstName, lastName: holder.user.lastName },
      alreadyCheckedIn: false,
    });
    const row = await rsvpRow(eventId, holder.user.id);
    expect(row.attended).toBe(true);
    expect(row.checkedInAt?.toISOString()).toBe(first.json().checkedInAt);

    const again = await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.json().checkedInAt });
  });

  it('counts two concurrent scans of one code once', async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const code = await ticketOf(eventId, holders[0]!);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/events/${eventId}/check-ins`, organizer, { code })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => !answer.json().alreadyCheckedIn)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().checkedInAt)).size).toBe(1);
  });

  it("refuses another event's code, an unknown code and odd input with 404 or 400", async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const other = await eventWithHolders(1);
    const otherCode = await ticketOf(other.eventId, other.holders[0]!);
    const foreign = await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code: otherCode });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TICKET_NOT_FOUND');
    const unknown = await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code: '0'.repeat(32) });
    expect(unknown.json().code).toBe('TICKET_NOT_FOUND');
    for (const code of ['', 'x'.repeat(5000), "' OR 1=1 --", 42, null]) {
      const response = await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
      expect(response.statusCode, String(code)).toBe(400);
    }
    expect((await rsvpRow(eventId, holders[0]!.user.id)).checkedInAt).toBeNull();
  });

  it("is the organizer's alone: a holder cannot check themself or anyone in", async () => {
    const { eventId, holders } = await eventWithHolders(2);
    const code = await ticketOf(eventId, holders[1]!);
    for (const caller of [holders[0]!, holders[1]!]) {
      const response = await call('POST', `/api/events/${eventId}/check-ins`, caller, { code });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NOT_ORGANIZER');
    }
    const door = await call('GET', `/api/events/${eventId}/check-ins`, holders[0]!);
    expect(door.statusCode).toBe(403);
  });

  it("refuses the organizer's own ticket: their word for themself verifies nothing", async () => {
    const { eventId } = await eventWithHolders(0);
    expect((await call('POST', `/api/events/${eventId}/rsvp`, organizer, { status: 'organizing' })).statusCode).toBe(
      200,
    );
    const code = await ticketOf(eventId, organizer);
    const response = await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
  });

  it('opens 2 hours before the start and closes 12 hours after the end', async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const code = await ticketOf(eventId, holders[0]!);
    const attempt = () => call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
    await moveStart(eventId, 2 * HOUR_MS + 60_000);
    expect((await attempt()).json().code).toBe('CHECK_IN_CLOSED');
    await moveStart(eventId, 2 * HOUR_MS - 60_000);
    expect((await attempt()).statusCode).toBe(200);
    // The event lasts 2 hours: 14 hours after its start it is 12 hours after its end.
    await moveStart(eventId, -(14 * HOUR_MS + 60_000));
    const late = await attempt();
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CHECK_IN_CLOSED');
    await moveStart(eventId, -(14 * HOUR_MS - 60_000));
    expect((await attempt()).statusCode).toBe(200);
  });

  it('refuses a cancelled event', async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const code = await ticketOf(eventId, holders[0]!);
    expect((await call('POST', `/api/events/${eventId}/cancel`, organizer, {})).statusCode).toBe(200);
    const response = await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
    expect(response.json().code).toBe('EVENT_CANCELLED');
  });
});

describe('check-outs, undo and the door', () => {
  it('checks out only a checked-in ticket; verified hours become check-out minus check-in', async () => {
    const { eventId, holders } = await eventWithHolders(2);
    const [stayed, leftEarly] = holders as [SignedUpUser, SignedUpUser];
    const stayedCode = await ticketOf(eventId, stayed);
    const leftCode = await ticketOf(eventId, leftEarly);
    const notIn = await call('POST', `/api/events/${eventId}/check-outs`, organizer, { code: leftCode });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().code).toBe('NOT_CHECKED_IN');
    for (const code of [stayedCode, leftCode])
      expect((await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code })).statusCode).toBe(200);
    const out = await call('POST', `/api/events/${eventId}/check-outs`, organizer, { code: leftCode });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().user.id).toBe(leftEarly.user.id);

    // 45 minutes between the door's two times, against the event's 2 hours for the one who never checked out;
    // the event has begun by the check-in (no hour counts before the start, decisions §22).
    await app.database.db
      .update(events)
      .set({ date: sql`now() - interval '45 minutes'` })
      .where(eq(events.id, eventId));
    await app.database.db
      .update(rsvps)
      .set({ checkedInAt: sql`now() - interval '45 minutes'`, checkedOutAt: sql`now()` })
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, leftEarly.user.id)));
    const leftHours = (await call('GET', '/api/user/hours', leftEarly)).json();
    expect(leftHours.verifiedHours).toBe(0.75);
    expect(leftHours.entries).toEqual([expect.objectContaining({ eventId, hours: 0.75 })]);
    expect((await call('GET', '/api/user/hours', stayed)).json().verifiedHours).toBe(2);
  });

  it('undoes a mistaken check-in whole, and a replayed undo changes nothing', async () => {
    const { eventId, holders } = await eventWithHolders(1);
    const holder = holders[0]!;
    const code = await ticketOf(eventId, holder);
    await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
    await call('POST', `/api/events/${eventId}/check-outs`, organizer, { code });
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await call('DELETE', `/api/events/${eventId}/check-ins/${code}`, organizer)).statusCode).toBe(204);
    expect(await rsvpRow(eventId, holder.user.id)).toMatchObject({
      checkedInAt: null,
      checkedOutAt: null,
      attended: null,
    });
    expect((await call('DELETE', `/api/events/${eventId}/check-ins/nope`, organizer)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/events/${eventId}/check-ins/${code}`, holder)).statusCode).toBe(403);
  });

  it('lists every holder but the organizer with their codes and times, to the organizer only', async () => {
    const { eventId, holders } = await eventWithHolders(2);
    expect((await call('POST', `/api/events/${eventId}/rsvp`, organizer, { status: 'organizing' })).statusCode).toBe(
      200,
    );
    const code = await ticketOf(eventId, holders[0]!);
    await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code });
    const door = await call('GET', `/api/events/${eventId}/check-ins`, organizer);
    expect(door.statusCode, door.body).toBe(200);
    const people = door.json().people as Array<{ user: { id: string }; code: string; checkedInAt: string | null }>;
    expect(people.map((person) => person.user.id).sort()).toEqual(holders.map((holder) => holder.user.id).sort());
    expect(people.find((person) => person.code === code)?.checkedInAt).not.toBeNull();
    expect(people.filter((person) => person.checkedInAt === null)).toHaveLength(1);
  });
});
