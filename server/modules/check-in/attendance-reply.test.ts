import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { events, rsvps } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

const ORIGIN = 'https://pitchin.example.org';
const HOUR_MS = 3600_000;
let smtp: CaptureSmtpServer;
let app: TestApp;
let organizer: SignedUpUser;

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app, { firstName: 'Olga' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function recipientOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}

async function remindersTo(person: SignedUpUser): Promise<ParsedMail[]> {
  await app.mailOutbox.runOnce({ shouldScanReminders: true });
  return smtp.mails.filter(
    (mail) => recipientOf(mail) === person.user.email && /Reminder|Starting soon/.test(mail.subject ?? ''),
  );
}

/** The two answer links of the reminder, taken from the mail as its reader would. */
async function replyLinksOf(person: SignedUpUser): Promise<{ confirm: string; cancel: string }> {
  const [mail] = await remindersTo(person);
  expect(mail, 'the reminder arrived').toBeDefined();
  const links = [
    ...(mail!.text ?? '').matchAll(/https:\/\/pitchin\.example\.org\/mail\/attendance\?token=[\w.-]+/g),
  ].map((match) => match[0]);
  expect(mail!.text).toContain("I'm coming: ");
  expect(mail!.text).toContain("I can't come: ");
  expect(links).toHaveLength(2);
  return { confirm: links[0]!.slice(ORIGIN.length), cancel: links[1]!.slice(ORIGIN.length) };
}

async function eventWithPlaces(title: string, people: SignedUpUser[], maxAttendees: number | null = null) {
  const event = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    title,
    date: new Date(Date.now() + 20 * HOUR_MS),
    maxAttendees,
  });
  for (const person of people) await addRsvpRow(app.database.db, event.id, person.user.id);
  return event.id;
}

async function confirmedAtOf(eventId: number, userId: string): Promise<Date | null | undefined> {
  const [row] = await app.database.db
    .select({ confirmedAt: rsvps.confirmedAt })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row ? row.confirmedAt : undefined;
}

/** The page's button, pressed as a browser does: a same-origin form POST with no fields. */
function press(url: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
    payload: '',
  });
}

