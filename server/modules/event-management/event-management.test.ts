import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventChanges, events, rsvps, userAchievements } from '../../db/schema';
import { createEvent, createTestApp, signUpUser, type TestApp, type SignedUpUser } from '../../test/test-app';

/** The organizer's event of these tests: two days ahead, in Coimbra (what the change notices name). */
const MANAGED_EVENT = {
  title: 'River cleanup',
  description: 'Bags and gloves provided.',
  location: 'Coimbra',
  date: new Date(Date.now() + 48 * 60 * 60 * 1000).toISOString(),
  categoryId: 1,
};

let app: TestApp;
let organizer: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app);
});
afterAll(async () => app?.close());

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The events-an-hour limit has its own tests (write-limits.test.ts); each create starts with empty counters. */
function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  as: SignedUpUser,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { cookie: as.cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function signUpMany(howMany: number): Promise<SignedUpUser[]> {
  const users: SignedUpUser[] = [];
  for (let start = 0; start < howMany; start += 5)
    users.push(...(await Promise.all(Array.from({ length: Math.min(5, howMany - start) }, () => signUpUser(app)))));
  return users;
}

async function moveEvent(eventId: number, date: string) {
  await app.database.db
    .update(events)
    .set({ date: sql.raw(date) })
    .where(eq(events.id, eventId));
}

function changesOf(eventId: number) {
  return app.database.db
    .select()
    .from(eventChanges)
    .where(eq(eventChanges.eventId, eventId))
    .orderBy(asc(eventChanges.id));
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
const dataUrl = async (color: string) => `data:image/png;base64,${(await png(color)).toString('base64')}`;

describe('event answers', () => {
  it('carry status, cancelReason, durationMinutes (default 180), waitlistCount and userWaitlistPosition', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const response = await call('GET', `/api/events/${eventId}`, organizer);
    expect(response.json()).toMatchObject({
      status: 'scheduled',
      cancelReason: null,
      durationMinutes: 180,
      waitlistCount: 0,
      userWaitlistPosition: null,
    });
  });

  it('takes durationMinutes on create within 15–1440 whole minutes', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, durationMinutes: 90 })).id;
    expect((await call('GET', `/api/events/${eventId}`, organizer)).json().durationMinutes).toBe(90);
    for (const durationMinutes of [14, 1441, 30.5, '60']) {
      const response = await call('POST', '/api/events', organizer, {
        title: 'T',
        description: 'D',
        location: 'L',
        date: new Date(Date.now() + DAY_MS).toISOString(),
        categoryId: 1,
        durationMinutes,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('durationMinutes');
    }
  });
});

describe('POST /api/events/:id/cancel', () => {
  it('cancels with a reason: the event stays readable, leaves lists and search, takes no RSVP, and records the change for everyone involved', async () => {
    const eventId = (
      await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, title: 'Zanzibar lantern walk', maxAttendees: 1 })
    ).id;
    const [holder, waiting] = await signUpMany(2);
    expect((await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'attending' })).statusCode).toBe(200);
    expect((await call('POST', `/api/events/${eventId}/waitlist`, waiting!)).statusCode).toBe(201);
    const listed = await call('GET', '/api/events?search=zanzibar', holder!);
    expect(listed.json().map((event: { id: number }) => event.id)).toEqual([eventId]);

    const cancelled = await call('POST', `/api/events/${eventId}/cancel`, organizer, { reason: '  Storm warning  ' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id: eventId,
      status: 'cancelled',
      cancelReason: 'Storm warning',
      waitlistCount: 0,
    });

    expect((await call('GET', `/api/events/${eventId}`, holder!)).json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Storm warning',
    });
    expect((await call('GET', '/api/events?search=zanzibar', holder!)).json()).toEqual([]);
    expect(
      (await call('GET', '/api/events?include=past', holder!))
        .json()
        .some((event: { id: number }) => event.id === eventId),
    ).toBe(false);
    const refused = await call('POST', `/api/events/${eventId}/rsvp`, waiting!, { status: 'attending' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This event was cancelled', code: 'EVENT_CANCELLED' });
    expect((await call('POST', `/api/events/${eventId}/waitlist`, waiting!)).json()).toEqual({
      message: 'This event was cancelled',
      code: 'EVENT_CANCELLED',
    });

    const [change] = await changesOf(eventId);
    expect(change).toMatchObject({
      type: 'event_cancelled',
      actorId: organizer.user.id,
      payload: { reason: 'Storm warning' },
    });
    expect([...change!.recipientIds].sort()).toEqual([holder!.user.id, waiting!.user.id].sort());
  });

  it('answers 403 to anyone but the organizer, 404 for an unknown event, 409 twice or once past, 400 for a long reason', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const [volunteer] = await signUpMany(1);
    const forbidden = await call('POST', `/api/events/${eventId}/cancel`, volunteer!, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the organizer can change this event', code: 'NOT_ORGANIZER' });
    expect((await call('POST', '/api/events/999999/cancel', organizer, {})).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/events/${eventId}/cancel`, organizer, { reason: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/events/${eventId}`, organizer)).json().status).toBe('scheduled');
    expect((await call('POST', `/api/events/${eventId}/cancel`, organizer, {})).json()).toMatchObject({
      status: 'cancelled',
      cancelReason: null,
    });
    expect((await call('POST', `/api/events/${eventId}/cancel`, organizer, {})).statusCode).toBe(409);
    const pastId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    await moveEvent(pastId, "now() - interval '1 hour'");
    expect((await call('POST', `/api/events/${pastId}/cancel`, organizer, {})).statusCode).toBe(409);
  });
});

