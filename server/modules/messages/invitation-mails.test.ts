import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createTestApp, signUpUser, signUpVerifiedUser, type TestApp } from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

/**
 * Invitation mails as a phishing relay: a message to an address with no account mails the sender's
 * words under our name. Only verified accounts may cause one, the whole site sends at most
 * INVITATION_MAILS_PER_DAY a day, and nothing the sender wrote reaches a Subject or a live link.
 */
const DAILY_CAP = 3;

let app: TestApp;
let smtp: CaptureSmtpServer;
beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({
    AUTH_RATE_LIMIT: '1000',
    SMTP_URL: smtp.url,
    INVITATION_MAILS_PER_DAY: String(DAILY_CAP),
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

type Person = Awaited<ReturnType<typeof signUpUser>>;

const PHISHING_NAME = 'PayPal Security: your account is locked, verify at https://evil.example/login';
const PHISHING_TEXT =
  'Your account is locked. Verify now at https://evil.example/login?next=pay or www.evil.example,\n' +
  'or write to help@evil.example, or open 203.0.113.7/pay <a href="https://evil.example">here</a>';

function freshAddress(): string {
  return `nobody-${randomBytes(4).toString('hex')}@example.org`;
}

function send(from: Person, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: from.cookie }, payload });
}

function invitationsTo(address: string): ParsedMail[] {
  return smtp.mails.filter(
    (mail) =>
      mail.subject !== 'Confirm your e-mail address for PitchIn' &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

async function waitForInvitation(address: string): Promise<ParsedMail> {
  await expect.poll(() => invitationsTo(address).length, { timeout: 5000 }).toBe(1);
  return invitationsTo(address)[0]!;
}

/** Waits out the background sending: a mail that was going to leave has arrived by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function siteCounter(): Promise<number> {
  const rows = await selectRows<{ amount: number }>(
    app.database.db,
    sql`SELECT amount FROM rate_limit_counters WHERE key = 'invitation-mails-site:all'`,
  );
  return rows.reduce((total, row) => total + Number(row.amount), 0);
}

describe('invitation mails', () => {
  it('refuses an unconfirmed sender’s message to every address, known to PitchIn or not, alike (403 EMAIL_NOT_VERIFIED), storing and mailing nothing', async () => {
    const sender = await signUpUser(app, { firstName: 'Una' });
    const known = await signUpUser(app);
    const target = freshAddress();
    const refused = await send(sender, { receiverId: target, content: 'Join us on Saturday' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Confirm your e-mail address before writing to an e-mail address',
      code: 'EMAIL_NOT_VERIFIED',
    });
    // decisions §22: an address of an account gets the very same answer, so the refusal tells nobody who
    // has one (it used to answer 201 here and 403 only for unknown addresses). By id, messages still go.
    const knownRefused = await send(sender, { receiverId: known.user.email, content: 'Hello' });
    expect(knownRefused.statusCode).toBe(403);
    expect(knownRefused.json()).toEqual(refused.json());
    expect((await send(sender, { receiverId: known.user.id, content: 'Hello again' })).statusCode).toBe(201);
    const sent = await app.inject({ method: 'GET', url: '/api/messages', headers: { cookie: sender.cookie } });
    expect((sent.json() as Array<{ content: string }>).map((message) => message.content)).toEqual(['Hello again']);
    await settle();
    expect(invitationsTo(target)).toHaveLength(0);
    // The refusal counted toward the message limit: asking which addresses have accounts is no faster than sending.
    const [row] = await selectRows<{ amount: number }>(
      app.database.db,
      sql`SELECT sum(amount) AS amount FROM rate_limit_counters WHERE key = ${`messages:${sender.user.id}`}`,
    );
    expect(Number(row!.amount)).toBe(3);
  });

  it('keeps the sender’s words out of the Subject and quotes them as theirs, with no live link (the PayPal example)', async () => {
    const sender = await signUpVerifiedUser(app, { firstName: PHISHING_NAME, lastName: 'Attacker' });
    const target = freshAddress();
    expect((await send(sender, { receiverId: target, content: PHISHING_TEXT })).statusCode).toBe(201);
    const mail = await waitForInvitation(target);
    expect(mail.subject).toBe('You have a message on PitchIn');
    const html = String(mail.html);
    for (const part of [mail.text!, html]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('www.evil');
      expect(part).not.toContain('203.0.113.7');
      expect(part).toContain('evil[.]example');
    }
    // The only anchors are ours: the sign-up button and the unsubscribe link.
    const hrefs = [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) expect(href.startsWith(`${app.config.linkOrigin}/`)).toBe(true);
    expect(html).toContain('&lt;a href=&quot;https[:]//evil[.]example&quot;&gt;here&lt;/a&gt;');
    // Said to be the sender's words: a "wrote:" line, then the text quoted line by line.
    expect(mail.text).toContain(
      'PayPal Security: your account is locked, verify at https[:]//evil[.]example/login wrote:\n\n' +
        '> Your account is locked. Verify now at https[:]//evil[.]example/login?next=pay or www[.]evil[.]example,\n' +
        '> or write to help@evil[.]example, or open 203[.]0[.]113[.]7/pay',
    );
    expect(html).toMatch(/<blockquote[^>]*>Your account is locked\. Verify now at https\[:\]\/\/evil\[\.\]example/);
    expect(mail.text).not.toContain('Attacker');
  });

  it('sends at most INVITATION_MAILS_PER_DAY invitation mails a day for the whole site, counted in the database; the messages still go', async () => {
    const before = await siteCounter();
    const senders = [await signUpVerifiedUser(app), await signUpVerifiedUser(app)];
    const targets = Array.from({ length: DAILY_CAP - before + 2 }, () => freshAddress());
    for (const [index, target] of targets.entries()) {
      const response = await send(senders[index % 2]!, { receiverId: target, content: `Hello ${index}` });
      expect(response.statusCode).toBe(201);
    }
    await expect
      .poll(() => targets.filter((target) => invitationsTo(target).length > 0).length)
      .toBe(DAILY_CAP - before);
    await settle();
    expect(targets.filter((target) => invitationsTo(target).length > 0)).toEqual(targets.slice(0, DAILY_CAP - before));
    expect(await siteCounter()).toBe(DAILY_CAP);
  });
});
