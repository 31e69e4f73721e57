import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import {
  createEvent,
  createTestApp,
  signUpUser,
  verifyEmailOf,
  type TestApp,
  type SignedUpUser,
} from '../../test/test-app';
import { type CaptureSmtpServer, rawHeader, startCaptureSmtpServer } from './capture-smtp-server';
import { MailOutbox } from './mail-outbox.service';
import { createMailer } from './mail.service';

const ORIGIN = 'https://pitchin.example.org';
let smtp: CaptureSmtpServer;
let app: TestApp;
let organizer: SignedUpUser;
let vera: SignedUpUser; // writes in German
let walt: SignedUpUser; // keeps English

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, MAIL_FROM: 'PitchIn <no-reply@pitchin.test>' });
  organizer = await signUpSettled(app, { firstName: 'Olga', lastName: 'Organizer' });
  vera = await signUpSettled(app, { firstName: 'Vera', lastName: 'Volunteer' });
  walt = await signUpSettled(app, { firstName: 'Walt', lastName: 'Waiting' });
  expect((await call(vera, 'PUT', '/api/user/mail-settings', { language: 'de' })).statusCode).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function call(
  account: SignedUpUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(account ? { cookie: account.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/**
 * signUpUser, once its verification mail has arrived: these tests count the mails that arrive while they
 * run, and a sign-up's verification mail would otherwise land among them. The address is then verified,
 * as these people write to addresses with no account.
 */
async function signUpSettled(...[testApp, fields]: Parameters<typeof signUpUser>): Promise<SignedUpUser> {
  const person = await signUpUser(testApp, fields);
  // Polled by hand: beforeAll signs up too, and expect.poll runs only inside a test.
  const hasArrived = () =>
    smtp.mails.some(
      (mail) => mail.subject === 'Confirm your e-mail address for PitchIn' && recipientOf(mail) === person.user.email,
    );
  for (let waited = 0; !hasArrived(); waited += 20) {
    if (waited > 5000) throw new Error(`no verification mail for ${person.user.email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await verifyEmailOf(testApp, person.user);
  return person;
}

function recipientOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}

/** Runs the outbox until it is idle and returns the mails that arrived meanwhile. */
async function deliver(options: { shouldScanReminders?: boolean } = {}): Promise<ParsedMail[]> {
  const before = smtp.mails.length;
  await app.mailOutbox.runOnce(options);
  return smtp.mails.slice(before);
}

function unsubscribeUrlOf(mail: ParsedMail): string {
  const header = rawHeader(mail, 'list-unsubscribe') ?? '';
  expect(header).toMatch(
    /^<https:\/\/pitchin\.example\.org\/mail\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}>$/,
  );
  return header.slice(1, -1);
}

function expectMailBasics(mail: ParsedMail, eventId: number, language: string) {
  const eventUrl = `${ORIGIN}/events/${eventId}`;
  expect(mail.from?.value).toEqual([{ name: 'PitchIn', address: 'no-reply@pitchin.test' }]);
  expect(mail.text).toContain(eventUrl);
  expect(String(mail.html)).toContain(`href="${eventUrl}"`);
  expect(String(mail.html)).toContain(`<html lang="${language}"`);
  expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const unsubscribeUrl = unsubscribeUrlOf(mail);
  expect(mail.text).toContain(unsubscribeUrl);
  expect(String(mail.html)).toContain(`href="${unsubscribeUrl}"`);
  expect(mail.messageId).toMatch(/^<[0-9a-f]{40}@pitchin\.example\.org>$/);
}

describe('mails about events come from the outbox, once, in the recipient language', () => {
  let eventId: number;
  let changedMail: ParsedMail;

  it('event changed: the German RSVP holder gets it in German with what changed; the organizer gets nothing', async () => {
    eventId = (await createEvent(app, organizer.cookie, { maxAttendees: 1 })).id;
    expect((await call(vera, 'POST', `/api/events/${eventId}/rsvp`, { status: 'attending' })).statusCode).toBe(200);
    expect((await call(walt, 'POST', `/api/events/${eventId}/waitlist`)).statusCode).toBe(201);
    expect(
      (await call(organizer, 'PATCH', `/api/events/${eventId}`, { location: 'Braga', durationMinutes: 120 }))
        .statusCode,
    ).toBe(200);
    const mails = await deliver();
    expect(mails.map(recipientOf)).toEqual([vera.user.email]);
    changedMail = mails[0]!;
    expect(changedMail.subject).toBe('Eine Veranstaltung, zu der du gehst, wurde geändert');
    expect(changedMail.text).toContain('River cleanup');
    expect(changedMail.text).toContain('Hallo Vera,');
    expect(changedMail.text).toContain('Wo: Braga (vorher: Porto)');
    expect(changedMail.text).toContain('Dauer: 2 Stunden (vorher: 3 Stunden)');
    expect(String(changedMail.html)).toContain('Wo: Braga (vorher: Porto)');
    expectMailBasics(changedMail, eventId, 'de');
    // Another round sends nothing more: the change record was turned into mails once.
    expect(await deliver()).toEqual([]);
  });

  it('announcement: quoted, escaped in the HTML, named after the organizer', async () => {
    const content = 'Bring <b>boots</b> & water';
    expect((await call(organizer, 'POST', `/api/events/${eventId}/announcements`, { content })).statusCode).toBe(201);
    const [mail, ...rest] = await deliver();
    expect(rest).toEqual([]);
    expect(recipientOf(mail!)).toBe(vera.user.email);
    // The organizer's name and the title are their words: in the body, never in the Subject.
    expect(mail!.subject).toBe('Neuigkeiten vom Veranstalter einer Veranstaltung, zu der du gehst');
    expect(mail!.text).toContain('Olga Organizer hat allen Teilnehmenden von River cleanup geschrieben:');
    expect(mail!.text).toContain(`> ${content}`);
    expect(String(mail!.html)).toContain('Bring &lt;b&gt;boots&lt;/b&gt; &amp; water');
    expectMailBasics(mail!, eventId, 'de');
  });

  it('waitlist promotion: the English waiting person gets their place by mail', async () => {
    expect((await call(vera, 'DELETE', `/api/events/${eventId}/rsvp`)).statusCode).toBe(204);
    const mails = await deliver();
    expect(mails.map(recipientOf)).toEqual([walt.user.email]);
    expect(mails[0]!.subject).toBe('You have a place at an event you waited for');
    expect(mails[0]!.text).toContain('you are now attending River cleanup');
    expect(mails[0]!.text).toContain('Hello Walt,');
    expect(mails[0]!.text).toContain('Where: Braga');
    expectMailBasics(mails[0]!, eventId, 'en');
  });

  it('event cancelled: every RSVP holder, with the reason', async () => {
    expect(
      (await call(organizer, 'POST', `/api/events/${eventId}/cancel`, { reason: 'Storm warning' })).statusCode,
    ).toBe(200);
    const mails = await deliver();
    expect(mails.map(recipientOf)).toEqual([walt.user.email]);
    expect(mails[0]!.subject).toBe('An event you were going to was cancelled');
    expect(mails[0]!.text).toContain('Reason given: Storm warning');
    expectMailBasics(mails[0]!, eventId, 'en');
  });

  it('the List-Unsubscribe link asks in the browser, and its one-click POST turns that kind off without a session', async () => {
    const url = new URL(unsubscribeUrlOf(changedMail));
    const page = await call(null, 'GET', url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Keine E-Mails mehr zu Änderungen an Veranstaltungen?');
    expect(page.body).toContain('<form method="post"');
    // Opening the link (as mail scanners do) changes nothing.
    expect((await call(vera, 'GET', '/api/user/mail-settings')).json().kinds.event_changed).toBe(true);

    const tampered = url.search.replace(/.(?=&|$)/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await call(null, 'POST', url.pathname + tampered, undefined)).statusCode).toBe(400);
    expect((await call(vera, 'GET', '/api/user/mail-settings')).json().kinds.event_changed).toBe(true);

    const oneClick = await app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('Du bekommst keine E-Mails mehr zu Änderungen an Veranstaltungen');
    const settings = (await call(vera, 'GET', '/api/user/mail-settings')).json();
    expect(settings).toEqual({
      language: 'de',
      kinds: {
        waitlist_promoted: true,
        event_changed: false,
        event_cancelled: true,
        announcement: true,
        event_reminder: true,
        organization_event: true,
      },
    });

    // The next change reaches her no more; an announcement still does.
    const second = (await createEvent(app, organizer.cookie, { maxAttendees: 5 })).id;
    expect((await call(vera, 'POST', `/api/events/${second}/rsvp`, { status: 'attending' })).statusCode).toBe(200);
    expect((await call(organizer, 'PATCH', `/api/events/${second}`, { location: 'Faro' })).statusCode).toBe(200);
    expect(await deliver()).toEqual([]);
    expect(
      (await call(organizer, 'POST', `/api/events/${second}/announcements`, { content: 'See you' })).statusCode,
    ).toBe(201);
    expect((await deliver()).map((mail) => mail.subject)).toEqual([
      'Neuigkeiten vom Veranstalter einer Veranstaltung, zu der du gehst',
    ]);
    const [closed] = await selectRows<{ skipped: string }>(
      app.database.db,
      sql`SELECT skipped_reason AS skipped FROM mail_outbox WHERE kind = 'event_changed' AND event_id = ${second}`,
    );
    expect(closed?.skipped).toBe('switched_off');
  });
});

describe('changes of one event reach a person as one mail per 15 minutes and one unread notification', () => {
  /** Every mail the person got, whichever round sent it (the outbox also runs on its own timer). */
  /** The mails the person got about events: the sign-up's address confirmation is not counted. */
  function mailsTo(account: SignedUpUser): ParsedMail[] {
    return smtp.mails.filter(
      (mail) => recipientOf(mail) === account.user.email && mail.subject !== 'Confirm your e-mail address for PitchIn',
    );
  }

  /** The person's change mails about the event, oldest first, with how long after the one before each is due. */
  function changeMailsOf(account: SignedUpUser, eventId: number) {
    return selectRows<{ isSent: boolean; skipped: string | null; secondsAfterPrevious: number | null }>(
      app.database.db,
      sql`SELECT sent_at IS NOT NULL AS "isSent", skipped_reason AS skipped,
                 extract(epoch FROM next_attempt_at - lag(next_attempt_at) OVER (ORDER BY id))::float8 AS "secondsAfterPrevious"
          FROM mail_outbox WHERE kind = 'event_changed' AND user_id = ${account.user.id} AND event_id = ${eventId}
          ORDER BY id`,
    );
  }

  async function changeNotices(account: SignedUpUser, eventId: number) {
    const list = (await call(account, 'GET', '/api/notifications?limit=100')).json() as Array<{
      type: string;
      readAt: string | null;
      event?: { id: number } | null;
    }>;
    return list.filter((item) => item.type === 'event_changed' && item.event?.id === eventId);
  }

  /** What a sender finds 15 minutes on: the mail that waits for its window is due now. */
  async function letWindowPass(account: SignedUpUser, eventId: number) {
    await app.database.db.execute(
      sql`UPDATE mail_outbox SET next_attempt_at = now()
          WHERE kind = 'event_changed' AND user_id = ${account.user.id} AND event_id = ${eventId} AND sent_at IS NULL`,
    );
  }

  function edit(eventId: number, fields: Record<string, unknown>) {
    return call(organizer, 'PATCH', `/api/events/${eventId}`, fields).then((response) => response.statusCode);
  }

  it('25 place changes in a row make one mail and one unread notification; later ones wait 15 minutes, gathered', async () => {
    const cora = await signUpSettled(app, { firstName: 'Cora' });
    const eventId = (await createEvent(app, organizer.cookie, { maxAttendees: 5 })).id;
    expect((await call(cora, 'POST', `/api/events/${eventId}/rsvp`, { status: 'attending' })).statusCode).toBe(200);
    for (let index = 1; index <= 25; index += 1) expect(await edit(eventId, { location: `Place ${index}` })).toBe(200);
    await deliver();
    // One mail, from the first place: the changes the outbox had taken in when it went out.
    expect(mailsTo(cora)).toHaveLength(1);
    expect(mailsTo(cora)[0]!.subject).toBe('An event you are going to has changed');
    expect(mailsTo(cora)[0]!.text).toMatch(/Where: Place \d+ \(was Porto\)/);
    const notices = await changeNotices(cora, eventId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.readAt).toBeNull();

    // Changes within 15 minutes of that mail wait for the window, gathered into one mail.
    expect(await edit(eventId, { location: 'Place 26' })).toBe(200);
    expect(await edit(eventId, { date: daysFromNow(8).toISOString() })).toBe(200);
    await deliver();
    expect(mailsTo(cora)).toHaveLength(1);
    const [sent, waiting, ...more] = await changeMailsOf(cora, eventId);
    expect(more).toEqual([]);
    expect(sent!.isSent).toBe(true);
    expect(waiting!.isSent).toBe(false);
    expect(waiting!.secondsAfterPrevious).toBeGreaterThanOrEqual(15 * 60);
    expect(await changeNotices(cora, eventId)).toHaveLength(1);

    await letWindowPass(cora, eventId);
    await deliver();
    expect(mailsTo(cora)).toHaveLength(2);
    const gathered = mailsTo(cora)[1]!;
    expect(gathered.text).toMatch(/Where: Place 26 \(was Place \d+\)/);
    expect(gathered.text).toMatch(/When: .+ \(was .+\)/);
    expect(await changeNotices(cora, eventId)).toHaveLength(1);
  });

  it('a change undone before its mail goes sends nothing; a read notice is followed by a new unread one', async () => {
    const dina = await signUpSettled(app, { firstName: 'Dina' });
    const eventId = (await createEvent(app, organizer.cookie, { maxAttendees: 5 })).id;
    expect((await call(dina, 'POST', `/api/events/${eventId}/rsvp`, { status: 'attending' })).statusCode).toBe(200);
    expect(await edit(eventId, { location: 'Lisbon' })).toBe(200);
    await deliver();
    expect(mailsTo(dina)).toHaveLength(1);
    expect((await call(dina, 'POST', '/api/notifications/read', {})).statusCode).toBe(204);

    expect(await edit(eventId, { location: 'Evora' })).toBe(200);
    expect(await edit(eventId, { location: 'Lisbon' })).toBe(200);
    await deliver();
    await letWindowPass(dina, eventId);
    await deliver();
    expect(mailsTo(dina)).toHaveLength(1);
    expect((await changeMailsOf(dina, eventId)).map((row) => row.skipped)).toEqual([null, 'changed_back']);
    expect((await changeNotices(dina, eventId)).map((notice) => notice.readAt === null)).toEqual([true, false]);
  });

  it('holds with several outboxes at once on one database (as several processes run): one mail, then one gathered', async () => {
    const quiet = pino({ level: 'silent' });
    const outboxes = Array.from(
      { length: 3 },
      () =>
        new MailOutbox(
          app.database.db,
          createMailer({ smtpUrl: smtp.url, from: 'PitchIn <no-reply@pitchin.test>' }, quiet),
          {
            linkOrigin: ORIGIN,
            timeZone: 'UTC',
            sessionSecret: app.config.sessionSecret,
            claimSeconds: 60,
            log: quiet,
            invitationMailsPerDay: 500,
          },
        ),
    );
    const runAll = () => Promise.all([app.mailOutbox, ...outboxes].map((outbox) => outbox.runOnce()));
    const ezra = await signUpSettled(app, { firstName: 'Ezra' });
    const eventId = (await createEvent(app, organizer.cookie, { maxAttendees: 5 })).id;
    expect((await call(ezra, 'POST', `/api/events/${eventId}/rsvp`, { status: 'attending' })).statusCode).toBe(200);
    for (let index = 1; index <= 12; index += 1) {
      const editing = Promise.all([edit(eventId, { location: `Stop ${index}` }), runAll()]);
      expect((await editing)[0]).toBe(200);
    }
    await runAll();
    expect(mailsTo(ezra)).toHaveLength(1);
    // The first mail went out within the first rounds; every later stop waits in one mail.
    expect(mailsTo(ezra)[0]!.text).toMatch(/Where: Stop [12] \(was Porto\)/);
    expect((await changeMailsOf(ezra, eventId)).map((row) => row.isSent)).toEqual([true, false]);
    await letWindowPass(ezra, eventId);
    await runAll();
    await runAll();
    expect(mailsTo(ezra)).toHaveLength(2);
    expect(mailsTo(ezra)[1]!.text).toMatch(/Where: Stop 12 \(was Stop [12]\)/);
  });
});

describe('a change of several dates of a series', () => {
  /** A weekly series of three dates a week ahead, with the person on every date. */
  async function seriesHeldBy(person: SignedUpUser): Promise<number[]> {
    const first = await createEvent(app, organizer.cookie, {
      date: daysFromNow(7).toISOString(),
      recurrence: { frequency: 'weekly', count: 3 },
    });
    const series = (await call(null, 'GET', `/api/series/${first.seriesId}`)).json() as {
      occurrences: Array<{ id: number }>;
    };
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    for (const id of ids)
      expect((await call(person, 'POST', `/api/events/${id}/rsvp`, { status: 'attending' })).statusCode).toBe(200);
    return ids;
  }

  async function datesOf(ids: number[]): Promise<string[]> {
    const format = new Intl.DateTimeFormat('en', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: app.config.timeZone,
    });
    const dates = [];
    for (const id of ids)
      dates.push(
        format.format(new Date(((await call(null, 'GET', `/api/events/${id}`)).json() as { date: string }).date)),
      );
    return dates;
  }

  it('reaches a person holding every date as one mail naming each changed date as it now is', async () => {
    const sara = await signUpSettled(app, { firstName: 'Sara' });
    const ids = await seriesHeldBy(sara);
    await deliver();
    const moved = await call(organizer, 'PATCH', `/api/events/${ids[0]}?scope=all`, {
      location: 'Braga',
      date: new Date(daysFromNow(7).getTime() + 60 * 60 * 1000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = (await deliver()).filter((mail) => recipientOf(mail) === sara.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Where: Braga (was Porto)');
    expect(mails[0]!.text).toContain('This change reaches each of your dates in this series:');
    for (const date of await datesOf(ids)) {
      expect(mails[0]!.text).toContain(date);
      expect(String(mails[0]!.html)).toContain(date);
    }
  });

  it('a cancellation of this and the following dates names each cancelled date once, in one mail', async () => {
    const theo = await signUpSettled(app, { firstName: 'Theo' });
    const ids = await seriesHeldBy(theo);
    await deliver();
    const cancelled = await call(organizer, 'POST', `/api/events/${ids[1]}/cancel?scope=following`, {
      reason: 'The hall closes',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mails = (await deliver()).filter((mail) => recipientOf(mail) === theo.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('These dates of the series you held a place at are cancelled:');
    const [kept, ...gone] = await datesOf(ids);
    for (const date of gone) expect(mails[0]!.text).toContain(date);
    expect(mails[0]!.text).not.toContain(kept!);
  });
});

describe('changes of a slot', () => {
  it('a new time and a removal each reach the holder by mail, naming the slot and its times', async () => {
    const uma = await signUpSettled(app, { firstName: 'Uma' });
    const eventId = (await createEvent(app, organizer.cookie, { date: daysFromNow(5).toISOString() })).id;
    const startsAt = daysFromNow(5);
    const window = (hours: number) => ({
      startsAt: new Date(startsAt.getTime() + hours * 60 * 60 * 1000).toISOString(),
      endsAt: new Date(startsAt.getTime() + (hours + 2) * 60 * 60 * 1000).toISOString(),
    });
    const made = await call(organizer, 'POST', `/api/events/${eventId}/slots`, {
      role: 'Kitchen',
      ...window(0),
      capacity: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    const slotId = (made.json() as { id: number }).id;
    expect((await call(uma, 'POST', `/api/slots/${slotId}/signup`)).statusCode).toBe(201);
    await deliver();

    expect((await call(organizer, 'PATCH', `/api/slots/${slotId}`, window(3))).statusCode).toBe(200);
    const moved = (await deliver()).filter((mail) => recipientOf(mail) === uma.user.email);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.subject).toBe('An event you are going to has changed');
    expect(moved[0]!.text).toMatch(/Your slot Kitchen now runs .+ \(was .+\)\./);
    expectMailBasics(moved[0]!, eventId, 'en');

    expect((await call(organizer, 'DELETE', `/api/slots/${slotId}`)).statusCode).toBe(204);
    const removed = (await deliver()).filter((mail) => recipientOf(mail) === uma.user.email);
    expect(removed).toHaveLength(1);
    expect(removed[0]!.text).toMatch(/The slot Kitchen \(.+\) was removed from the schedule/);
  });
});

describe('a slot of a series and a declined place', () => {
  it("a slot moved on every date reaches its holder as one mail naming the slot's new time and each date", async () => {
    const vera = await signUpSettled(app, { firstName: 'Vera' });
    const first = await createEvent(app, organizer.cookie, {
      date: daysFromNow(9).toISOString(),
      recurrence: { frequency: 'weekly', count: 3 },
    });
    const ids = (
      (await call(null, 'GET', `/api/series/${first.seriesId}`)).json() as { occurrences: Array<{ id: number }> }
    ).occurrences.map((occurrence) => occurrence.id);
    const start = Date.parse(first.date);
    const hours = (from: number) => ({
      startsAt: new Date(start + from * 60 * 60 * 1000).toISOString(),
      endsAt: new Date(start + (from + 2) * 60 * 60 * 1000).toISOString(),
    });
    const made = await call(organizer, 'POST', `/api/events/${ids[0]}/slots?scope=all`, {
      role: 'Pantry',
      ...hours(0),
      capacity: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const id of ids) {
      const [slot] = (await call(null, 'GET', `/api/events/${id}/slots`)).json() as Array<{ id: number }>;
      expect((await call(vera, 'POST', `/api/slots/${slot!.id}/signup`)).statusCode).toBe(201);
    }
    await deliver();
    const moved = await call(
      organizer,
      'PATCH',
      `/api/slots/${(made.json() as { id: number }).id}?scope=all`,
      hours(1),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = (await deliver()).filter((mail) => recipientOf(mail) === vera.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Your slot Pantry now runs .+ \(was .+\)\./);
    expect(mails[0]!.text).toContain('This change reaches each of your dates in this series:');
    expect(String(mails[0]!.text).match(/^\s*\S+day, /gm) ?? []).toHaveLength(3);
  });

  it('a declined place is mailed as what it is, not as a change of an event the person is going to', async () => {
    const wes = await signUpSettled(app, { firstName: 'Wes' });
    const eventId = (await createEvent(app, organizer.cookie, { date: daysFromNow(6).toISOString() })).id;
    const startsAt = daysFromNow(6);
    const made = await call(organizer, 'POST', `/api/events/${eventId}/slots`, {
      role: 'First aid',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000).toISOString(),
      capacity: 2,
      requiresApproval: true,
    });
    const slotId = (made.json() as { id: number }).id;
    expect((await call(wes, 'POST', `/api/slots/${slotId}/signup`)).json()).toEqual({ status: 'pending' });
    await deliver();
    const declined = await call(organizer, 'POST', `/api/slots/${slotId}/signups/${wes.user.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    const mails = (await deliver()).filter((mail) => recipientOf(mail) === wes.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A place you asked for was not approved');
    expect(mails[0]!.text).toContain('News about your request to help at');
    expect(mails[0]!.text).toMatch(/The organizer did not approve your place in First aid \(.+\)\./);
    expect(mails[0]!.text).not.toContain('changed');
    expectMailBasics(mails[0]!, eventId, 'en');
  });
});

describe('a deleted event', () => {
  it('tells the people waiting for it by mail, from what its change record kept, linking to the list of events', async () => {
    const eventId = (
      await createEvent(app, organizer.cookie, { maxAttendees: 1, title: 'Garden day', location: 'Coimbra' })
    ).id;
    expect((await call(organizer, 'POST', `/api/events/${eventId}/rsvp`, { status: 'organizing' })).statusCode).toBe(
      200,
    );
    expect((await call(vera, 'POST', `/api/events/${eventId}/waitlist`)).statusCode).toBe(201);
    expect((await call(organizer, 'DELETE', `/api/events/${eventId}`)).statusCode).toBe(204);
    const mails = await deliver();
    expect(mails.map(recipientOf)).toEqual([vera.user.email]);
    expect(mails[0]!.subject).toBe('Eine Veranstaltung, zu der du gehen wolltest, wurde abgesagt');
    expect(mails[0]!.text).toContain('Garden day');
    expect(mails[0]!.text).toContain(`${ORIGIN}/discover`);
    expect(mails[0]!.text).not.toContain(`/events/${eventId}`);
  });
});

describe('reminders 24 hours before', () => {
  it('each RSVP holder of an event starting within 24 hours gets exactly one, however many rounds run, with one notification', async () => {
    const spanish = await signUpSettled(app, { firstName: 'Sofía' });
    expect((await call(spanish, 'PUT', '/api/user/mail-settings', { language: 'es' })).statusCode).toBe(200);
    const soon = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      title: 'Food bank',
      location: 'Lisboa',
      date: new Date(Date.now() + 20 * 3600_000),
    });
    const later = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      title: 'Later',
      date: new Date(Date.now() + 30 * 3600_000),
    });
    await addRsvpRow(app.database.db, soon.id, spanish.user.id);
    await addRsvpRow(app.database.db, soon.id, walt.user.id);
    await addRsvpRow(app.database.db, later.id, spanish.user.id);

    const rounds = await Promise.all([
      deliver({ shouldScanReminders: true }),
      deliver({ shouldScanReminders: true }),
      deliver({ shouldScanReminders: true }),
    ]);
    const mails = [...new Set(rounds.flat())];
    expect(mails.map(recipientOf).sort()).toEqual([spanish.user.email, walt.user.email].sort());
    const spanishMail = mails.find((mail) => recipientOf(mail) === spanish.user.email)!;
    expect(spanishMail.subject).toMatch(/^Recordatorio: un evento al que vas empieza el .+/);
    expect(spanishMail.text).toContain('Te recordamos que Food bank empieza en las próximas 24 horas.');
    expect(spanishMail.text).toContain('Dónde: Lisboa');
    expectMailBasics(spanishMail, soon.id, 'es');
    expect(mails.find((mail) => recipientOf(mail) === walt.user.email)!.subject).toMatch(
      /^Reminder: an event you are going to starts /,
    );
    // The ticket: the holder's own code in the text, and its QR code attached and shown by Content-ID.
    const [ticketRow] = await selectRows<{ code: string }>(
      app.database.db,
      sql`SELECT ticket_code AS code FROM rsvps WHERE event_id = ${soon.id} AND user_id = ${spanish.user.id}`,
    );
    expect(spanishMail.text).toContain(`Tu código de entrada: ${ticketRow!.code}`);
    const qrImage = spanishMail.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(qrImage?.cid).toBeTruthy();
    // mailparser puts an attachment whose Content-ID the HTML names into the HTML as a data URL.
    expect(spanishMail.html).toContain(`src="data:image/png;base64,${qrImage!.content.toString('base64')}"`);
    expect(qrImage!.content.subarray(1, 4).toString()).toBe('PNG');
    expect(await deliver({ shouldScanReminders: true })).toEqual([]);

    const notifications = (await call(spanish, 'GET', '/api/notifications')).json() as Array<{
      type: string;
      event?: { id: number };
    }>;
    expect(notifications.filter((item) => item.type === 'event_reminder').map((item) => item.event?.id)).toEqual([
      soon.id,
    ]);
  });

  it('is written in the language the person signed up in, until they choose one for mails', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { cookie: 'pitchin_language=it' },
      payload: {
        email: `italian-${Date.now()}@example.org`,
        password: 'correct horse battery',
        firstName: 'Italo',
        lastName: 'Rossi',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const italian = signUp.json() as { id: string; email: string };
    const cookie = signUp.cookies.find((item) => item.name.endsWith('pitchin_session'))!;
    const account = {
      user: { ...italian, firstName: 'Italo', lastName: 'Rossi' },
      cookie: `${cookie.name}=${cookie.value}`,
      password: '',
    };
    expect((await call(account, 'GET', '/api/user/mail-settings')).json()).toMatchObject({ language: 'it' });
    // The verification link comes in that language too.
    await expect.poll(() => smtp.mails.filter((mail) => recipientOf(mail) === italian.email).length).toBe(1);
    expect(smtp.mails.find((mail) => recipientOf(mail) === italian.email)!.subject).toBe(
      'Conferma il tuo indirizzo e-mail per PitchIn',
    );
    // Signing in later in another language does not change it: only settings do.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'pitchin_language=ko' },
      payload: { email: italian.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const soon = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      title: 'Banco alimentare',
      date: new Date(Date.now() + 10 * 3600_000),
    });
    await addRsvpRow(app.database.db, soon.id, italian.id);
    const mails = (await deliver({ shouldScanReminders: true })).filter((mail) => recipientOf(mail) === italian.email);
    expect(mails).toHaveLength(1);
    expectMailBasics(mails[0]!, soon.id, 'it');
  });

  it('a switched-off kind sends nothing, and a cancelled event gets no reminder', async () => {
    const person = await signUpSettled(app);
    expect(
      (await call(person, 'PUT', '/api/user/mail-settings', { kinds: { event_reminder: false } })).statusCode,
    ).toBe(200);
    const other = await signUpSettled(app);
    const event = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      date: new Date(Date.now() + 10 * 3600_000),
    });
    await addRsvpRow(app.database.db, event.id, person.user.id);
    const cancelled = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      date: new Date(Date.now() + 10 * 3600_000),
    });
    await addRsvpRow(app.database.db, cancelled.id, other.user.id);
    await app.database.db.execute(sql`UPDATE events SET status = 'cancelled' WHERE id = ${cancelled.id}`);
    expect(await deliver({ shouldScanReminders: true })).toEqual([]);
  });
});

