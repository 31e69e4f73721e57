import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rsvps } from '../../db/schema';
import { addOrganizationMemberRow, addRsvpRow, createEventRow, createOrganizationRow } from '../../test/fixtures';
import { createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';

/**
 * decisions §22: whoever can manage an event (organizer, co-organizer, organization owner, admin or
 * organizer) cannot check themself in by any path, and no hour is verified before the start. The
 * attack replayed: a co-organizer reads the kiosk's rotating code, checks in an hour before the start and
 * gets two verified hours of a one-hour event, in the organization's hours report too.
 */
const HOUR_MS = 3600_000;
let app: TestApp;
let organizer: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = (await signUpMany(app, 1))[0]!;
});
afterAll(async () => {
  await app?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: SignedUpUser, payload?: object) {
  return app.inject({ method, url, headers: { cookie: as.cookie }, ...(payload === undefined ? {} : { payload }) });
}

async function makeCoOrganizer(eventId: number, userId: string): Promise<void> {
  await addRsvpRow(app.database.db, eventId, userId, 'organizing');
  await app.database.db
    .update(rsvps)
    .set({ coOrganizerApprovedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
}

async function ticketOf(eventId: number, as: SignedUpUser): Promise<string> {
  const answer = await call('GET', `/api/events/${eventId}/ticket`, as);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().code;
}

async function rsvpOf(eventId: number, userId: string) {
  const [row] = await app.database.db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row!;
}

/** An organization event starting in an hour, one hour long: the door is open. */
async function organizationEvent(slug: string) {
  const organizationId = await createOrganizationRow(app.database.db, { ownerId: organizer!.user.id, slug });
  const event = await createEventRow(app.database.db, {
    organizerId: organizer!.user.id,
    date: new Date(Date.now() + HOUR_MS),
  });
  await app.database.db.update(events).set({ organizationId, durationMinutes: 60 }).where(eq(events.id, event.id));
  return { organizationId, eventId: event.id };
}

describe('whoever manages an event cannot verify their own hours', () => {
  it("a co-organizer who reads the kiosk's code cannot check themself in with it", async () => {
    const [coOrganizer] = await signUpMany(app, 1);
    const { eventId } = await organizationEvent(`co-org-${Date.now()}`);
    await makeCoOrganizer(eventId, coOrganizer!.user.id);

    const code = await call('GET', `/api/events/${eventId}/check-in-code?device=KIOSK1`, coOrganizer!);
    expect(code.statusCode, code.body).toBe(200);
    const selfCheckIn = await call('POST', `/api/events/${eventId}/self-check-in`, coOrganizer!, {
      code: code.json().code,
    });
    expect(selfCheckIn.statusCode, selfCheckIn.body).toBe(403);
    expect(selfCheckIn.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
    expect(await rsvpOf(eventId, coOrganizer!.user.id)).toMatchObject({ checkedInAt: null, attended: null });
  });

  it("an organization's admin and organizer holding a place cannot self check-in at its events", async () => {
    const [admin, orgOrganizer, volunteer] = await signUpMany(app, 3);
    const { organizationId, eventId } = await organizationEvent(`org-roles-${Date.now()}`);
    await addOrganizationMemberRow(app.database.db, organizationId, admin!.user.id, 'admin');
    await addOrganizationMemberRow(app.database.db, organizationId, orgOrganizer!.user.id, 'organizer');
    for (const person of [admin!, orgOrganizer!, volunteer!])
      await addRsvpRow(app.database.db, eventId, person.user.id);
    const code = (await call('GET', `/api/events/${eventId}/check-in-code?device=KIOSK1`, organizer!)).json().code;
    for (const manager of [admin!, orgOrganizer!]) {
      const answer = await call('POST', `/api/events/${eventId}/self-check-in`, manager, { code });
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
    }
    // A plain member holding a place is no manager: the same code checks them in.
    const volunteerAnswer = await call('POST', `/api/events/${eventId}/self-check-in`, volunteer!, { code });
    expect(volunteerAnswer.statusCode, volunteerAnswer.body).toBe(200);
  });

  it("the door (ticket scan, manual code, the kiosk's name list) refuses a manager's own ticket and any manager's", async () => {
    const [coOrganizer, other] = await signUpMany(app, 2);
    const { eventId } = await organizationEvent(`door-${Date.now()}`);
    await makeCoOrganizer(eventId, coOrganizer!.user.id);
    await makeCoOrganizer(eventId, other!.user.id);
    const ownCode = await ticketOf(eventId, coOrganizer!);

    // Their own ticket, scanned or typed, in their own session.
    const own = await call('POST', `/api/events/${eventId}/check-ins`, coOrganizer!, { code: ownCode });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
    // Their name tapped on the kiosk, which runs in the organizer's session, and a fellow manager's scan.
    for (const door of [organizer!, other!]) {
      const answer = await call('POST', `/api/events/${eventId}/check-ins`, door, { code: ownCode });
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
      const out = await call('POST', `/api/events/${eventId}/check-outs`, door, { code: ownCode });
      expect(out.statusCode).toBe(403);
    }
    expect(await rsvpOf(eventId, coOrganizer!.user.id)).toMatchObject({ checkedInAt: null, attended: null });
  });

  it('a co-organizer cannot mark their own attendance on the attendee list', async () => {
    const [coOrganizer] = await signUpMany(app, 1);
    const event = await createEventRow(app.database.db, {
      organizerId: organizer!.user.id,
      date: new Date(Date.now() - HOUR_MS),
    });
    await makeCoOrganizer(event.id, coOrganizer!.user.id);
    const answer = await call('PUT', `/api/events/${event.id}/attendance`, coOrganizer!, {
      entries: [{ userId: coOrganizer!.user.id, attended: true }],
    });
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
  });
});

describe('no hour is verified before the start', () => {
  it('a check-in an hour early counts from the start, in the hours and in the organization report', async () => {
    const [volunteer] = await signUpMany(app, 1);
    const { organizationId, eventId } = await organizationEvent(`early-${Date.now()}`);
    await addRsvpRow(app.database.db, eventId, volunteer!.user.id);
    const code = (await call('GET', `/api/events/${eventId}/check-in-code?device=KIOSK1`, organizer!)).json().code;
    const checkedIn = await call('POST', `/api/events/${eventId}/self-check-in`, volunteer!, { code });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    // The event then runs: it started an hour ago and has just ended; the door checks the volunteer out.
    await app.database.db
      .update(events)
      .set({ date: new Date(Date.now() - HOUR_MS) })
      .where(eq(events.id, eventId));
    await app.database.db
      .update(rsvps)
      .set({ checkedInAt: new Date(Date.now() - 2 * HOUR_MS), checkedOutAt: new Date() })
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, volunteer!.user.id)));

    const hours = (await call('GET', '/api/user/hours', volunteer!)).json();
    const entry = hours.entries.find((row: { eventId: number }) => row.eventId === eventId);
    expect(entry.hours).toBeCloseTo(1, 1);
    expect(hours.verifiedHours).toBeCloseTo(1, 1);

    const day = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 24 * HOUR_MS).toISOString().slice(0, 10);
    const report = await call(
      'GET',
      `/api/organizations/${organizationId}/hours?from=${yesterday}&to=${day}`,
      organizer!,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totalHours).toBeCloseTo(1, 1);
  });

  it('a check-out before the start verifies nothing', async () => {
    const [volunteer] = await signUpMany(app, 1);
    const event = await createEventRow(app.database.db, {
      organizerId: organizer!.user.id,
      date: new Date(Date.now() - HOUR_MS),
    });
    await addRsvpRow(app.database.db, event.id, volunteer!.user.id);
    await app.database.db
      .update(rsvps)
      .set({
        attended: true,
        checkedInAt: new Date(Date.now() - 3 * HOUR_MS),
        checkedOutAt: new Date(Date.now() - 2 * HOUR_MS),
      })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.userId, volunteer!.user.id)));
    const hours = (await call('GET', '/api/user/hours', volunteer!)).json();
    expect(hours.verifiedHours).toBe(0);
  });
});
