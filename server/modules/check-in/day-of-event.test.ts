import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rsvps, walkInGuests } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import {
  createTestApp,
  signUpMany,
  signUpUser,
  signUpVerifiedUser,
  type SignedUpUser,
  type TestApp,
} from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

const HOUR_MS = 3600_000;
let smtp: CaptureSmtpServer;
let app: TestApp;
let organizer: SignedUpUser;

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pitchin.example.org', AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpVerifiedUser(app, { firstName: 'Olga', lastName: 'Organizer' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function call(method: 'GET' | 'POST', url: string, as: SignedUpUser | null, payload?: object) {
  return app.inject({
    method,
    url,
    headers: as ? { cookie: as.cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

function recipientOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}

/** An event starting in an hour (check-in open), full with its `places` holders. */
async function fullEvent(places: SignedUpUser[], startsInMs = HOUR_MS) {
  const event = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    title: 'River cleanup',
    date: new Date(Date.now() + startsInMs),
    maxAttendees: Math.max(places.length, 1),
  });
  for (const person of places) await addRsvpRow(app.database.db, event.id, person.user.id);
  return event.id;
}

async function rsvpOf(eventId: number, userId: string) {
  const [row] = await app.database.db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row;
}

/** The path of the claim link the last mail to `email` carried, as a browser follows it. */
function claimPathOf(email: string): string {
  const mail = smtp.mails.filter((item) => recipientOf(item) === email).at(-1);
  const link = /https:\/\/pitchin\.example\.org(\/mail\/walk-in\?token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no claim link mailed to ${email}`);
  return link[1]!;
}

/** The claim button's press: the form posts to the API address with the link's token. */
function pressClaim(path: string, as: SignedUpUser | null) {
  return call('POST', path.replace('/mail/walk-in', '/api/walk-in-claims'), as);
}

describe('walk-ins at the door', () => {
  it('adds anyone as a door guest beyond capacity: an account’s address gets no place and no hours', async () => {
    const [holder, walker] = await signUpMany(app, 2);
    const eventId = await fullEvent([holder!]);
    const answer = await call('POST', `/api/events/${eventId}/walk-ins`, organizer, {
      firstName: 'Walt',
      lastName: 'Walker',
      email: walker!.user.email.toUpperCase(),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    // decisions §22: the answer never says whether the address has an account.
    expect(Object.keys(answer.json()).sort()).toEqual(['checkedInAt', 'firstName', 'lastName', 'walkIns']);
    expect(answer.json()).toMatchObject({ firstName: 'Walt', walkIns: 1 });
    expect(await rsvpOf(eventId, walker!.user.id)).toBeUndefined();
    const [event] = await app.database.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ rsvpCount: 1, maxAttendees: 1, walkInCount: 1 });
    expect((await call('GET', '/api/user/hours', walker!)).json().entries).toEqual([]);

    const again = await call('POST', `/api/events/${eventId}/walk-ins`, organizer, {
      firstName: 'Walt',
      lastName: 'Walker',
      email: walker!.user.email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_WALKED_IN');
    const door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.walkIns).toBe(1);
    expect(door.people.map((entry: { user: { id: string } }) => entry.user.id)).toEqual([holder!.user.id]);
    expect(door.guests).toEqual([expect.objectContaining({ firstName: 'Walt', lastName: 'Walker' })]);
  });

  it('mails every address one claim link; a sign-up claims nothing, the owner’s press of the link does', async () => {
    const eventId = await fullEvent([]);
    const email = `walk-in-${Date.now()}@example.org`;
    const answer = await call('POST', `/api/events/${eventId}/walk-ins`, organizer, {
      firstName: 'Gina',
      lastName: 'Guest',
      email,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ walkIns: 1 });
    await expect.poll(() => smtp.mails.filter((mail) => recipientOf(mail) === email).length).toBe(1);
    const invitation = smtp.mails.find((mail) => recipientOf(mail) === email)!;
    // Our own words only in the subject (decisions §22), the title in the body.
    expect(invitation.subject).toBe('Were you at an event? Claim your volunteer hours');
    expect(invitation.text).toContain('Olga Organizer checked this address in at River cleanup');
    expect(invitation.text).toContain('https://pitchin.example.org/mail/walk-in?token=');
    expect(invitation.text).toContain('https://pitchin.example.org/mail/unsubscribe?token=');
    const door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.guests).toEqual([expect.objectContaining({ firstName: 'Gina', lastName: 'Guest' })]);

    // The same address at another event the same day: checked in, but no second mail (decisions §22).
    const otherEventId = await fullEvent([]);
    expect(
      (
        await call('POST', `/api/events/${otherEventId}/walk-ins`, organizer, {
          firstName: 'Gina',
          lastName: 'Guest',
          email,
        })
      ).statusCode,
    ).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((mail) => recipientOf(mail) === email)).toHaveLength(1);

    const gina = await signUpVerifiedUser(app, { email, firstName: 'Gina', lastName: 'Guest' });
    for (const id of [eventId, otherEventId]) expect(await rsvpOf(id, gina.user.id)).toBeUndefined();
    const claimed = await pressClaim(claimPathOf(email), gina);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await rsvpOf(eventId, gina.user.id)).toMatchObject({ isWalkIn: true, attended: true });
    expect(await rsvpOf(otherEventId, gina.user.id)).toBeUndefined();
    const hours = (await call('GET', '/api/user/hours', gina)).json();
    expect(hours.entries.map((entry: { eventId: number }) => entry.eventId)).toEqual([eventId]);
    expect((await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json().guests).toEqual([]);
  });

  it('checks out a guest walk-in, whose claimed hours are check-out minus check-in', async () => {
    const eventId = await fullEvent([]);
    const email = `leaves-early-${Date.now()}@example.org`;
    const added = await call('POST', `/api/events/${eventId}/walk-ins`, organizer, {
      firstName: 'Lea',
      lastName: 'Early',
      email,
    });
    expect(added.statusCode, added.body).toBe(201);
    const [guest] = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json().guests;
    expect(guest).toMatchObject({ firstName: 'Lea', checkedOutAt: null });

    const out = await call('POST', `/api/events/${eventId}/walk-ins/${guest.id}/check-out`, null);
    expect(out.statusCode).toBe(401);
    const [stranger] = await signUpMany(app, 1);
    expect((await call('POST', `/api/events/${eventId}/walk-ins/${guest.id}/check-out`, stranger!)).statusCode).toBe(
      403,
    );
    const checkedOut = await call('POST', `/api/events/${eventId}/walk-ins/${guest.id}/check-out`, organizer);
    expect(checkedOut.statusCode, checkedOut.body).toBe(200);
    expect(checkedOut.json()).toMatchObject({ id: guest.id, firstName: 'Lea', checkedInAt: guest.checkedInAt });
    expect(checkedOut.json().checkedOutAt).toEqual(expect.any(String));
    const door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.guests[0].checkedOutAt).toBe(checkedOut.json().checkedOutAt);

    // A guest of another event, or none, is not found; a guest id that is not a number is bad input.
    const otherEventId = await fullEvent([]);
    const elsewhere = await call('POST', `/api/events/${otherEventId}/walk-ins/${guest.id}/check-out`, organizer);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('NOT_FOUND');
    expect((await call('POST', `/api/events/${eventId}/walk-ins/abc/check-out`, organizer)).statusCode).toBe(400);

    // 90 minutes at the door: the claim takes 1.5 hours, not the event's two (begun by the check-in).
    await app.database.db
      .update(events)
      .set({ date: sql`now() - interval '90 minutes'` })
      .where(eq(events.id, eventId));
    await app.database.db
      .update(walkInGuests)
      .set({ checkedInAt: sql`now() - interval '90 minutes'`, checkedOutAt: sql`now()` })
      .where(eq(walkInGuests.id, guest.id));
    await expect.poll(() => smtp.mails.filter((mail) => recipientOf(mail) === email).length).toBe(1);
    const lea = await signUpVerifiedUser(app, { email, firstName: 'Lea', lastName: 'Early' });
    expect((await pressClaim(claimPathOf(email), lea)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/hours', lea)).json().entries).toEqual([
      expect.objectContaining({ eventId, hours: 1.5 }),
    ]);
  });

  it('undoes a walk-in whole: the guest goes, with its count; a replay changes nothing', async () => {
    const [walker] = await signUpMany(app, 1);
    const eventId = await fullEvent([]);
    for (const email of [`undone-${Date.now()}@example.org`, walker!.user.email])
      expect(
        (await call('POST', `/api/events/${eventId}/walk-ins`, organizer, { firstName: 'Un', lastName: 'Done', email }))
          .statusCode,
      ).toBe(201);
    let door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.walkIns).toBe(2);
    expect(door.people).toEqual([]);
    for (const { id } of door.guests as { id: number }[]) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const undo = await app.inject({
          method: 'DELETE',
          url: `/api/events/${eventId}/walk-ins/${id}`,
          headers: { cookie: organizer.cookie },
        });
        expect(undo.statusCode, undo.body).toBe(204);
      }
    }

    door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door).toMatchObject({ walkIns: 0, guests: [], people: [] });
    expect(await rsvpOf(eventId, walker!.user.id)).toBeUndefined();
    const [event] = await app.database.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ rsvpCount: 0, walkInCount: 0 });
    expect((await call('GET', '/api/user/hours', walker!)).json().entries).toEqual([]);
  });

  it('leaves a holder’s place alone when the walk-in form names their address: they stay unchecked', async () => {
    const [holder] = await signUpMany(app, 1);
    const eventId = await fullEvent([holder!]);
    expect(
      (
        await call('POST', `/api/events/${eventId}/walk-ins`, organizer, {
          firstName: 'Has',
          lastName: 'Place',
          email: holder!.user.email,
        })
      ).statusCode,
    ).toBe(201);
    expect(await rsvpOf(eventId, holder!.user.id)).toMatchObject({ isWalkIn: false, checkedInAt: null });
    const door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.guests).toEqual([expect.objectContaining({ firstName: 'Has', lastName: 'Place' })]);
  });

  it('is the organizer’s alone, and only while check-in is open', async () => {
    const [stranger] = await signUpMany(app, 1);
    const eventId = await fullEvent([]);
    const body = { firstName: 'Ann', lastName: 'Other', email: 'ann-other@example.org' };
    expect((await call('POST', `/api/events/${eventId}/walk-ins`, stranger!, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/events/${eventId}/walk-ins`, null, body)).statusCode).toBe(401);
    const bad = await call('POST', `/api/events/${eventId}/walk-ins`, organizer, { ...body, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const self = await call('POST', `/api/events/${eventId}/walk-ins`, organizer, {
      ...body,
      email: organizer.user.email,
    });
    expect(self.json().code).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
    const later = await fullEvent([], 48 * HOUR_MS);
    const closed = await call('POST', `/api/events/${later}/walk-ins`, organizer, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CHECK_IN_CLOSED');
  });
});

