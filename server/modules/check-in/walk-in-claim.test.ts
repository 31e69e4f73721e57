import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rsvps, users, walkInGuests } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, signUpVerifiedUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

/**
 * decisions §22, the attack replayed: a walk-in used to find accounts by address (the answer said
 * `hasAccount`, the door list showed the account's id, names and photo) and to act in their name (attending,
 * checked in, verified hours, announcements), from a throwaway account. Now a walk-in is a door guest with
 * the names the organizer typed, and only the owner's press of the claim link moves its hours.
 */

const HOUR_MS = 3600_000;
let smtp: CaptureSmtpServer;
let app: TestApp;
let victim: SignedUpUser;

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pitchin.example.org', AUTH_RATE_LIMIT: '1000' });
  victim = await signUpVerifiedUser(app, { firstName: 'Valentina', lastName: 'Victim' });
  await app.database.db
    .update(users)
    .set({ profileImageUrl: '/uploads/victim-photo.webp' })
    .where(eq(users.id, victim.user.id));
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

/** Every mail to the address but the confirmation link each sign-up is sent. */
function mailsTo(address: string): ParsedMail[] {
  return smtp.mails.filter(
    (mail) => recipientOf(mail) === address && mail.subject !== 'Confirm your e-mail address for PitchIn',
  );
}

/** An event of `organizer` starting in an hour: its door is open. */
async function eventOf(organizer: SignedUpUser, title = 'Harbour cleanup') {
  const event = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    title,
    date: new Date(Date.now() + HOUR_MS),
    maxAttendees: 10,
  });
  return event.id;
}

function walkIn(organizer: SignedUpUser, eventId: number, email: string) {
  return call('POST', `/api/events/${eventId}/walk-ins`, organizer, { firstName: 'Typed', lastName: 'Names', email });
}

async function placeOf(eventId: number, userId: string) {
  const [row] = await app.database.db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row;
}

/** Nothing in the person's name: no place, no check-in, no hours, no notification. */
async function expectUntouched(person: SignedUpUser, eventId: number) {
  expect(await placeOf(eventId, person.user.id)).toBeUndefined();
  expect((await call('GET', '/api/user/hours', person)).json().entries).toEqual([]);
  const notifications = (await call('GET', '/api/notifications', person)).json() as { event?: { id: number } }[];
  expect(notifications.filter((item) => item.event?.id === eventId)).toEqual([]);
}

function claimPathOf(address: string): string {
  const link = /https:\/\/pitchin\.example\.org(\/mail\/walk-in\?token=[A-Za-z0-9_-]+)/.exec(
    mailsTo(address).at(-1)?.text ?? '',
  );
  if (!link) throw new Error(`no claim link mailed to ${address}`);
  return link[1]!;
}

/** The claim page's button: a browser's form post, which asks for a page. */
function press(path: string, as: SignedUpUser | null) {
  return app.inject({
    method: 'POST',
    url: path.replace('/mail/walk-in', '/api/walk-in-claims'),
    headers: { accept: 'text/html,application/xhtml+xml', ...(as ? { cookie: as.cookie } : {}) },
  });
}