describe('PATCH /api/events/:id', () => {
  it('changes any create field with the same rules, and search follows the new title', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, title: 'Quokka count' })).id;
    const date = new Date(Date.now() + 5 * DAY_MS).toISOString();
    const response = await call('PATCH', `/api/events/${eventId}`, organizer, {
      title: 'Wombat survey',
      location: 'Braga',
      date,
      categoryId: 3,
      maxAttendees: 12,
      durationMinutes: 45,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Wombat survey',
      location: 'Braga',
      date,
      categoryId: 3,
      maxAttendees: 12,
      durationMinutes: 45,
    });
    expect(
      (await call('GET', '/api/events?search=wombat', organizer)).json().map((event: { id: number }) => event.id),
    ).toEqual([eventId]);
    expect((await call('GET', '/api/events?search=quokka', organizer)).json()).toEqual([]);

    for (const [payload, path] of [
      [{ title: '' }, 'title'],
      [{ durationMinutes: 2000 }, 'durationMinutes'],
      [{ maxAttendees: 0 }, 'maxAttendees'],
      [{ categoryId: 9999 }, 'categoryId'],
      [{ date: new Date(Date.now() - HOUR_MS).toISOString() }, 'date'],
      [{ imageUrl: 'http://example.org/a.png' }, 'imageUrl'],
    ] as const) {
      const refused = await call('PATCH', `/api/events/${eventId}`, organizer, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().errors[0].path).toBe(path);
    }
  });

  it('records a change of date, place or length for the RSVP holders, and no record for other edits', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const [holder] = await signUpMany(1);
    await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/rsvp`, organizer, { status: 'organizing' });
    expect(
      (await call('PATCH', `/api/events/${eventId}`, organizer, { title: 'New title', description: 'New words' }))
        .statusCode,
    ).toBe(200);
    expect(await changesOf(eventId)).toEqual([]);
    expect(
      (await call('PATCH', `/api/events/${eventId}`, organizer, { location: 'Faro', durationMinutes: 60 })).statusCode,
    ).toBe(200);
    const [change] = await changesOf(eventId);
    expect(change).toMatchObject({
      type: 'event_changed',
      actorId: organizer.user.id,
      recipientIds: [holder!.user.id],
      payload: { changes: { location: { from: 'Coimbra', to: 'Faro' }, durationMinutes: { from: 180, to: 60 } } },
    });
  });

  it('answers 403 to a volunteer, 404 for an unknown event, 409 below the RSVP count, once past and once cancelled', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 5 })).id;
    const [first, second] = await signUpMany(2);
    await call('POST', `/api/events/${eventId}/rsvp`, first!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/rsvp`, second!, { status: 'attending' });
    const forbidden = await call('PATCH', `/api/events/${eventId}`, first!, { title: 'Mine now' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the organizer can change this event', code: 'NOT_ORGANIZER' });
    expect((await call('GET', `/api/events/${eventId}`, first!)).json().title).toBe('River cleanup');
    expect((await call('PATCH', '/api/events/999999', organizer, { title: 'X' })).statusCode).toBe(404);
    const below = await call('PATCH', `/api/events/${eventId}`, organizer, { maxAttendees: 1 });
    expect(below.statusCode).toBe(409);
    expect((await call('PATCH', `/api/events/${eventId}`, organizer, { maxAttendees: 2 })).json().maxAttendees).toBe(2);
    await call('POST', `/api/events/${eventId}/cancel`, organizer, {});
    expect((await call('PATCH', `/api/events/${eventId}`, organizer, { title: 'Again' })).statusCode).toBe(409);
    const pastId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    await moveEvent(pastId, "now() - interval '1 hour'");
    expect((await call('PATCH', `/api/events/${pastId}`, organizer, { title: 'Again' })).statusCode).toBe(409);
  });

  it('keeps, reorders, removes and adds photos from the whole list it is given', async () => {
    const eventId = (
      await createEvent(app, organizer.cookie, {
        ...MANAGED_EVENT,
        images: [await dataUrl('#a00'), await dataUrl('#0a0'), await dataUrl('#00a')],
      })
    ).id;
    const before: string[] = (await call('GET', `/api/events/${eventId}`, organizer)).json().images;
    expect(before).toHaveLength(3);
    const response = await call('PATCH', `/api/events/${eventId}`, organizer, {
      images: [before[2], await dataUrl('#fff'), before[0]],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after: string[] = response.json().images;
    expect(after).toHaveLength(3);
    expect(after[0]).toBe(before[2]);
    expect(after[2]).toBe(before[0]);
    expect(before).not.toContain(after[1]);
    expect((await app.inject({ method: 'GET', url: before[1]! })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: after[1]! })).statusCode).toBe(200);

    const otherId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, images: [await dataUrl('#123')] }))
      .id;
    const foreign: string[] = (await call('GET', `/api/events/${otherId}`, organizer)).json().images;
    const refused = await call('PATCH', `/api/events/${eventId}`, organizer, { images: [foreign[0]] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('images.0');
    expect(
      (await call('PATCH', `/api/events/${eventId}`, organizer, { images: ['https://example.org/a.png'] })).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/events/${eventId}`, organizer)).json().images).toEqual(after);
    expect((await call('PATCH', `/api/events/${eventId}`, organizer, { images: [] })).json().images).toEqual([]);
  });
});

describe('DELETE /api/events/:id', () => {
  it("deletes while nobody else holds an RSVP (the organizer's own does not count), else 409", async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    await call('POST', `/api/events/${eventId}/rsvp`, organizer, { status: 'organizing' });
    const [volunteer] = await signUpMany(1);
    const forbidden = await call('DELETE', `/api/events/${eventId}`, volunteer!);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the organizer can change this event', code: 'NOT_ORGANIZER' });
    await call('POST', `/api/events/${eventId}/rsvp`, volunteer!, { status: 'attending' });
    const refused = await call('DELETE', `/api/events/${eventId}`, organizer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'People have RSVPed: cancel the event instead',
      code: 'EVENT_HAS_RSVPS',
    });
    await call('DELETE', `/api/events/${eventId}/rsvp`, volunteer!);
    expect((await call('DELETE', `/api/events/${eventId}`, organizer)).statusCode).toBe(204);
    expect((await call('GET', `/api/events/${eventId}`, organizer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/events/${eventId}`, organizer)).statusCode).toBe(404);
  });

  it('tells the people waiting for an event that only its organizer filled that it was deleted', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 1 })).id;
    await call('POST', `/api/events/${eventId}/rsvp`, organizer, { status: 'organizing' });
    const [waiting] = await signUpMany(1);
    expect((await call('POST', `/api/events/${eventId}/waitlist`, waiting!)).statusCode).toBe(201);
    expect((await call('DELETE', `/api/events/${eventId}`, organizer)).statusCode).toBe(204);
    expect(await changesOf(eventId)).toEqual([
      expect.objectContaining({
        type: 'event_cancelled',
        recipientIds: [waiting!.user.id],
        payload: {
          reason: null,
          isDeleted: true,
          title: expect.any(String),
          date: expect.any(String),
          location: expect.any(String),
        },
      }),
    ]);
  });
});