describe('the kiosk’s address', () => {
  it('sends /events/{id}/kiosk, the address decisions §19 names, on to the kiosk screen', async () => {
    const moved = await call('GET', '/events/42/kiosk', organizer);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/events/42/check-in/kiosk');
    expect((await call('GET', '/events/forty-two/kiosk', organizer)).statusCode).toBe(400);
  });
});

describe('self check-in with the kiosk’s rotating code', () => {
  async function kioskCode(eventId: number): Promise<{ code: string; url: string; expiresAt: string }> {
    const answer = await call('GET', `/api/events/${eventId}/check-in-code?device=KIOSK1`, organizer);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  it('checks in a holder who scans a live code, once; the kiosk’s QR code holds the link', async () => {
    const [holder] = await signUpMany(app, 1);
    const eventId = await fullEvent([holder!]);
    const { code, url, expiresAt } = await kioskCode(eventId);
    const page = `/events/${eventId}/check-in/self?code=${encodeURIComponent(code)}`;
    expect(url).toBe(`https://pitchin.example.org/api/login?returnTo=${encodeURIComponent(page)}`);
    // Signed in, that link goes straight on to the check-in page.
    const hop = await app.inject({
      method: 'GET',
      url: url.slice('https://pitchin.example.org'.length),
      headers: { cookie: holder!.cookie },
    });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(page);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(25_000);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    const image = await call('GET', `/api/events/${eventId}/check-in-code/qr-code?code=${code}`, organizer);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);

    const first = await call('POST', `/api/events/${eventId}/self-check-in`, holder!, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().alreadyCheckedIn).toBe(false);
    const second = await call('POST', `/api/events/${eventId}/self-check-in`, holder!, { code });
    expect(second.json()).toEqual({ checkedInAt: first.json().checkedInAt, alreadyCheckedIn: true });
    expect(await rsvpOf(eventId, holder!.user.id)).toMatchObject({ attended: true });
  });

  it('refuses expired, forged and other events’ codes, people without a place, and a closed window; nothing is recorded', async () => {
    const [holder, outsider] = await signUpMany(app, 2);
    const eventId = await fullEvent([holder!]);
    const otherEventId = await fullEvent([]);
    const { code } = await kioskCode(eventId);
    const otherCode = (await kioskCode(otherEventId)).code;
    const [issued, device, signature] = code.split('.') as [string, string, string];
    const old = Number(issued) - 121;
    const cases: Array<[string, string, SignedUpUser, number, string]> = [
      ['another event’s code', otherCode, holder!, 400, 'CHECK_IN_CODE_INVALID'],
      ['a forged signature', `${issued}.${device}.${'A'.repeat(22)}`, holder!, 400, 'CHECK_IN_CODE_INVALID'],
      ['an old second with this signature', `${old}.${device}.${signature}`, holder!, 400, 'CHECK_IN_CODE_INVALID'],
      ['another kiosk with this signature', `${issued}.KIOSK2.${signature}`, holder!, 400, 'CHECK_IN_CODE_INVALID'],
      ['no place', code, outsider!, 404, 'RSVP_NOT_FOUND'],
      ['the organizer', code, organizer, 403, 'ORGANIZER_CANNOT_VERIFY_SELF'],
    ];
    for (const [label, sent, who, status, errorCode] of cases) {
      const answer = await call('POST', `/api/events/${eventId}/self-check-in`, who, { code: sent });
      expect(answer.statusCode, label).toBe(status);
      expect(answer.json().code, label).toBe(errorCode);
    }
    expect((await call('POST', `/api/events/${eventId}/self-check-in`, holder!, { code: 'x' })).statusCode).toBe(400);

    // A code two minutes old, signed for then: expired (a photo of the kiosk stops working).
    const realNow = Date.now;
    Date.now = () => realNow() - 121_000;
    const stale = (await kioskCode(eventId)).code;
    Date.now = realNow;
    const expired = await call('POST', `/api/events/${eventId}/self-check-in`, holder!, { code: stale });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('CHECK_IN_CODE_EXPIRED');

    // Outside the window: the event moved to tomorrow after the code was shown.
    await app.database.db
      .update(events)
      .set({ date: new Date(Date.now() + 24 * HOUR_MS) })
      .where(eq(events.id, eventId));
    const closed = await call('POST', `/api/events/${eventId}/self-check-in`, holder!, { code });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CHECK_IN_CLOSED');
    expect(await rsvpOf(eventId, holder!.user.id)).toMatchObject({ checkedInAt: null, attended: null });
    // The kiosk's code is the organizer's alone.
    expect((await call('GET', `/api/events/${otherEventId}/check-in-code?device=KIOSK1`, holder!)).statusCode).toBe(
      403,
    );
  });
});

