import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authAttempts,
  calendarFeeds,
  eventChanges,
  events,
  mailOutbox,
  mailPreferences,
  organizationFollows,
  organizations,
  userPreferences,
  notifications,
  passwordResetTokens,
  ratings,
  rsvps,
  waitlistEntries,
} from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';
import { ORGANIZER_LEFT_REASON, RESET_LINK_MESSAGES, WRONG_PASSWORD_MESSAGE } from './account.service';

let app: TestApp;
let smtp: CaptureSmtpServer;
beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000', SMTP_URL: smtp.url, PUBLIC_URL: 'http://pitchin.test' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

let addressCounter = 0;
/** Each test signs in from its own address: the reset limits count per client address. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

async function signIn(
  email: string,
  password: string,
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: nextAddress(),
  });
  const cookie = response.cookies.find((item) => item.name === 'pitchin_session');
  return { status: response.statusCode, cookie: cookie ? `pitchin_session=${cookie.value}` : '' };
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const response = await call('GET', '/api/auth/user', cookie);
  return response.statusCode === 200;
}

/** The mails to an address but the sign-up's address confirmation, which these tests do not count. */
function mailsTo(address: string) {
  return smtp.mails.filter(
    (mail) =>
      mail.subject !== 'Confirm your e-mail address for PitchIn' &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

async function pngDataUrl(width = 40, height = 30) {
  const png = await sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const STRONG_PASSWORD = 'violet tractor harbour 93';
const OTHER_STRONG_PASSWORD = 'quiet copper lantern 58';

describe('PATCH /api/auth/user', () => {
  it('changes names (NFC, trimmed) and answers the user', async () => {
    const person = await signUpUser(app);
    const response = await call('PATCH', '/api/auth/user', person.cookie, {
      firstName: '  Jose\u0301 ',
      lastName: 'Núñez',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: person.user.id,
      firstName: 'Jos\u00e9',
      lastName: 'Núñez',
      email: person.user.email,
    });
    expect((await call('GET', '/api/auth/user', person.cookie)).json()).toMatchObject({
      firstName: 'Jos\u00e9',
      lastName: 'Núñez',
    });
  });

  it('refuses bad names and unknown fields with 400 and field messages, and changes nothing', async () => {
    const person = await signUpUser(app, { firstName: 'Keep', lastName: 'Me' });
    const cases: Array<[unknown, string]> = [
      [{ firstName: '' }, 'firstName'],
      [{ firstName: '   ' }, 'firstName'],
      [{ lastName: 'x'.repeat(101) }, 'lastName'],
      [{ firstName: 'Bob\u202Egnp.exe' }, 'firstName'],
      [{ firstName: 'Zero\u200Bwidth' }, 'firstName'],
      [{ firstName: '\u3164' }, 'firstName'],
      [{ lastName: '\u2800' }, 'lastName'],
      [{ firstName: '\uFFA0' }, 'firstName'],
      [{ lastName: '\u115F\u1160' }, 'lastName'],
      [{ firstName: '\u034F' }, 'firstName'],
      [{ lastName: '\u00AD' }, 'lastName'],
      [{ firstName: '\u180E' }, 'firstName'],
      [{ lastName: '\u{E0020}' }, 'lastName'],
      [{ firstName: '\u17B5' }, 'firstName'],
      [{ lastName: '\u2062' }, 'lastName'],
      [{ firstName: 'Line\u2028break' }, 'firstName'],
      [{ firstName: 42 }, 'firstName'],
      [{ profileImage: 'https://example.org/me.png' }, 'profileImage'],
      [{ profileImage: 'data:text/html;base64,PGI+aGk8L2I+' }, 'profileImage'],
      [{ email: 'new@example.org' }, ''],
    ];
    for (const [payload, path] of cases) {
      const response = await call('PATCH', '/api/auth/user', person.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (path) expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await call('GET', '/api/auth/user', person.cookie)).json()).toMatchObject({
      firstName: 'Keep',
      lastName: 'Me',
      email: person.user.email,
    });
    expect((await call('PATCH', '/api/auth/user', undefined, { firstName: 'Nobody' })).statusCode).toBe(401);
    const notJson = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: person.cookie, 'content-type': 'text/plain' },
      payload: 'firstName=x',
    });
    expect(notJson.statusCode).toBe(415);
  });

  it('stores a photo re-encoded as WebP without its metadata, serves it publicly, and replaces or removes it', async () => {
    const person = await signUpUser(app);
    const withExif = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a33' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-place' } } })
      .toBuffer();
    const response = await call('PATCH', '/api/auth/user', person.cookie, {
      profileImage: `data:image/jpeg;base64,${withExif.toString('base64')}`,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().profileImageUrl as string;
    expect(url).toMatch(/^\/api\/profile-photos\/[A-Za-z0-9_-]+$/);
    const photo = await call('GET', url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.includes(Buffer.from('secret-gps-place'))).toBe(false);
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.width).toBe(800);
    const replaced = await call('PATCH', '/api/auth/user', person.cookie, { profileImage: await pngDataUrl() });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().profileImageUrl).not.toBe(url);
    expect((await call('GET', url)).statusCode).toBe(404);
    const removed = await call('PATCH', '/api/auth/user', person.cookie, { profileImage: null });
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await call('GET', replaced.json().profileImageUrl)).statusCode).toBe(404);
  });

  it('refuses bytes that are no image with 400 on profileImage, and a photo over 40 megapixels with 413', async () => {
    const person = await signUpUser(app);
    const notImage = await call('PATCH', '/api/auth/user', person.cookie, {
      profileImage: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors).toEqual([
      { path: 'profileImage', message: expect.stringContaining('PNG, JPEG, WebP or GIF') },
    ]);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooLarge = await call('PATCH', '/api/auth/user', person.cookie, {
      profileImage: `data:image/png;base64,${huge.toString('base64')}`,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors[0].path).toBe('profileImage');
  });
});