describe('mail settings', () => {
  it('start with every kind on, in the language of the app, and refuse bad input with 400', async () => {
    const person = await signUpSettled(app);
    const fresh = await call(null, 'GET', '/api/user/mail-settings', undefined, {
      cookie: `${person.cookie}; pitchin_language=ja`,
    });
    expect(fresh.json()).toEqual({
      language: 'ja',
      kinds: {
        waitlist_promoted: true,
        event_changed: true,
        event_cancelled: true,
        announcement: true,
        event_reminder: true,
        organization_event: true,
      },
    });
    for (const body of [
      { language: 'xx' },
      { kinds: { newsletter: false } },
      { kinds: { announcement: 'no' } },
      { other: 1 },
    ]) {
      expect((await call(person, 'PUT', '/api/user/mail-settings', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(null, 'GET', '/api/user/mail-settings')).statusCode).toBe(401);
    const changed = await call(person, 'PUT', '/api/user/mail-settings', {
      language: 'ar',
      kinds: { announcement: false, event_cancelled: false },
    });
    expect(changed.json()).toEqual({
      language: 'ar',
      kinds: {
        waitlist_promoted: true,
        event_changed: true,
        event_cancelled: false,
        announcement: false,
        event_reminder: true,
        organization_event: true,
      },
    });
    const back = await call(person, 'PUT', '/api/user/mail-settings', { kinds: { announcement: true } });
    expect(back.json().kinds).toMatchObject({ announcement: true, event_cancelled: false });
  });
});

describe('password reset and invitation mails', () => {
  it('the password reset is written in the user mail language, without List-Unsubscribe', async () => {
    const person = await signUpSettled(app, { firstName: 'Frédéric' });
    expect((await call(person, 'PUT', '/api/user/mail-settings', { language: 'fr' })).statusCode).toBe(200);
    const before = smtp.mails.length;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email: person.user.email },
          remoteAddress: '10.77.0.1',
        })
      ).statusCode,
    ).toBe(202);
    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail!.subject).toBe('Réinitialisez votre mot de passe PitchIn');
    expect(mail!.text).toContain('Bonjour Frédéric,');
    expect(mail!.text).toMatch(/https:\/\/pitchin\.example\.org\/\S+#token=/);
    expect(String(mail!.html)).toContain('Choisir un nouveau mot de passe');
    expect(rawHeader(mail!, 'list-unsubscribe')).toBeUndefined();
  });

  it('a user with no mail language gets the reset in the language of the app that asked', async () => {
    const person = await signUpSettled(app);
    const before = smtp.mails.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: person.user.email },
      headers: { cookie: 'pitchin_language=ko' },
      remoteAddress: '10.77.0.2',
    });
    expect(response.statusCode).toBe(202);
    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail!.subject).toBe('PitchIn 비밀번호 재설정');
  });

  it('the invitation is in the sender language, and its link turns invitations to that address off', async () => {
    const address = 'not.yet.member@example.org';
    const before = smtp.mails.length;
    expect((await call(vera, 'POST', '/api/messages', { receiverId: address, content: 'Komm mit!' })).statusCode).toBe(
      201,
    );
    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail!.subject).toBe('Du hast eine Nachricht auf PitchIn');
    expect(mail!.text).toContain('Vera schrieb:\n\n> Komm mit!');
    const url = new URL(unsubscribeUrlOf(mail!));
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = await app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(oneClick.statusCode).toBe(200);
    // The daily allowance would stop a second invitation anyway: clear it, so only the switch can.
    await app.database.db.execute(sql`DELETE FROM rate_limit_counters`);
    const after = smtp.mails.length;
    expect((await call(walt, 'POST', '/api/messages', { receiverId: address, content: 'Hello?' })).statusCode).toBe(
      201,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(after);
  });
});