describe('no-shows', () => {
  it("the attendee list counts each person's attended and no-show places over the organizer's past events", async () => {
    const [reliable, absent, newcomer] = await signUpMany(app, 3);
    const past = async (hoursAgo: number) => {
      const event = await createEventRow(app.database.db, {
        organizerId: organizer.user.id,
        date: new Date(Date.now() - hoursAgo * HOUR_MS),
      });
      return event.id;
    };
    const [first, second, recent] = [await past(72), await past(48), await past(3)];
    for (const eventId of [first, second, recent])
      for (const person of [reliable!, absent!]) await addRsvpRow(app.database.db, eventId, person.user.id);
    await app.database.db
      .update(rsvps)
      .set({ checkedInAt: new Date(Date.now() - 70 * HOUR_MS), attended: true })
      .where(and(eq(rsvps.eventId, first), eq(rsvps.userId, reliable!.user.id)));
    await app.database.db
      .update(rsvps)
      .set({ attended: true })
      .where(and(eq(rsvps.eventId, second), eq(rsvps.userId, reliable!.user.id)));
    // Someone else's event counts for nobody here.
    const otherOrganizer = await signUpUser(app);
    const elsewhere = await createEventRow(app.database.db, {
      organizerId: otherOrganizer.user.id,
      date: new Date(Date.now() - 72 * HOUR_MS),
    });
    await addRsvpRow(app.database.db, elsewhere.id, absent!.user.id);

    const upcoming = await fullEvent([reliable!, absent!, newcomer!]);
    const list = (await call('GET', `/api/events/${upcoming}/attendees`, organizer)).json();
    const historyOf = (person: SignedUpUser) =>
      list.attendees.find((entry: { user: { id: string } }) => entry.user.id === person.user.id).history;
    // The event 3 hours ago still has its check-in open (until 12 hours after its end): not counted yet.
    expect(historyOf(reliable!)).toEqual({ attended: 2, noShows: 0 });
    expect(historyOf(absent!)).toEqual({ attended: 0, noShows: 2 });
    expect(historyOf(newcomer!)).toEqual({ attended: 0, noShows: 0 });

    // Each volunteer's Journey shows their own record, over every organizer's events.
    const recordOf = async (person: SignedUpUser) =>
      (await call('GET', '/api/user/stats', person)).json().attendanceRecord;
    expect(await recordOf(reliable!)).toEqual({ attended: 2, noShows: 0 });
    expect(await recordOf(absent!)).toEqual({ attended: 0, noShows: 3 });
    expect(await recordOf(newcomer!)).toEqual({ attended: 0, noShows: 0 });
  });
});