/** Lets a mail that would have been sent in the background arrive before counting none. */
async function settleMail() {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('a walk-in reveals and touches no account (decisions §22)', () => {
  it('a throwaway account learns nothing, acts in nobody’s name, and mails nobody', async () => {
    const attacker = await signUpUser(app, { firstName: 'Throw', lastName: 'Away' });
    const eventId = await eventOf(attacker);
    const stranger = `nobody-${Date.now()}@example.org`;
    const known = await walkIn(attacker, eventId, victim.user.email);
    const unknown = await walkIn(attacker, eventId, stranger);
    expect(known.statusCode, known.body).toBe(201);
    expect(unknown.statusCode, unknown.body).toBe(201);
    // The same answer for a known and an unknown address, bar the running count.
    const strip = (body: Record<string, unknown>) => ({ ...body, checkedInAt: 'at', walkIns: 0 });
    expect(strip(known.json())).toEqual(strip(unknown.json()));
    expect(known.body).not.toContain('hasAccount');

    const door = await call('GET', `/api/events/${eventId}/check-ins`, attacker);
    expect(door.statusCode).toBe(200);
    for (const secret of [victim.user.id, 'Valentina', 'Victim', 'victim-photo', victim.user.email])
      expect(door.body).not.toContain(secret);
    expect(door.json().people).toEqual([]);
    expect(door.json().guests).toHaveLength(2);

    // An announcement reaches the places, and the victim holds none.
    const announced = await call('POST', `/api/events/${eventId}/announcements`, attacker, { content: 'Hello!' });
    expect(announced.statusCode, announced.body).toBe(201);
    expect(announced.json().recipientCount).toBe(0);
    await expectUntouched(victim, eventId);
    // An unconfirmed sender mails nobody (the unasked-mail policy), known or not.
    await settleMail();
    expect(mailsTo(victim.user.email)).toEqual([]);
    expect(mailsTo(stranger)).toEqual([]);
  });

  it('the owner’s press of the link, signed in with the confirmed address, moves the hours once; nobody else’s does', async () => {
    const organizer = await signUpVerifiedUser(app, { firstName: 'Orla', lastName: 'Organizer' });
    const eventId = await eventOf(organizer);
    expect((await walkIn(organizer, eventId, victim.user.email)).statusCode).toBe(201);
    await expect.poll(() => mailsTo(victim.user.email).length).toBe(1);
    const mail = mailsTo(victim.user.email)[0]!;
    expect(mail.subject).toBe('Were you at an event? Claim your volunteer hours');
    expect(mail.text).toContain('Harbour cleanup');
    const path = claimPathOf(victim.user.email);
    await expectUntouched(victim, eventId);

    // Opening the link changes nothing, signed out or in: mail scanners fetch links.
    const signedOut = await call('GET', path, null);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain(`/api/login?returnTo=${encodeURIComponent(path)}`);
    expect(signedOut.body).not.toContain('<form');
    const page = await call('GET', path, victim);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Were you at Harbour cleanup');
    expect(page.body).toContain('<form method="post" action="/api/walk-in-claims?token=');
    // The same page frame as the reminder's answer (link-page.ts): styles in its one <style> element only.
    expect(page.body).not.toMatch(/ style="/);
    await expectUntouched(victim, eventId);

    // Signed out, another account, the owner before confirming: refused, nothing moves.
    expect((await press(path, null)).statusCode).toBe(401);
    // Any other client of /api/ gets the JSON error every API route answers with.
    const asApi = await call('POST', path.replace('/mail/walk-in', '/api/walk-in-claims'), null);
    expect(asApi.statusCode).toBe(401);
    expect(asApi.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const other = await signUpVerifiedUser(app);
    const wrong = await press(path, other);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['x-error-code']).toBe('FORBIDDEN');
    expect(await placeOf(eventId, other.user.id)).toBeUndefined();
    await app.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, victim.user.id));
    const unconfirmed = await press(path, victim);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.headers['x-error-code']).toBe('EMAIL_NOT_VERIFIED');
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.id, victim.user.id));
    await expectUntouched(victim, eventId);

    const claimed = await press(path, victim);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.body).toContain('Your hours at Harbour cleanup are yours now, verified.');
    expect(await placeOf(eventId, victim.user.id)).toMatchObject({
      status: 'attending',
      isWalkIn: true,
      attended: true,
      checkedInAt: expect.any(Date),
    });
    // No check-out was recorded: the event's length, as for any check-in (decisions §19).
    const [event] = await app.database.db.select().from(events).where(eq(events.id, eventId));
    expect((await call('GET', '/api/user/hours', victim)).json().entries).toEqual([
      expect.objectContaining({ eventId, hours: event!.durationMinutes / 60 }),
    ]);
    expect((await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json()).toMatchObject({ guests: [] });

    // Twice: the link is spent, and says so like any bad link.
    const twice = await press(path, victim);
    expect(twice.statusCode).toBe(400);
    expect(twice.headers['x-error-code']).toBe('REPLY_LINK_INVALID');
    expect((await call('GET', path, victim)).statusCode).toBe(400);
    for (const forged of ['/mail/walk-in?token=forged', `/mail/walk-in?token=${'A'.repeat(43)}`])
      expect((await call('GET', forged, victim)).headers['x-error-code']).toBe('REPLY_LINK_INVALID');
  });

  it('sends no mail to an owner who blocked the organizer, and answers exactly as for anyone', async () => {
    const organizer = await signUpVerifiedUser(app, { firstName: 'Bo', lastName: 'Blocked' });
    const blocker = await signUpVerifiedUser(app, { firstName: 'Bea', lastName: 'Blocker' });
    const blocked = await call('POST', `/api/users/${organizer.user.id}/block`, blocker);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const eventId = await eventOf(organizer);
    const answer = await walkIn(organizer, eventId, blocker.user.email);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(Object.keys(answer.json()).sort()).toEqual(['checkedInAt', 'firstName', 'lastName', 'walkIns']);
    await settleMail();
    expect(mailsTo(blocker.user.email)).toEqual([]);
    await expectUntouched(blocker, eventId);
  });

  it('refuses a walk-in at a hidden event or a suspended organizer’s, and mails nobody', async () => {
    const organizer = await signUpVerifiedUser(app, { firstName: 'Hid', lastName: 'Den' });
    const address = `hidden-${Date.now()}@example.org`;
    const hiddenId = await eventOf(organizer);
    await app.database.db
      .update(events)
      .set({ hiddenAt: sql`now()` })
      .where(eq(events.id, hiddenId));
    const hidden = await walkIn(organizer, hiddenId, address);
    expect(hidden.statusCode).toBe(403);

    // A suspended author's event, at the door of its approved co-organizer.
    const author = await signUpVerifiedUser(app, { firstName: 'Sus', lastName: 'Pended' });
    const coOrganizer = await signUpVerifiedUser(app, { firstName: 'Co', lastName: 'Organizer' });
    const suspendedId = await eventOf(author);
    await addRsvpRow(app.database.db, suspendedId, coOrganizer.user.id, 'organizing');
    await app.database.db
      .update(rsvps)
      .set({ coOrganizerApprovedAt: sql`now()` })
      .where(and(eq(rsvps.eventId, suspendedId), eq(rsvps.userId, coOrganizer.user.id)));
    expect((await walkIn(coOrganizer, suspendedId, `${address}.before`)).statusCode).toBe(201);
    await app.database.db
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, author.user.id));
    const suspended = await walkIn(coOrganizer, suspendedId, address);
    expect(suspended.statusCode).toBe(403);

    const guests = await app.database.db.select().from(walkInGuests).where(eq(walkInGuests.email, address));
    expect(guests).toEqual([]);
    await settleMail();
    expect(mailsTo(address)).toEqual([]);
  });

  it('does not let whoever manages the event claim a walk-in of their own address', async () => {
    const author = await signUpVerifiedUser(app, { firstName: 'Ann', lastName: 'Author' });
    const coOrganizer = await signUpVerifiedUser(app, { firstName: 'Cole', lastName: 'Helper' });
    const eventId = await eventOf(author);
    await addRsvpRow(app.database.db, eventId, coOrganizer.user.id, 'organizing');
    await app.database.db
      .update(rsvps)
      .set({ coOrganizerApprovedAt: sql`now()` })
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, coOrganizer.user.id)));
    expect((await walkIn(author, eventId, coOrganizer.user.email)).statusCode).toBe(201);
    await expect.poll(() => mailsTo(coOrganizer.user.email).length).toBe(1);
    const refused = await press(claimPathOf(coOrganizer.user.email), coOrganizer);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-error-code']).toBe('ORGANIZER_CANNOT_VERIFY_SELF');
    expect(await placeOf(eventId, coOrganizer.user.id)).toMatchObject({ checkedInAt: null });
  });
});