describe('GET /api/events/:id/attendees', () => {
  it('lists RSVP holders and the waitlist without e-mail addresses, as JSON or CSV', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 1 })).id;
    const [holder, waiting] = await signUpMany(2);
    await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'supporting' });
    await call('POST', `/api/events/${eventId}/waitlist`, waiting!);
    const response = await call('GET', `/api/events/${eventId}/attendees`, organizer);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('@');
    expect(response.json()).toMatchObject({
      attendees: [
        {
          user: {
            id: holder!.user.id,
            firstName: holder!.user.firstName,
            lastName: holder!.user.lastName,
            profileImageUrl: null,
          },
          status: 'supporting',
          attended: null,
        },
      ],
      waitlist: [{ user: { id: waiting!.user.id }, position: 1 }],
    });
    const csvRequests: Array<{ url: string; headers: Record<string, string> }> = [
      { url: `/api/events/${eventId}/attendees?format=csv`, headers: {} },
      { url: `/api/events/${eventId}/attendees`, headers: { accept: 'text/csv' } },
    ];
    for (const request of csvRequests) {
      const csv = await call('GET', request.url, organizer, undefined, request.headers);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('"Name","List","Waitlist position","RSVP status","Signed up (UTC)","Attended"');
      expect(lines[1]).toMatch(
        new RegExp(
          `^"${holder!.user.firstName} ${holder!.user.lastName}","RSVP","","Supporting","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}","Not recorded"$`,
        ),
      );
      expect(lines[2]).toMatch(
        new RegExp(`^"${waiting!.user.firstName} ${waiting!.user.lastName}","Waitlist","1","",`),
      );
      expect(csv.body).not.toContain('@');
      // No ids and no camelCase anywhere: the file is for people.
      expect(csv.body).not.toContain(holder!.user.id);
      expect(lines[0]).not.toMatch(/[a-z][A-Z]/);
    }
  });

  it("gives the CSV's times on the reader's clock, the zone their browser keeps in a cookie, named in the header", async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const [holder] = await signUpMany(1);
    await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'attending' });
    const json = (await call('GET', `/api/events/${eventId}/attendees`, organizer)).json();
    const signedUpAt = new Date(json.attendees[0].createdAt);
    // Tokyo has no daylight saving: always nine hours ahead of UTC.
    const inTokyo = new Date(signedUpAt.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    const csv = await call('GET', `/api/events/${eventId}/attendees?format=csv`, organizer, undefined, {
      cookie: `${organizer.cookie}; pitchin_time_zone=Asia/Tokyo`,
    });
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toBe('"Name","List","Waitlist position","RSVP status","Signed up (Asia/Tokyo)","Attended"');
    expect(row).toBe(
      `"${holder!.user.firstName} ${holder!.user.lastName}","RSVP","","Attending","${inTokyo}","Not recorded"`,
    );
    // A zone that is not one falls back to the server's, never a 5xx.
    const unknown = await call('GET', `/api/events/${eventId}/attendees?format=csv`, organizer, undefined, {
      cookie: `${organizer.cookie}; pitchin_time_zone=Mars/Olympus`,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('"Signed up (UTC)"');
  });

  it('makes a name that a spreadsheet would run as a formula inert in the CSV', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const sneaky = await signUpUser(app, { firstName: '=HYPERLINK("http://x")', lastName: 'Doe' });
    await call('POST', `/api/events/${eventId}/rsvp`, sneaky, { status: 'attending' });
    const csv = await call('GET', `/api/events/${eventId}/attendees?format=csv`, organizer);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"") Doe"`);
  });

  it('quotes every cell, so a spreadsheet that splits on ";" finds no formula in a name', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const sneaky = await signUpUser(app, { firstName: 'Ann;=1+1;', lastName: 'Lee;@SUM(A1)' });
    await call('POST', `/api/events/${eventId}/rsvp`, sneaky, { status: 'attending' });
    const csv = await call('GET', `/api/events/${eventId}/attendees?format=csv`, organizer);
    const row = csv.body.split('\r\n').find((line) => line.includes('Ann;'))!;
    expect(row).toContain('"Ann;=1+1; Lee;@SUM(A1)"');
    // Read as a spreadsheet in a ";" locale reads it: no ";" outside quotes, so the row is one cell.
    for (const line of csv.body.trim().split('\r\n')) {
      expect(line).toMatch(/^("([^"]|"")*")(,"([^"]|"")*")*$/);
      expect(line.replace(/"([^"]|"")*"/g, '')).not.toContain(';');
    }
  });

  it('answers 403 to an attendee and 404 for an unknown event, 400 for an unknown format', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const [volunteer] = await signUpMany(1);
    await call('POST', `/api/events/${eventId}/rsvp`, volunteer!, { status: 'attending' });
    const forbidden = await call('GET', `/api/events/${eventId}/attendees`, volunteer!);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the organizer can see who is coming', code: 'NOT_ORGANIZER' });
    expect((await call('GET', '/api/events/999999/attendees', organizer)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/attendees?format=xml`, organizer)).statusCode).toBe(400);
  });
});

describe('waitlist', () => {
  it('joins only a full event, once, without an RSVP; shows the place; leaves with 204', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 1 })).id;
    const [first, second, third] = await signUpMany(3);
    const notFull = await call('POST', `/api/events/${eventId}/waitlist`, second!);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json()).toEqual({ message: 'There are free places: RSVP instead', code: 'PLACES_FREE' });
    await call('POST', `/api/events/${eventId}/rsvp`, first!, { status: 'attending' });
    expect((await call('POST', `/api/events/${eventId}/waitlist`, first!)).statusCode).toBe(409);
    const joined = await call('POST', `/api/events/${eventId}/waitlist`, second!);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ position: 1 });
    expect((await call('POST', `/api/events/${eventId}/waitlist`, second!)).statusCode).toBe(409);
    expect((await call('POST', `/api/events/${eventId}/waitlist`, third!)).json()).toEqual({ position: 2 });
    expect((await call('GET', `/api/events/${eventId}`, third!)).json()).toMatchObject({
      waitlistCount: 2,
      userWaitlistPosition: 2,
      userRsvpStatus: null,
    });
    expect((await call('GET', `/api/events/${eventId}`, first!)).json()).toMatchObject({
      waitlistCount: 2,
      userWaitlistPosition: null,
    });
    expect((await call('DELETE', `/api/events/${eventId}/waitlist`, second!)).statusCode).toBe(204);
    // Read right after the write: no stored answer may serve the place from before.
    expect((await call('GET', `/api/events/${eventId}`, third!)).json()).toMatchObject({
      waitlistCount: 1,
      userWaitlistPosition: 1,
    });
    expect(
      (await call('GET', '/api/events', third!)).json().find((event: { id: number }) => event.id === eventId),
    ).toMatchObject({ userWaitlistPosition: 1 });
    expect((await call('DELETE', `/api/events/${eventId}/waitlist`, second!)).statusCode).toBe(404);
    expect((await call('POST', '/api/events/999999/waitlist', second!)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/events/999999/waitlist', second!)).statusCode).toBe(404);
  });

  it('gives a withdrawn seat to the first person waiting in the same write, with their achievements and a record', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 2 })).id;
    const [first, second, waitingA, waitingB] = await signUpMany(4);
    await call('POST', `/api/events/${eventId}/rsvp`, first!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/rsvp`, second!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/waitlist`, waitingA!);
    await call('POST', `/api/events/${eventId}/waitlist`, waitingB!);
    expect((await call('DELETE', `/api/events/${eventId}/rsvp`, first!)).statusCode).toBe(204);
    expect((await call('GET', `/api/events/${eventId}`, waitingA!)).json()).toMatchObject({
      rsvpCount: 2,
      userRsvpStatus: 'attending',
      userWaitlistPosition: null,
      waitlistCount: 1,
    });
    expect((await call('GET', `/api/events/${eventId}`, waitingB!)).json()).toMatchObject({
      userRsvpStatus: null,
      userWaitlistPosition: 1,
    });
    const progress = await app.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, waitingA!.user.id));
    expect(progress.length).toBeGreaterThan(0);
    const [change] = await changesOf(eventId);
    expect(change).toMatchObject({
      type: 'waitlist_promoted',
      actorId: first!.user.id,
      recipientIds: [waitingA!.user.id],
    });
    const stats = (await call('GET', '/api/user/stats', waitingA!)).json();
    expect(stats.totalEvents).toBe(1);
  });

  it('gives the places of a higher maxAttendees to the queue in order, and everyone on an unlimited one', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 1 })).id;
    const [holder, ...waiting] = await signUpMany(5);
    await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'attending' });
    for (const person of waiting)
      expect((await call('POST', `/api/events/${eventId}/waitlist`, person)).statusCode).toBe(201);
    expect((await call('PATCH', `/api/events/${eventId}`, organizer, { maxAttendees: 3 })).json()).toMatchObject({
      rsvpCount: 3,
      waitlistCount: 2,
    });
    const held = await app.database.db.select({ userId: rsvps.userId }).from(rsvps).where(eq(rsvps.eventId, eventId));
    expect(held.map((row) => row.userId).sort()).toEqual(
      [holder!, waiting[0]!, waiting[1]!].map((person) => person.user.id).sort(),
    );
    expect((await call('GET', `/api/events/${eventId}`, waiting[3]!)).json().userWaitlistPosition).toBe(2);
    expect((await call('PATCH', `/api/events/${eventId}`, organizer, { maxAttendees: null })).json()).toMatchObject({
      rsvpCount: 5,
      waitlistCount: 0,
    });
    const promotions = (await changesOf(eventId)).filter((change) => change.type === 'waitlist_promoted');
    expect(promotions.map((change) => change.recipientIds[0])).toEqual(waiting.map((person) => person.user.id));
  });

  it("never serves one viewer's waitlist place to another", async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 1 })).id;
    const [holder, waiting, outsider] = await signUpMany(3);
    await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/waitlist`, waiting!);
    for (const url of [`/api/events/${eventId}`, '/api/events']) {
      const seen = (await call('GET', url, waiting!)).json();
      expect(
        (Array.isArray(seen) ? seen.find((event: { id: number }) => event.id === eventId) : seen).userWaitlistPosition,
      ).toBe(1);
      // Read within the cache's second, by someone with no RSVP and no place.
      const other = (await call('GET', url, outsider!)).json();
      expect(
        (Array.isArray(other) ? other.find((event: { id: number }) => event.id === eventId) : other)
          .userWaitlistPosition,
      ).toBeNull();
    }
  });

  it('takes a person who RSVPs directly off the queue', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, maxAttendees: 1 })).id;
    const [holder, waiting] = await signUpMany(2);
    await call('POST', `/api/events/${eventId}/rsvp`, holder!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/waitlist`, waiting!);
    // A place opened without the queue being served (no API path does that): staged in the database.
    await app.database.db.update(events).set({ maxAttendees: 3 }).where(eq(events.id, eventId));
    expect((await call('POST', `/api/events/${eventId}/rsvp`, waiting!, { status: 'attending' })).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${eventId}`, waiting!)).json()).toMatchObject({
      userRsvpStatus: 'attending',
      userWaitlistPosition: null,
      waitlistCount: 0,
    });
  });
});