describe('POST /api/auth/password', () => {
  it('refuses a wrong current password and a guessable new one with 400 on the field', async () => {
    const person = await signUpUser(app);
    const wrong = await call('POST', '/api/auth/password', person.cookie, {
      currentPassword: 'not my password',
      newPassword: STRONG_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: WRONG_PASSWORD_MESSAGE,
      code: 'WRONG_PASSWORD',
      errors: [{ path: 'currentPassword', message: WRONG_PASSWORD_MESSAGE }],
    });
    const weak = await call('POST', '/api/auth/password', person.cookie, {
      currentPassword: person.password,
      newPassword: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('newPassword');
    const short = await call('POST', '/api/auth/password', person.cookie, {
      currentPassword: person.password,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    const missing = await call('POST', '/api/auth/password', person.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['currentPassword', 'newPassword']);
    expect((await signIn(person.user.email, person.password)).status).toBe(200);
  });

  it('changes the password, ends the other sessions, keeps this one, and logs it', async () => {
    const person = await signUpUser(app);
    const other = await signIn(person.user.email, person.password);
    expect(await isSignedIn(other.cookie)).toBe(true);
    const response = await call('POST', '/api/auth/password', person.cookie, {
      currentPassword: person.password,
      newPassword: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(other.cookie)).toBe(false);
    expect(await isSignedIn(person.cookie)).toBe(true);
    expect((await signIn(person.user.email, person.password)).status).toBe(401);
    expect((await signIn(person.user.email, STRONG_PASSWORD)).status).toBe(200);
    const log = (await call('GET', '/api/auth/security-events', person.cookie)).json() as Array<{ kind: string }>;
    expect(log.map((event) => event.kind)).toContain('password-changed');
  });

  it('stops guessing the current password after 5 wrong tries with 429', async () => {
    const person = await signUpUser(app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (
          await call('POST', '/api/auth/password', person.cookie, {
            currentPassword: `wrong ${attempt}`,
            newPassword: STRONG_PASSWORD,
          })
        ).statusCode,
      ).toBe(400);
    }
    const refused = await call('POST', '/api/auth/password', person.cookie, {
      currentPassword: person.password,
      newPassword: STRONG_PASSWORD,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

/** Requests a reset and returns the token of the mail that arrives, read from the link as a mail client shows it. */
async function requestResetMail(email: string, remoteAddress = nextAddress()) {
  const before = mailsTo(email.trim().toLowerCase()).length;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress,
  });
  expect(response.statusCode).toBe(202);
  expect(response.body).toBe('null');
  await expect.poll(() => mailsTo(email.trim().toLowerCase()).length, { timeout: 5000 }).toBe(before + 1);
  const mail = mailsTo(email.trim().toLowerCase())[before]!;
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')![0];
  return { mail, link, token: new URL(link).hash.replace('#token=', '') };
}

describe('password reset by mail', () => {
  it('mails a known address (any case) a one-hour link to the reset page, and answers an unknown one the same', async () => {
    const person = await signUpUser(app, { firstName: 'Rosa' });
    const unknown = `nobody-${Date.now()}@example.org`;
    const unknownResponse = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: unknown },
      remoteAddress: nextAddress(),
    });
    expect(unknownResponse.statusCode).toBe(202);
    // Byte for byte what a known address gets (requestResetMail checks that answer).
    expect(unknownResponse.body).toBe('null');
    const { mail, link, token } = await requestResetMail(`  ${person.user.email.toUpperCase()} `);
    expect(mail.subject).toBe('Reset your PitchIn password');
    expect(mail.text).toContain('Hello Rosa,');
    expect(mail.text).toContain('60 minutes');
    expect(String(mail.html)).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(link.startsWith('http://pitchin.test/api/login?mode=reset#token=')).toBe(true);
    // 128 bits of id and 256 of secret, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    // Only a hash of the secret is stored.
    const [row] = await app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, token.split('.')[0]!));
    expect(row!.secretHash).not.toContain(token.split('.')[1]!);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    // Nothing arrives for the unknown address.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(unknown)).toHaveLength(0);
    // The link opens the reset page, even in a browser that is signed in to some account.
    const page = await app.inject({
      method: 'GET',
      url: new URL(link).pathname + new URL(link).search,
      headers: { cookie: person.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sets the new password once: every session ends, the link then says it was used', async () => {
    const person = await signUpUser(app);
    const second = await signIn(person.user.email, person.password);
    const { token } = await requestResetMail(person.user.email);
    expect((await call('POST', '/api/auth/password-reset/check', undefined, { token })).json()).toEqual({
      state: 'valid',
    });
    const weak = await call('POST', '/api/auth/password-reset/confirm', undefined, { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('password');
    // A refused password does not use the link up.
    expect((await call('POST', '/api/auth/password-reset/check', undefined, { token })).json()).toEqual({
      state: 'valid',
    });
    const confirmed = await call('POST', '/api/auth/password-reset/confirm', undefined, {
      token,
      password: STRONG_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(204);
    expect(await isSignedIn(person.cookie)).toBe(false);
    expect(await isSignedIn(second.cookie)).toBe(false);
    expect((await signIn(person.user.email, person.password)).status).toBe(401);
    const signedIn = await signIn(person.user.email, STRONG_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await call('POST', '/api/auth/password-reset/check', undefined, { token })).json()).toEqual({
      state: 'used',
    });
    const again = await call('POST', '/api/auth/password-reset/confirm', undefined, {
      token,
      password: OTHER_STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: RESET_LINK_MESSAGES.used,
      code: 'RESET_LINK_INVALID',
      errors: [{ path: 'token', message: RESET_LINK_MESSAGES.used }],
    });
    expect((await signIn(person.user.email, STRONG_PASSWORD)).status).toBe(200);
    const log = (await call('GET', '/api/auth/security-events', signedIn.cookie)).json() as Array<{ kind: string }>;
    expect(log.map((event) => event.kind)).toContain('password-reset');
  });

  it('refuses an expired link, a tampered one and an older link once a newer one was used', async () => {
    const person = await signUpUser(app);
    const first = await requestResetMail(person.user.email);
    const second = await requestResetMail(person.user.email);
    await app.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.id, first.token.split('.')[0]!));
    expect((await call('POST', '/api/auth/password-reset/check', undefined, { token: first.token })).json()).toEqual({
      state: 'expired',
    });
    const expired = await call('POST', '/api/auth/password-reset/confirm', undefined, {
      token: first.token,
      password: STRONG_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(RESET_LINK_MESSAGES.expired);
    const [id, secret] = second.token.split('.') as [string, string];
    const tampered = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await call('POST', '/api/auth/password-reset/check', undefined, { token: tampered })).json()).toEqual({
      state: 'invalid',
    });
    expect(
      (
        await call('POST', '/api/auth/password-reset/confirm', undefined, {
          token: tampered,
          password: STRONG_PASSWORD,
        })
      ).json().message,
    ).toBe(RESET_LINK_MESSAGES.invalid);
    for (const token of ['', 'garbage', `${id}.`, 'a'.repeat(201)]) {
      const response = await call('POST', '/api/auth/password-reset/confirm', undefined, {
        token,
        password: STRONG_PASSWORD,
      });
      expect(response.statusCode, token).toBe(400);
    }
    const third = await requestResetMail(person.user.email);
    expect(
      (
        await call('POST', '/api/auth/password-reset/confirm', undefined, {
          token: third.token,
          password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(204);
    expect((await call('POST', '/api/auth/password-reset/check', undefined, { token: second.token })).json()).toEqual({
      state: 'used',
    });
    expect((await signIn(person.user.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('lets one of two racing confirms win', async () => {
    const person = await signUpUser(app);
    const { token } = await requestResetMail(person.user.email);
    const answers = await Promise.all([
      call('POST', '/api/auth/password-reset/confirm', undefined, { token, password: STRONG_PASSWORD }),
      call('POST', '/api/auth/password-reset/confirm', undefined, { token, password: OTHER_STRONG_PASSWORD }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
  });

  function requestReset(email: string, remoteAddress: string) {
    return app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
  }

  it('rate-limits requests per (address mailed, client address) and per client address, with 429 and Retry-After', async () => {
    const person = await signUpUser(app);
    const client = nextAddress();
    for (let index = 0; index < 3; index += 1)
      expect((await requestReset(person.user.email, client)).statusCode).toBe(202);
    const fourth = await requestReset(person.user.email, client);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Another client address has an allowance of its own for the same account.
    expect((await requestReset(person.user.email, nextAddress())).statusCode).toBe(202);
    await expect.poll(() => mailsTo(person.user.email).length).toBe(4);
    // One client address cannot mail many accounts: 10 requests an hour whatever the addresses.
    const spreader = nextAddress();
    for (let index = 0; index < 10; index += 1)
      expect((await requestReset(`spread-${index}@example.org`, spreader)).statusCode).toBe(202);
    const eleventh = await requestReset('spread-x@example.org', spreader);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("a stranger's resets and wrong passwords from many addresses lock the owner out of neither the reset nor, after it, sign-in", async () => {
    const person = await signUpUser(app);
    // Three reset requests from each of five addresses, and 50 wrong passwords from ten: sign-in is closed to everyone.
    for (let attacker = 0; attacker < 5; attacker += 1) {
      const address = nextAddress();
      for (let index = 0; index < 3; index += 1)
        expect((await requestReset(person.user.email, address)).statusCode).toBe(202);
    }
    for (let attacker = 0; attacker < 10; attacker += 1) {
      const address = nextAddress();
      for (let index = 0; index < 5; index += 1) {
        const guess = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: person.user.email, password: `wrong guess ${index}` },
          remoteAddress: address,
        });
        expect(guess.statusCode).toBe(401);
      }
    }
    const home = nextAddress();
    const locked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: person.password },
      remoteAddress: home,
    });
    expect(locked.statusCode).toBe(429);
    // The owner, from their own address, still gets a link, and the reset reopens sign-in.
    const { token } = await requestResetMail(person.user.email, home);
    expect(
      (await call('POST', '/api/auth/password-reset/confirm', undefined, { token, password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(204);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: STRONG_PASSWORD },
      remoteAddress: home,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a wrong media type with 415', async () => {
    for (const payload of [
      {},
      { email: '' },
      { email: 'not-an-address' },
      { email: 42 },
      { email: `${'a'.repeat(250)}@example.org` },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[0].path).toBe('email');
    }
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.org',
      remoteAddress: nextAddress(),
    });
    expect(form.statusCode).toBe(415);
    expect((await call('POST', '/api/auth/password-reset/confirm', undefined, { token: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/password-reset/check', undefined, {})).statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('lists the sessions with device and times, the current one first and marked; "sign out everywhere else" ends the others', async () => {
    const person = await signUpUser(app);
    const phone = await signIn(
      person.user.email,
      person.password,
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    );
    const list = (await call('GET', '/api/auth/sessions', phone.cookie)).json() as Array<{
      device: string | null;
      createdAt: string;
      lastUsedAt: string;
      isCurrent: boolean;
    }>;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ isCurrent: true, device: expect.stringContaining('Android 14') });
    expect(list[1]!.isCurrent).toBe(false);
    for (const session of list) {
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt) - 1000);
    }
    expect(JSON.stringify(list)).not.toContain(phone.cookie.split('=')[1]!);
    expect((await call('POST', '/api/auth/sessions/revoke-others', phone.cookie)).statusCode).toBe(204);
    expect(await isSignedIn(person.cookie)).toBe(false);
    expect(await isSignedIn(phone.cookie)).toBe(true);
    expect(((await call('GET', '/api/auth/sessions', phone.cookie)).json() as unknown[]).length).toBe(1);
    const log = (await call('GET', '/api/auth/security-events', phone.cookie)).json() as Array<{ kind: string }>;
    expect(log[0]!.kind).toBe('sessions-revoked');
    expect((await call('GET', '/api/auth/sessions')).statusCode).toBe(401);
  });
});

describe('data export', () => {
  it("answers all of the user's data as a JSON download, without secrets or other people's e-mails", async () => {
    const person = await signUpUser(app, { firstName: 'Export', lastName: 'Me' });
    const friend = await signUpUser(app, { firstName: 'Friend', lastName: 'Person' });
    const event = await createEventRow(app.database.db, { organizerId: person.user.id, title: 'My export event' });
    const theirs = await createEventRow(app.database.db, { organizerId: friend.user.id, title: 'Their event' });
    await addRsvpRow(app.database.db, theirs.id, person.user.id, 'supporting');
    await call('POST', '/api/messages', person.cookie, { receiverId: friend.user.id, content: 'hello friend' });
    await call('POST', '/api/messages', friend.cookie, { receiverId: person.user.id, content: 'hello back' });
    const response = await call('GET', '/api/auth/user/export', person.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="pitchin-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.account).toMatchObject({
      id: person.user.id,
      email: person.user.email,
      firstName: 'Export',
      lastName: 'Me',
    });
    expect(data.eventsOrganized.map((row: { id: number }) => row.id)).toEqual([event.id]);
    expect(data.rsvps).toEqual([
      expect.objectContaining({ eventId: theirs.id, eventTitle: 'Their event', status: 'supporting' }),
    ]);
    expect(data.messagesSent).toEqual([
      expect.objectContaining({ content: 'hello friend', receiverFirstName: 'Friend' }),
    ]);
    expect(data.messagesReceived).toEqual([
      expect.objectContaining({ content: 'hello back', senderFirstName: 'Friend' }),
    ]);
    expect(data.sessions.length).toBe(1);
    expect(data.securityEvents.map((row: { kind: string }) => row.kind)).toContain('sign-up');
    expect(response.body).not.toContain(friend.user.email);
    expect(response.body).not.toMatch(/argon2|password_?hash|passwordHash/i);
    expect((await call('GET', '/api/auth/user/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/user', () => {
  it('refuses a wrong or missing password with 400 and keeps everything', async () => {
    const person = await signUpUser(app);
    const wrong = await call('DELETE', '/api/auth/user', person.cookie, { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: WRONG_PASSWORD_MESSAGE }]);
    expect((await call('DELETE', '/api/auth/user', person.cookie, {})).statusCode).toBe(400);
    expect(await isSignedIn(person.cookie)).toBe(true);
    expect((await call('DELETE', '/api/auth/user', undefined, { password: person.password })).statusCode).toBe(401);
  });

  it('ends every session, erases personal data, keeps messages under a nameless sender, and frees the e-mail', async () => {
    const leaving = await signUpUser(app, { firstName: 'Leaving', lastName: 'Person' });
    const other = await signIn(leaving.user.email, leaving.password);
    const friend = await signUpUser(app, { firstName: 'Staying', lastName: 'Friend' });
    await call('PATCH', '/api/auth/user', leaving.cookie, { profileImage: await pngDataUrl() });
    const photoUrl = (await call('GET', '/api/auth/user', leaving.cookie)).json().profileImageUrl as string;
    // Alone in it: goes. Joined by the friend: stays (to be cancelled). Past and joined: stays for the history.
    const lonely = await createEventRow(app.database.db, { organizerId: leaving.user.id, title: 'Nobody came' });
    const joined = await createEventRow(app.database.db, {
      organizerId: leaving.user.id,
      title: 'Friend joined',
      date: daysFromNow(3),
    });
    await addRsvpRow(app.database.db, joined.id, friend.user.id);
    const friendsEvent = await createEventRow(app.database.db, {
      organizerId: friend.user.id,
      title: 'Friend event',
      date: daysFromNow(-2),
    });
    await addRsvpRow(app.database.db, friendsEvent.id, leaving.user.id);
    await addRsvpRow(app.database.db, friendsEvent.id, friend.user.id);
    expect(
      (await call('POST', '/api/ratings', leaving.cookie, { eventId: friendsEvent.id, rating: 2, comment: 'meh' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/messages', leaving.cookie, { receiverId: friend.user.id, content: 'goodbye words' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/messages', friend.cookie, { receiverId: leaving.user.id, content: 'see you' }))
        .statusCode,
    ).toBe(201);
    // A full event of the friend's where the leaving person holds the only seat and a third person waits.
    const waiting = await signUpUser(app, { firstName: 'Waiting', lastName: 'Person' });
    const fullEvent = await createEventRow(app.database.db, {
      organizerId: friend.user.id,
      title: 'One seat',
      maxAttendees: 1,
      date: daysFromNow(4),
    });
    expect(
      (await call('POST', `/api/events/${fullEvent.id}/rsvp`, leaving.cookie, { status: 'attending' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/events/${fullEvent.id}/waitlist`, waiting.cookie, {})).statusCode).toBeLessThan(
      300,
    );

    const deleted = await call('DELETE', '/api/auth/user', leaving.cookie, { password: leaving.password });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.cookies.find((cookie) => cookie.name === 'pitchin_session')?.value).toBe('');
    expect(await isSignedIn(leaving.cookie)).toBe(false);
    expect(await isSignedIn(other.cookie)).toBe(false);
    expect((await signIn(leaving.user.email, leaving.password)).status).toBe(401);
    expect((await call('GET', photoUrl)).statusCode).toBe(404);

    // The friend still has the conversation; its sender is nobody by name now.
    const conversations = (await call('GET', '/api/conversations', friend.cookie)).json() as Array<{
      id: string;
      participants: Array<Record<string, unknown>>;
    }>;
    const conversation = conversations.find((item) => item.id === leaving.user.id)!;
    expect(conversation.participants[0]).toEqual({
      id: leaving.user.id,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isDeleted: true,
    });
    const thread = (
      await call('GET', `/api/conversations/${leaving.user.id}/messages`, friend.cookie)
    ).json() as Array<{ content: string; sender: Record<string, unknown> }>;
    expect(thread.map((message) => message.content)).toEqual(['goodbye words', 'see you']);
    expect(thread[0]!.sender).toEqual({ firstName: null, profileImageUrl: null, isDeleted: true });
    expect(thread[1]!.sender).toEqual({ firstName: 'Staying', profileImageUrl: null });
    const inbox = (await call('GET', '/api/messages', friend.cookie)).json() as Array<{
      content: string;
      sender: Record<string, unknown>;
      receiver: Record<string, unknown>;
    }>;
    expect(inbox.find((message) => message.content === 'goodbye words')!.sender).toMatchObject({
      id: leaving.user.id,
      firstName: null,
      email: null,
      isDeleted: true,
    });
    expect(inbox.find((message) => message.content === 'see you')!.receiver).toMatchObject({
      id: leaving.user.id,
      isDeleted: true,
    });
    // Nobody can write to a deleted account or find it.
    expect(
      (await call('POST', '/api/messages', friend.cookie, { receiverId: leaving.user.id, content: 'hello?' }))
        .statusCode,
    ).toBe(404);
    const search = (await call('GET', '/api/users?search=', friend.cookie)).json() as Array<{ id: string }>;
    expect(search.map((user) => user.id)).not.toContain(leaving.user.id);

    const eventIds = (await app.database.db.select({ id: events.id }).from(events)).map((row) => row.id);
    expect(eventIds).not.toContain(lonely.id);
    // The joined upcoming event is cancelled, with the reason, and its people are told (the change outbox).
    const [joinedRow] = await app.database.db.select().from(events).where(eq(events.id, joined.id));
    expect(joinedRow).toMatchObject({ status: 'cancelled', cancelReason: ORGANIZER_LEFT_REASON });
    const changes = await app.database.db.select().from(eventChanges).where(eq(eventChanges.eventId, joined.id));
    expect(changes).toEqual([expect.objectContaining({ type: 'event_cancelled', recipientIds: [friend.user.id] })]);
    // The seat the leaving person held went to the person waiting.
    expect(await app.database.db.select().from(rsvps).where(eq(rsvps.eventId, fullEvent.id))).toEqual([
      expect.objectContaining({ userId: waiting.user.id, status: 'attending' }),
    ]);
    expect(
      await app.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, fullEvent.id)),
    ).toEqual([]);
    const [friendsEventRow] = await app.database.db.select().from(events).where(eq(events.id, friendsEvent.id));
    expect(friendsEventRow).toMatchObject({ rsvpCount: 1, ratingCount: 0, ratingSum: 0 });
    expect(await app.database.db.select().from(ratings).where(eq(ratings.userId, leaving.user.id))).toEqual([]);

    // The address is free again: a new account, with nothing of the old one.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: leaving.user.email, password: STRONG_PASSWORD, firstName: 'New', lastName: 'Start' },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(leaving.user.id);
    const fresh = `pitchin_session=${again.cookies.find((cookie) => cookie.name === 'pitchin_session')!.value}`;
    expect((await call('GET', '/api/conversations', fresh)).json()).toEqual([]);
  });

  it('kills the calendar feed URL and erases notifications, mail switches, mails, first-run answers, follows and failed sign-ins', async () => {
    const leaving = await signUpUser(app, { firstName: 'Feed', lastName: 'Owner' });
    const friend = await signUpUser(app, { firstName: 'Feed', lastName: 'Friend' });
    const made = await call('POST', '/api/calendar-feed', leaving.cookie);
    expect(made.statusCode).toBe(201);
    const feedPath = new URL((made.json() as { url: string }).url).pathname;
    expect((await call('GET', feedPath)).statusCode).toBe(200);
    // A message from the friend notifies them; a mail switch and a waiting mail of theirs; two failed sign-ins.
    expect(
      (await call('POST', '/api/messages', friend.cookie, { receiverId: leaving.user.id, content: 'hi' })).statusCode,
    ).toBe(201);
    expect(
      (await call('PUT', '/api/user/mail-settings', leaving.cookie, { kinds: { announcement: false } })).statusCode,
    ).toBe(200);
    // The first run's place and interests, and an organization followed.
    expect(
      (await call('PUT', '/api/preferences', leaving.cookie, { place: 'Lisbon', categoryIds: [] })).statusCode,
    ).toBe(200);
    const [followed] = await app.database.db
      .insert(organizations)
      .values({ slug: 'leaving-followed', name: 'Followed', description: '' })
      .returning();
    await app.database.db.insert(organizationFollows).values({ organizationId: followed!.id, userId: leaving.user.id });
    const friendsEvent = await createEventRow(app.database.db, { organizerId: friend.user.id, title: 'Mail about' });
    await app.database.db.insert(mailOutbox).values({
      kind: 'event_reminder',
      dedupeKey: `reminder-${leaving.user.id}`,
      userId: leaving.user.id,
      eventId: friendsEvent.id,
      payload: {},
    });
    const wrongAddress = nextAddress();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: leaving.user.email, password: 'not the password at all' },
        remoteAddress: wrongAddress,
      });
      expect(failed.statusCode).toBe(401);
    }
    const rowsOf = async () => ({
      feeds: await app.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, leaving.user.id)),
      notifications: await app.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, leaving.user.id)),
      preferences: await app.database.db
        .select()
        .from(mailPreferences)
        .where(eq(mailPreferences.userId, leaving.user.id)),
      mails: await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, leaving.user.id)),
      firstRun: await app.database.db.select().from(userPreferences).where(eq(userPreferences.userId, leaving.user.id)),
      follows: await app.database.db
        .select()
        .from(organizationFollows)
        .where(eq(organizationFollows.userId, leaving.user.id)),
      attempts: (await app.database.db.select().from(authAttempts)).filter((row) =>
        row.key.endsWith(leaving.user.email),
      ),
    });
    const before = await rowsOf();
    expect(before.feeds).toHaveLength(1);
    expect(before.notifications.length).toBeGreaterThan(0);
    expect(before.preferences).toHaveLength(1);
    expect(before.mails).toHaveLength(1);
    expect(before.firstRun).toHaveLength(1);
    expect(before.follows).toHaveLength(1);
    expect(before.attempts.length).toBeGreaterThanOrEqual(2);

    expect((await call('DELETE', '/api/auth/user', leaving.cookie, { password: leaving.password })).statusCode).toBe(
      204,
    );
    const gone = await call('GET', feedPath);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Calendar feed not found', code: 'NOT_FOUND' });
    expect(await rowsOf()).toEqual({
      feeds: [],
      notifications: [],
      preferences: [],
      mails: [],
      firstRun: [],
      follows: [],
      attempts: [],
    });
  });
});