describe('without SMTP_URL', () => {
  it('the log shows each mail subject and link, and the row is closed', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    const outbox = new MailOutbox(
      app.database.db,
      createMailer({ smtpUrl: null, from: 'PitchIn <no-reply@pitchin.test>' }, logger),
      {
        linkOrigin: ORIGIN,
        timeZone: 'UTC',
        sessionSecret: app.config.sessionSecret,
        claimSeconds: 60,
        log: logger,
        invitationMailsPerDay: 500,
      },
    );
    const person = await signUpSettled(app);
    const event = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      title: 'Tree planting',
      date: new Date(Date.now() + 5 * 3600_000),
    });
    await addRsvpRow(app.database.db, event.id, person.user.id);
    const before = smtp.mails.length;
    await outbox.runOnce({ shouldScanReminders: true });
    expect(smtp.mails.length).toBe(before);
    const line = lines.find((entry) => entry.msg === 'mail not sent: no SMTP_URL');
    expect(line).toMatchObject({
      mail: {
        subject: expect.stringMatching(/^Reminder: an event you are going to starts /),
        link: `${ORIGIN}/events/${event.id}`,
      },
    });
    const [row] = await selectRows<{ sent: boolean }>(
      app.database.db,
      sql`SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE kind = 'event_reminder' AND event_id = ${event.id}`,
    );
    expect(row?.sent).toBe(true);
  });
});

