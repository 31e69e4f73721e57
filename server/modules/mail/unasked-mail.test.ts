import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createEventRow, createOrganizationRow } from '../../test/fixtures';
import { createTestApp, signUpUser, signUpVerifiedUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { type CaptureSmtpServer, rawHeader, startCaptureSmtpServer } from './capture-smtp-server';
import { createUnsubscribeToken, hashAddress } from './unsubscribe-token';

/**
 * decisions §22: one policy for every mail to someone who did not ask for it (message invitations, shares by
 * address, walk-in claims, organization invitations), replayed path by path through the real SMTP server.
 */

const ORIGIN = 'https://pitchin.example.org';
const HOUR_MS = 3600_000;
/** A title and names an attacker would like to see in a mail list's Subject column. */
const LURE = 'Call +1-800-555-0100 now';
const VERIFICATION_SUBJECT = 'Confirm your e-mail address for PitchIn';

let smtp: CaptureSmtpServer;
const apps: TestApp[] = [];

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp?.close();
});

async function openApp(invitationMailsPerDay: number): Promise<TestApp> {
  const app = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: ORIGIN,
    AUTH_RATE_LIMIT: '100000',
    INVITATION_MAILS_PER_DAY: String(invitationMailsPerDay),
  });
  apps.push(app);
  return app;
}