describe('attendance and verified hours', () => {
  it('records attendance from the start until 30 days after, for RSVP holders only, and counts verified hours', async () => {
    const eventId = (await createEvent(app, organizer.cookie, { ...MANAGED_EVENT, durationMinutes: 150 })).id;
    const [came, stayedHome, stranger] = await signUpMany(3);
    await call('POST', `/api/events/${eventId}/rsvp`, came!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/rsvp`, stayedHome!, { status: 'attending' });
    const entries = [
      { userId: came!.user.id, attended: true },
      { userId: stayedHome!.user.id, attended: false },
    ];
    const early = await call('PUT', `/api/events/${eventId}/attendance`, organizer, { entries });
    expect(early.statusCode).toBe(409);
    await moveEvent(eventId, "now() - interval '2 hours'");
    const forbidden = await call('PUT', `/api/events/${eventId}/attendance`, came!, { entries });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the organizer can change this event', code: 'NOT_ORGANIZER' });
    const notHolder = await call('PUT', `/api/events/${eventId}/attendance`, organizer, {
      entries: [...entries, { userId: stranger!.user.id, attended: true }],
    });
    expect(notHolder.statusCode).toBe(400);
    expect(notHolder.json().errors).toEqual([
      { path: 'entries.2.userId', message: 'This person has no RSVP for this event' },
    ]);
    expect((await call('PUT', `/api/events/${eventId}/attendance`, organizer, { entries: [] })).statusCode).toBe(400);
    const recorded = await call('PUT', `/api/events/${eventId}/attendance`, organizer, { entries });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const attendance = Object.fromEntries(
      recorded
        .json()
        .attendees.map((entry: { user: { id: string }; attended: boolean }) => [entry.user.id, entry.attended]),
    );
    expect(attendance).toEqual({ [came!.user.id]: true, [stayedHome!.user.id]: false });

    const hours = await call('GET', '/api/user/hours', came!);
    expect(hours.json()).toEqual({
      verifiedHours: 2.5,
      entries: [{ eventId, title: 'River cleanup', date: expect.any(String), hours: 2.5 }],
    });
    expect((await call('GET', '/api/user/hours', stayedHome!)).json()).toEqual({ verifiedHours: 0, entries: [] });
    const csv = await call('GET', '/api/user/hours', came!, undefined, { accept: 'text/csv' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '"eventId","title","date","hours"',
      `"${eventId}","River cleanup","${hours.json().entries[0].date}","2.5"`,
      '"","Total","","2.5"',
    ]);
    expect((await call('GET', '/api/user/hours?format=csv', came!)).body).toBe(csv.body);

    await moveEvent(eventId, "now() - interval '31 days'");
    expect((await call('PUT', `/api/events/${eventId}/attendance`, organizer, { entries })).statusCode).toBe(409);
    expect((await call('PUT', '/api/events/999999/attendance', organizer, { entries })).statusCode).toBe(404);
  });
});

describe('verified hours are never self-verified and count overlapping time once', () => {
  async function pastEventAttendedBy(
    volunteer: SignedUpUser,
    startsHoursAgo: number,
    durationMinutes: number,
    host: SignedUpUser = organizer,
  ): Promise<number> {
    const eventId = (await createEvent(app, host.cookie, { ...MANAGED_EVENT, durationMinutes })).id;
    expect((await call('POST', `/api/events/${eventId}/rsvp`, volunteer, { status: 'attending' })).statusCode).toBe(
      200,
    );
    await moveEvent(eventId, `now() - interval '${startsHoursAgo} hours'`);
    const recorded = await call('PUT', `/api/events/${eventId}/attendance`, host, {
      entries: [{ userId: volunteer.user.id, attended: true }],
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    return eventId;
  }

  it('refuses with 403 an organizer who names themself in their attendance call, and records nothing of it', async () => {
    const [host, volunteer] = await signUpMany(2);
    const eventIds: number[] = [];
    // The attack: three overlapping 24-hour events of one's own, each RSVPed and marked attended.
    for (let index = 0; index < 3; index += 1) {
      const eventId = (await createEvent(app, host!.cookie, { ...MANAGED_EVENT, durationMinutes: 1440 })).id;
      await call('POST', `/api/events/${eventId}/rsvp`, host!, { status: 'attending' });
      await call('POST', `/api/events/${eventId}/rsvp`, volunteer!, { status: 'attending' });
      await moveEvent(eventId, `now() - interval '${30 - index} hours'`);
      eventIds.push(eventId);
    }
    for (const eventId of eventIds) {
      const refused = await call('PUT', `/api/events/${eventId}/attendance`, host!, {
        entries: [
          { userId: volunteer!.user.id, attended: true },
          { userId: host!.user.id, attended: true },
        ],
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Organizers cannot record their own attendance',
        code: 'ORGANIZER_CANNOT_VERIFY_SELF',
      });
    }
    expect((await call('GET', '/api/user/hours', host!)).json()).toEqual({ verifiedHours: 0, entries: [] });
    // The whole call was refused: the volunteer's mark waits for a call that names only others.
    expect((await call('GET', '/api/user/hours', volunteer!)).json()).toEqual({ verifiedHours: 0, entries: [] });
    // A mark for oneself stored before the rule verifies nothing either.
    await app.database.db
      .update(rsvps)
      .set({ attended: true })
      .where(sql`${rsvps.userId} = ${host!.user.id}`);
    expect((await call('GET', '/api/user/hours', host!)).json()).toEqual({ verifiedHours: 0, entries: [] });
  });

  it('counts the union of the attended events: overlapping, nested, identical and disjoint', async () => {
    const [volunteer] = await signUpMany(1);
    // Hours before now at which each starts, and its length: A [-60h, -36h], B [-48h, -24h] overlaps A,
    // C [-58h, -56h] lies inside A, D is A again, E [-12h, -11h] stands alone.
    await pastEventAttendedBy(volunteer!, 60, 1440);
    await pastEventAttendedBy(volunteer!, 48, 1440);
    await pastEventAttendedBy(volunteer!, 58, 120);
    await pastEventAttendedBy(volunteer!, 60, 1440);
    await pastEventAttendedBy(volunteer!, 12, 60);
    const answer = (await call('GET', '/api/user/hours', volunteer!)).json();
    // Each entry keeps its event's length (75 hours in all); the total is 36 + 1 hours of time.
    expect(
      answer.entries
        .map((entry: { hours: number }) => entry.hours)
        .sort((first: number, second: number) => first - second),
    ).toEqual([1, 2, 24, 24, 24]);
    expect(answer.verifiedHours).toBe(37);
    const csv = await call('GET', '/api/user/hours?format=csv', volunteer!);
    expect(csv.body.split('\r\n')).toContain('"","Total","","37"');
  });

  it('counts touching events end to end and a single event as its length', async () => {
    const [volunteer] = await signUpMany(1);
    await pastEventAttendedBy(volunteer!, 20, 90);
    expect((await call('GET', '/api/user/hours', volunteer!)).json().verifiedHours).toBe(1.5);
    // Starts exactly when the first ends.
    const eventId = await pastEventAttendedBy(volunteer!, 20, 60);
    await moveEvent(eventId, "now() - interval '20 hours' + interval '90 minutes'");
    expect((await call('GET', '/api/user/hours', volunteer!)).json().verifiedHours).toBe(2.5);
  });
});

describe('POST /api/events/:id/announcements', () => {
  it('sends the message to every RSVP holder but the organizer, records it, and counts for no achievement', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const [first, second, outsider] = await signUpMany(3);
    await call('POST', `/api/events/${eventId}/rsvp`, first!, { status: 'attending' });
    await call('POST', `/api/events/${eventId}/rsvp`, second!, { status: 'supporting' });
    await call('POST', `/api/events/${eventId}/rsvp`, organizer, { status: 'organizing' });
    const sent = await call('POST', `/api/events/${eventId}/announcements`, organizer, {
      content: '  Meet at the north gate.  ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ recipientCount: 2 });
    for (const person of [first!, second!]) {
      const inbox = (await call('GET', '/api/messages', person)).json();
      expect(inbox).toEqual([
        expect.objectContaining({
          senderId: organizer.user.id,
          receiverId: person.user.id,
          content: 'Meet at the north gate.',
          eventId,
        }),
      ]);
    }
    expect((await call('GET', '/api/messages', outsider!)).json()).toEqual([]);
    const [change] = (await changesOf(eventId)).filter((row) => row.type === 'announcement');
    expect(change).toMatchObject({ actorId: organizer.user.id, payload: { content: 'Meet at the north gate.' } });
    expect([...change!.recipientIds].sort()).toEqual([first!.user.id, second!.user.id].sort());
  });

  it('answers 403 to a volunteer, 400 for empty or long content, 404 for an unknown event, and 429 after 10 an hour', async () => {
    const eventId = (await createEvent(app, organizer.cookie, MANAGED_EVENT)).id;
    const [volunteer] = await signUpMany(1);
    await call('POST', `/api/events/${eventId}/rsvp`, volunteer!, { status: 'attending' });
    const forbidden = await call('POST', `/api/events/${eventId}/announcements`, volunteer!, { content: 'Hi all' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the organizer can change this event', code: 'NOT_ORGANIZER' });
    expect(
      (await call('POST', `/api/events/${eventId}/announcements`, organizer, { content: '   ' })).json(),
    ).toMatchObject({ errors: [{ path: 'content', message: 'Message is required' }] });
    expect(
      (await call('POST', `/api/events/${eventId}/announcements`, organizer, { content: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/events/999999/announcements', organizer, { content: 'Hi' })).statusCode).toBe(404);
    for (let index = 0; index < 10; index += 1)
      expect(
        (await call('POST', `/api/events/${eventId}/announcements`, organizer, { content: `Note ${index}` }))
          .statusCode,
      ).toBe(201);
    const limited = await call('POST', `/api/events/${eventId}/announcements`, organizer, { content: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call('GET', '/api/messages', volunteer!)).json()).toHaveLength(10);
    // Ten copies with an event id would be Social Butterfly's 10 messages and Ambassador's 5 shares.
    await createEvent(app, organizer.cookie, MANAGED_EVENT);
    const achievements = (await call('GET', '/api/user/achievements', organizer)).json() as Array<{
      achievement: { name: string };
    }>;
    expect(achievements.map((entry) => entry.achievement.name)).toContain('Event Creator');
    expect(achievements.map((entry) => entry.achievement.name)).not.toContain('Social Butterfly');
    expect(achievements.map((entry) => entry.achievement.name)).not.toContain('Ambassador');
  });
});

/** Decisions §21: "Co-Organizing" asks for co-organizer rights, the organizer decides; "Supporting" is shown. */
describe('RSVP statuses with meaning', () => {
  it('approves a co-organizing RSVP only, lists who supports, and ends the rights when the person changes status', async () => {
    const organizer = await signUpUser(app, { firstName: 'Olga' });
    const [helper, supporter, volunteer] = await signUpMany(3);
    const event = await createEvent(app, organizer.cookie, { title: 'Park day' });
    for (const [person, status] of [
      [helper!, 'organizing'],
      [supporter!, 'supporting'],
      [volunteer!, 'attending'],
    ] as const)
      expect((await call('POST', `/api/events/${event.id}/rsvp`, person, { status })).statusCode).toBe(200);

    const unasked = await call('POST', `/api/events/${event.id}/co-organizers/${volunteer!.user.id}`, organizer);
    expect([unasked.statusCode, unasked.json().code]).toEqual([404, 'NOT_CO_ORGANIZING']);
    const before = (await call('GET', `/api/events/${event.id}/attendees`, organizer)).json();
    expect(
      before.attendees.map((entry: { user: { id: string }; status: string; isCoOrganizer: boolean }) => [
        entry.user.id,
        entry.status,
        entry.isCoOrganizer,
      ]),
    ).toEqual([
      [helper!.user.id, 'organizing', false],
      [supporter!.user.id, 'supporting', false],
      [volunteer!.user.id, 'attending', false],
    ]);
    expect((await call('PATCH', `/api/events/${event.id}`, helper!, { title: 'Too soon' })).statusCode).toBe(403);
    // The event answer tells the screens who manages it, in the list and on the event's page alike.
    const canManageOf = async (person: typeof helper) => [
      (await call('GET', `/api/events/${event.id}`, person!)).json().canManage,
      (await call('GET', '/api/events?limit=100', person!))
        .json()
        .find((listed: { id: number }) => listed.id === event.id)?.canManage,
    ];
    expect(await canManageOf(helper)).toEqual([false, false]);

    const approved = await call('POST', `/api/events/${event.id}/co-organizers/${helper!.user.id}`, organizer);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().attendees[0]).toMatchObject({ status: 'organizing', isCoOrganizer: true });
    expect((await call('PATCH', `/api/events/${event.id}`, helper!, { title: 'Park day, renamed' })).statusCode).toBe(
      200,
    );
    expect(await canManageOf(helper)).toEqual([true, true]);
    expect(await canManageOf(supporter)).toEqual([false, false]);

    // Switching to "Attending" gives the rights up; asking again needs a new approval.
    expect((await call('POST', `/api/events/${event.id}/rsvp`, helper!, { status: 'attending' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/events/${event.id}`, helper!, { title: 'No longer' })).statusCode).toBe(403);
    expect(await canManageOf(helper)).toEqual([false, false]);
    expect((await call('POST', `/api/events/${event.id}/rsvp`, helper!, { status: 'organizing' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/api/events/${event.id}`, helper!, { title: 'Not yet again' })).statusCode).toBe(403);
  });
});