describe("the reminder's I'm coming / I can't come links", () => {
  it('opening a link shows one button and changes nothing (mail scanners open links); its press confirms, once', async () => {
    const volunteer = await signUpUser(app, { firstName: 'Vera' });
    const eventId = await eventWithPlaces('Beach cleanup', [volunteer]);
    const { confirm } = await replyLinksOf(volunteer);

    for (let opened = 0; opened < 3; opened += 1) {
      const page = await app.inject({ method: 'GET', url: confirm });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // The button's POST must carry the page's origin (no-referrer would make it `null`, refused as cross-site).
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(page.body).toContain('Confirm that you are coming to Beach cleanup');
      expect(page.body.match(/<button/g)).toHaveLength(1);
      expect(page.body).toContain('<form method="post" action="/mail/attendance?token=');
    }
    expect(await confirmedAtOf(eventId, volunteer.user.id)).toBeNull();

    const pressed = await press(confirm);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('the organizer sees that you are coming to Beach cleanup');
    const confirmedAt = await confirmedAtOf(eventId, volunteer.user.id);
    expect(confirmedAt).toBeInstanceOf(Date);
    // Pressed again: the first time stays, and the page now says it is done.
    expect((await press(confirm)).statusCode).toBe(200);
    expect(await confirmedAtOf(eventId, volunteer.user.id)).toEqual(confirmedAt);
    expect((await app.inject({ method: 'GET', url: confirm })).body).not.toContain('<button');

    // The organizer sees who confirmed.
    const attendees = await app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/attendees`,
      headers: { cookie: organizer.cookie },
    });
    expect(attendees.json().attendees).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: volunteer.user.id }),
        confirmedAt: confirmedAt!.toISOString(),
      }),
    ]);
  });

  it("I can't come frees the place at once and promotes the first person waiting; a GET of it changes nothing", async () => {
    const [holder, waiting] = [await signUpUser(app), await signUpUser(app)];
    const eventId = await eventWithPlaces('Food bank', [holder], 1);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/waitlist`,
          headers: { cookie: waiting.cookie },
        })
      ).statusCode,
    ).toBe(201);
    const { cancel } = await replyLinksOf(holder);

    const page = await app.inject({ method: 'GET', url: cancel });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Give up your place at Food bank');
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(await confirmedAtOf(eventId, holder.user.id)).toBeNull();

    const pressed = await press(cancel);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('Your place at Food bank is given up');
    expect(await confirmedAtOf(eventId, holder.user.id)).toBeUndefined();
    expect(await confirmedAtOf(eventId, waiting.user.id)).toBeNull();
    const [event] = await app.database.db.select().from(events).where(eq(events.id, eventId));
    expect(event!.rsvpCount).toBe(1);
    // Pressed again, there is no place left to give up.
    const again = await press(cancel);
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-error-code']).toBe('RSVP_NOT_FOUND');
  });

  it('refuses a tampered link, a confirm link turned into a cancel one, and a link of an earlier place', async () => {
    const volunteer = await signUpUser(app);
    const eventId = await eventWithPlaces('Park planting', [volunteer]);
    const { confirm, cancel } = await replyLinksOf(volunteer);
    const token = new URL(confirm, ORIGIN).searchParams.get('token')!;
    const [body, signature] = token.split('.') as [string, string];

    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    const asCancel = Buffer.from(JSON.stringify(['cancel', ...claim.slice(1)])).toString('base64url');
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const forged of [`${asCancel}.${signature}`, `${body}.${otherSignature}`, `${body}.`, 'nonsense', '']) {
      for (const method of ['GET', 'POST'] as const) {
        const answer =
          method === 'GET'
            ? await app.inject({ method, url: `/mail/attendance?token=${forged}` })
            : await press(`/mail/attendance?token=${forged}`);
        expect(answer.statusCode, `${method} ${forged}`).toBe(400);
        expect(answer.headers['x-error-code']).toBe('REPLY_LINK_INVALID');
        expect(answer.body).toContain('This link is not valid');
      }
    }
    expect(await confirmedAtOf(eventId, volunteer.user.id)).toBeNull();

    // Given up and taken again: the new place has a new code, and the old links no longer work.
    await app.database.db.delete(rsvps).where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, volunteer.user.id)));
    await addRsvpRow(app.database.db, eventId, volunteer.user.id);
    for (const url of [confirm, cancel]) {
      const answer = await press(url);
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['x-error-code']).toBe('REPLY_LINK_INVALID');
    }
    expect(await confirmedAtOf(eventId, volunteer.user.id)).toBeNull();
  });

  it('expires when the event starts', async () => {
    const volunteer = await signUpUser(app);
    const eventId = await eventWithPlaces('Library reading', [volunteer]);
    const { confirm, cancel } = await replyLinksOf(volunteer);
    await app.database.db
      .update(events)
      .set({ date: new Date(Date.now() - 60_000) })
      .where(eq(events.id, eventId));
    for (const url of [confirm, cancel]) {
      for (const answer of [await app.inject({ method: 'GET', url }), await press(url)]) {
        expect(answer.statusCode).toBe(409);
        expect(answer.headers['x-error-code']).toBe('REPLY_LINK_EXPIRED');
        expect(answer.body).toContain('This link has expired');
      }
    }
    expect(await confirmedAtOf(eventId, volunteer.user.id)).toBeNull();
  });

  it('a second reminder goes 2 hours before the start, once, to whoever had the day-before one', async () => {
    const volunteer = await signUpUser(app);
    const eventId = await eventWithPlaces('Soup kitchen', [volunteer]);
    expect(await remindersTo(volunteer)).toHaveLength(1);
    // Two hours to go, the day-before reminder long sent.
    await app.database.db
      .update(events)
      .set({ date: new Date(Date.now() + 90 * 60_000) })
      .where(eq(events.id, eventId));
    await selectRows(
      app.database.db,
      sql`UPDATE mail_outbox SET created_at = now() - interval '20 hours', dedupe_key = 'event_reminder:' || event_id || ':' || user_id || ':' || (SELECT floor(extract(epoch FROM date))::bigint FROM events WHERE id = ${eventId}) WHERE event_id = ${eventId} RETURNING id`,
    );
    await app.mailOutbox.runOnce({ shouldScanReminders: true });
    await app.mailOutbox.runOnce({ shouldScanReminders: true });
    const finals = smtp.mails.filter(
      (mail) => recipientOf(mail) === volunteer.user.email && mail.subject?.startsWith('Starting soon'),
    );
    expect(finals).toHaveLength(1);
    expect(finals[0]!.text).toContain('Soup kitchen starts in about 2 hours.');
    expect(finals[0]!.text).toContain('/mail/attendance?token=');
  });

  it('a place taken at the last minute gets one reminder, not two in a row', async () => {
    const volunteer = await signUpUser(app);
    const eventId = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      title: 'Late sign-up',
      date: new Date(Date.now() + HOUR_MS),
    });
    await addRsvpRow(app.database.db, eventId.id, volunteer.user.id);
    await app.mailOutbox.runOnce({ shouldScanReminders: true });
    const mails = smtp.mails.filter(
      (mail) => recipientOf(mail) === volunteer.user.email && !mail.subject?.startsWith('Confirm your e-mail'),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Reminder:/)]);
  });
});