let counter = 0;
function freshAddress(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.org`;
}

function mailsTo(address: string): ParsedMail[] {
  return smtp.mails.filter(
    (mail) =>
      mail.subject !== VERIFICATION_SUBJECT &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

/** Lets the background sends and the outbox's rows reach the SMTP server before counting. */
async function settle(app: TestApp) {
  await app.mailOutbox.runOnce();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

type Sender = { person: SignedUpUser; eventId: number; organizationId: number };

/** A sender with an event whose door is open and an organization they own, both named after the lure. */
async function senderOn(app: TestApp, isConfirmed: boolean): Promise<Sender> {
  const fields = { firstName: LURE, lastName: 'Sender' };
  const person = isConfirmed ? await signUpVerifiedUser(app, fields) : await signUpUser(app, fields);
  const event = await createEventRow(app.database.db, {
    organizerId: person.user.id,
    title: LURE,
    date: new Date(Date.now() + HOUR_MS),
  });
  counter += 1;
  const organizationId = await createOrganizationRow(app.database.db, {
    ownerId: person.user.id,
    slug: `lure-${counter}-${Date.now().toString(36)}`,
    name: LURE,
  });
  return { person, eventId: event.id, organizationId };
}

function post(app: TestApp, person: SignedUpUser, url: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: { cookie: person.cookie }, payload });
}

/** Each kind of unasked mail to `address`, as its sender's call; every answer is read by the caller. */
const kinds = {
  message: (app: TestApp, sender: Sender, address: string) =>
    post(app, sender.person, '/api/messages', { receiverId: address, content: 'Come along!' }),
  share: (app: TestApp, sender: Sender, address: string) =>
    post(app, sender.person, '/api/messages', { receiverId: address, content: 'Shared', eventId: sender.eventId }),
  walkIn: (app: TestApp, sender: Sender, address: string) =>
    post(app, sender.person, `/api/events/${sender.eventId}/walk-ins`, {
      firstName: 'Typed',
      lastName: 'Names',
      email: address,
    }),
  organization: (app: TestApp, sender: Sender, address: string) =>
    post(app, sender.person, `/api/organizations/${sender.organizationId}/invitations`, {
      email: address,
      role: 'member',
    }),
};

async function siteCounter(app: TestApp): Promise<number> {
  const rows = await selectRows<{ amount: number }>(
    app.database.db,
    sql`SELECT amount FROM rate_limit_counters WHERE key = 'invitation-mails-site:all'`,
  );
  return rows.reduce((total, row) => total + Number(row.amount), 0);
}

describe('the unasked-mail policy (decisions §22)', () => {
  it('with INVITATION_MAILS_PER_DAY=0 and an unconfirmed sender, no path mails a stranger', async () => {
    for (const cap of [0, 500]) {
      const app = await openApp(cap);
      for (const sender of [await senderOn(app, false), ...(cap === 0 ? [await senderOn(app, true)] : [])]) {
        const addresses = Object.keys(kinds).map((kind) => freshAddress(kind));
        for (const [index, send] of Object.values(kinds).entries()) {
          const answer = await send(app, sender, addresses[index]!);
          // Walk-ins and organization invitations are stored (the door works); messages by address from an
          // unconfirmed sender are refused (item 3); nothing is mailed.
          expect(answer.statusCode, answer.body).toBeOneOf([201, 204, 403]);
        }
        await settle(app);
        for (const address of addresses) expect(mailsTo(address)).toEqual([]);
      }
      expect(await siteCounter(app)).toBe(0);
    }
  });

  it('one unasked mail per address a day, whatever the kinds; five organization invitations in a row mail once', async () => {
    const app = await openApp(500);
    const sender = await senderOn(app, true);
    const other = await senderOn(app, true);
    const address = freshAddress('popular');
    for (const send of [kinds.message, kinds.walkIn, kinds.organization, kinds.share]) {
      expect((await send(app, sender, address)).statusCode).toBeLessThan(300);
      expect((await send(app, other, address)).statusCode).toBeLessThan(300);
    }
    const invited = freshAddress('invited-five-times');
    for (let time = 0; time < 5; time += 1)
      expect((await kinds.organization(app, sender, invited)).statusCode).toBeLessThan(300);
    await settle(app);
    expect(mailsTo(address)).toHaveLength(1);
    expect(mailsTo(invited)).toHaveLength(1);
  });

  it('an address that refused invitations gets none of any kind', async () => {
    const app = await openApp(500);
    const sender = await senderOn(app, true);
    const addresses = Object.keys(kinds).map((kind) => freshAddress(`refused-${kind}`));
    for (const address of addresses) {
      const token = createUnsubscribeToken(app.config.sessionSecret, {
        kind: 'invitation',
        addressHash: hashAddress(address),
      });
      const refused = await app.inject({ method: 'POST', url: `/mail/unsubscribe?token=${token}` });
      expect(refused.statusCode, refused.body).toBeLessThan(300);
    }
    for (const [index, send] of Object.values(kinds).entries())
      expect((await send(app, sender, addresses[index]!)).statusCode).toBeLessThan(300);
    await settle(app);
    for (const address of addresses) expect(mailsTo(address)).toEqual([]);
  });

  it('every kind: our words only in the Subject, the refusal link in the body', async () => {
    const app = await openApp(500);
    const sender = await senderOn(app, true);
    const sent: ParsedMail[] = [];
    for (const send of [kinds.message, kinds.walkIn, kinds.organization]) {
      const address = freshAddress('subject');
      expect((await send(app, sender, address)).statusCode).toBeLessThan(300);
      await settle(app);
      await expect.poll(() => mailsTo(address).length).toBe(1);
      sent.push(mailsTo(address)[0]!);
    }
    expect(sent.map((mail) => mail.subject)).toEqual([
      'You have a message on PitchIn',
      'Were you at an event? Claim your volunteer hours',
      'You are invited to join an organization on PitchIn',
    ]);
    for (const mail of sent) {
      expect(mail.subject).not.toContain('800');
      expect(mail.text).toContain(`${ORIGIN}/mail/unsubscribe?token=`);
      expect(rawHeader(mail, 'List-Unsubscribe')).toContain('/mail/unsubscribe?token=');
    }
  });

  it('an unconfirmed sender gets the same 403 for a known and an unknown address, by message and by share', async () => {
    const app = await openApp(500);
    const sender = await senderOn(app, false);
    const member = await signUpUser(app);
    const answers = [];
    for (const send of [kinds.message, kinds.share])
      for (const address of [member.user.email, freshAddress('nobody')]) answers.push(await send(app, sender, address));
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
    for (const answer of answers)
      expect(answer.json()).toEqual({
        message: 'Confirm your e-mail address before writing to an e-mail address',
        code: 'EMAIL_NOT_VERIFIED',
      });
  });

  it('the site-wide cap counts every kind together', async () => {
    const app = await openApp(2);
    const sender = await senderOn(app, true);
    const addresses = [freshAddress('cap-message'), freshAddress('cap-walk-in'), freshAddress('cap-organization')];
    expect((await kinds.message(app, sender, addresses[0]!)).statusCode).toBe(201);
    expect((await kinds.walkIn(app, sender, addresses[1]!)).statusCode).toBe(201);
    expect((await kinds.organization(app, sender, addresses[2]!)).statusCode).toBeLessThan(300);
    await settle(app);
    expect(addresses.map((address) => mailsTo(address).length)).toEqual([1, 1, 0]);
    expect(await siteCounter(app)).toBe(2);
  });
});