describe('stopping', () => {
  it('does not wait for a hung SMTP server: the mail in hand stays claimed for another process', async () => {
    // Accepts connections and never greets: nodemailer would wait for its own timeout.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const quiet = pino({ level: 'silent' });
    const outbox = new MailOutbox(
      app.database.db,
      createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'PitchIn <no-reply@pitchin.test>' }, quiet),
      {
        linkOrigin: ORIGIN,
        timeZone: 'UTC',
        sessionSecret: app.config.sessionSecret,
        claimSeconds: 60,
        log: quiet,
        invitationMailsPerDay: 500,
      },
    );
    // The app's own outbox must not take the row first.
    await app.mailOutbox.stop();
    const person = await signUpSettled(app);
    const event = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      date: new Date(Date.now() + 3 * 3600_000),
    });
    await addRsvpRow(app.database.db, event.id, person.user.id);
    void outbox.runOnce({ shouldScanReminders: true });
    await expect.poll(() => sockets.length, { timeout: 5000 }).toBe(1);
    const started = Date.now();
    await outbox.stop();
    expect(Date.now() - started).toBeLessThan(4500);
    const [row] = await selectRows<{ sent: boolean; claimed: boolean }>(
      app.database.db,
      sql`SELECT sent_at IS NOT NULL AS sent, claimed_until > now() AS claimed FROM mail_outbox WHERE kind = 'event_reminder' AND event_id = ${event.id}`,
    );
    expect(row).toEqual({ sent: false, claimed: true });
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
