import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { AuthService } from '../auth/auth.service';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

let app: TestApp;
let smtp: CaptureSmtpServer;
beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

type Person = Awaited<ReturnType<typeof signUpUser>>;

const SUBJECT = 'Confirm your e-mail address for PitchIn';

function verificationMailsTo(address: string): ParsedMail[] {
  return smtp.mails.filter(
    (mail) =>
      mail.subject === SUBJECT &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

async function waitForVerificationMails(address: string, count: number): Promise<ParsedMail[]> {
  await expect.poll(() => verificationMailsTo(address).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return verificationMailsTo(address);
}

/** The link as a person would click it: the one in the HTML button, equal to the one in the text. */
function linkIn(mail: ParsedMail): URL {
  const match = /href="([^"]*\/api\/auth\/verify-email\?token=[^"]*)"/.exec(String(mail.html));
  if (!match) throw new Error('no verification link in the mail');
  const href = match[1]!.replaceAll('&amp;', '&');
  expect(mail.text).toContain(href);
  return new URL(href);
}

/** Opens the link as a browser would: signed in as `person`, or (without) on a device that is not signed in. */
function open(link: URL, person?: Person) {
  return app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: person ? { cookie: person.cookie } : {},
  });
}

async function isVerified(person: Person): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { emailVerified: boolean }).emailVerified;
}

function resend(person: Person | null) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    headers: person ? { cookie: person.cookie } : {},
  });
}

describe('e-mail verification', () => {
  it('mails a link at sign-up; opening it verifies the address, once; the token is stored only as a hash', async () => {
    const person = await signUpUser(app, { firstName: 'Vera' });
    expect(await isVerified(person)).toBe(false);
    const [mail] = await waitForVerificationMails(person.user.email, 1);
    expect(mail!.text).toContain('Hello Vera,');
    expect(mail!.text).toContain('The link works once, for 7 days.');
    const link = linkIn(mail!);
    expect(link.origin).toBe(app.config.linkOrigin);
    const token = link.searchParams.get('token')!;
    const [id, secret] = token.split('.');
    const rows = await app.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, person.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(id);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const opened = await open(link, person);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/?emailVerification=verified');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(await isVerified(person)).toBe(true);

    // Used up: a second open (a mail scanner first, then the person) changes nothing and says so; on a device
    // that is not signed in, the sign-in page says it.
    const again = await open(link);
    expect(again.headers.location).toBe('/api/login?emailVerification=used');
    expect((await open(link, person)).headers.location).toBe('/?emailVerification=used');
    expect(await isVerified(person)).toBe(true);
  });

  it('refuses an expired link, a changed secret and garbage, and verifies nothing with them', async () => {
    const person = await signUpUser(app);
    const link = linkIn((await waitForVerificationMails(person.user.email, 1))[0]!);
    const [id, secret] = link.searchParams.get('token')!.split('.');
    const tampered = new URL(link);
    tampered.searchParams.set('token', `${id}.${secret!.slice(0, -2)}${secret!.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await open(tampered)).headers.location).toBe('/api/login?emailVerification=invalid');
    for (const url of [
      '/api/auth/verify-email',
      '/api/auth/verify-email?token=x',
      '/api/auth/verify-email?token=a.b',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect([response.statusCode, response.headers.location]).toEqual([303, '/api/login?emailVerification=invalid']);
    }
    await app.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerificationTokens.id, id!));
    expect((await open(link, person)).headers.location).toBe('/?emailVerification=expired');
    expect(await isVerified(person)).toBe(false);
  });

  it('a link mailed to an address the account no longer has verifies nothing', async () => {
    const person = await signUpUser(app);
    const link = linkIn((await waitForVerificationMails(person.user.email, 1))[0]!);
    // Only an OIDC provider changes an address today; the row is changed as its sign-in would change it.
    await app.database.db.execute(
      sql`UPDATE users SET email = ${`moved-${person.user.email}`} WHERE id = ${person.user.id}`,
    );
    expect((await open(link, person)).headers.location).toBe('/?emailVerification=invalid');
    expect(await isVerified(person)).toBe(false);
  });

  it('resends a working link on request, at most 3 an hour; nothing for a verified address or a visitor', async () => {
    const person = await signUpUser(app);
    await waitForVerificationMails(person.user.email, 1);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await resend(person)).statusCode).toBe(204);
    const refused = await resend(person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const mails = await waitForVerificationMails(person.user.email, 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(verificationMailsTo(person.user.email)).toHaveLength(4);
    // Every link mailed works until one of them is used; then the address is verified.
    expect((await open(linkIn(mails[2]!))).headers.location).toBe('/api/login?emailVerification=verified');
    expect(await isVerified(person)).toBe(true);

    const verified = await signUpUser(app);
    await open(linkIn((await waitForVerificationMails(verified.user.email, 1))[0]!));
    expect((await resend(verified)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(verificationMailsTo(verified.user.email)).toHaveLength(1);
    expect((await resend(null)).statusCode).toBe(401);
  });

  it('an OIDC account is verified when the provider says email_verified, and unverified again when its address changes', async () => {
    const auth = new AuthService(app.database.db, {
      sessionSecret: app.config.sessionSecret,
      authRateLimitPerMinute: 30,
    });
    const vouched = await auth.upsertOidcUser({ sub: 'oidc-1', email: 'Oidc.One@example.org', email_verified: true });
    expect(vouched.emailVerifiedAt).not.toBeNull();
    const unvouched = await auth.upsertOidcUser({ sub: 'oidc-2', email: 'oidc.two@example.org' });
    expect(unvouched.emailVerifiedAt).toBeNull();
    const moved = await auth.upsertOidcUser({ sub: 'oidc-1', email: 'oidc.new@example.org', email_verified: false });
    expect([moved.email, moved.emailVerifiedAt]).toEqual(['oidc.new@example.org', null]);
    const sameAgain = await auth.upsertOidcUser({ sub: 'oidc-1', email: 'oidc.new@example.org', email_verified: true });
    expect(sameAgain.emailVerifiedAt).not.toBeNull();
    // Linking a password account by its address: the provider's word verifies it.
    const password = await signUpUser(app);
    const linked = await auth.upsertOidcUser({ sub: 'oidc-3', email: password.user.email, email_verified: true });
    expect(linked.id).toBe(password.user.id);
    expect(await isVerified(password)).toBe(true);
  });
});
