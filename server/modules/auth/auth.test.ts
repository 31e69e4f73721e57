import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  return response.cookies.find((cookie) => cookie.name === 'pitchin_session');
}

describe('sign-up', () => {
  it('creates the user, answers 201 with the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: '  Maria@Example.ORG ', password: 'long enough pw', firstName: 'Maria', lastName: 'Lopez' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email: 'maria@example.org',
      firstName: 'Maria',
      lastName: 'Lopez',
      profileImageUrl: null,
    });
    expect(body).not.toHaveProperty('passwordHash');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/pitchin_session=[A-Za-z0-9_-]{40,}/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `pitchin_session=${sessionCookieOf(response)!.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.id);
  });

  it('refuses a taken e-mail in any case with 409', async () => {
    await signUpUser(app, { email: 'taken@example.org' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'TAKEN@example.org', password: 'long enough pw', firstName: 'A', lastName: 'B' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });

  it('refuses passwords outside 8–128 characters and bad e-mails with field messages', async () => {
    const short = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'x@example.org', password: 'short', firstName: 'A', lastName: 'B' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual({ path: 'password', message: 'Password must be at least 8 characters' });
    const long = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'x@example.org', password: 'a'.repeat(129), firstName: 'A', lastName: 'B' },
    });
    expect(long.statusCode).toBe(400);
    const badEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nope', password: 'long enough pw', firstName: 'A', lastName: 'B' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0].path).toBe('email');
  });
});

describe('sign-in', () => {
  it('signs in case-insensitively, rotates the session id and keeps the old one from working', async () => {
    const { user, cookie, password } = await signUpUser(app, { email: 'rotate@example.org' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ' ROTATE@example.org', password },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
    const fresh = sessionCookieOf(response)!;
    expect(`pitchin_session=${fresh.value}`).not.toBe(cookie);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { cookie: `pitchin_session=${fresh.value}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    await signUpUser(app, { email: 'known@example.org' });
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'known@example.org', password: 'wrong password' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'unknown@example.org', password: 'wrong password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it('locks an account for the rest of the window after 5 failures, with Retry-After', async () => {
    const { password } = await signUpUser(app, { email: 'locked@example.org' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'locked@example.org', password: 'not the password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'locked@example.org', password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
  });
});

describe('sessions and sign-out', () => {
  it('answers 401 {"message":"Unauthorized"} without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: 'pitchin_session=forged' } }))
        .statusCode,
    ).toBe(401);
  });

  it('POST /api/logout deletes the session on the server and answers 204', async () => {
    const { cookie } = await signUpUser(app);
    const response = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/pitchin_session=;/);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('GET /api/logout ends the session and redirects to /', async () => {
    const { cookie } = await signUpUser(app);
    const response = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('GET /api/login shows the sign-in page, and sends a signed-in user to a same-origin returnTo only', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const { cookie } = await signUpUser(app);
    const local = await app.inject({ method: 'GET', url: '/api/login?returnTo=/events/3', headers: { cookie } });
    expect(local.headers.location).toBe('/events/3');
    const foreign = await app.inject({
      method: 'GET',
      url: '/api/login?returnTo=//evil.example/x',
      headers: { cookie },
    });
    expect(foreign.headers.location).toBe('/');
  });
});

describe('request hygiene', () => {
  it('refuses state-changing calls from another site with 403 and non-JSON bodies with 415', async () => {
    const crossOrigin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.org', password: 'whatever1' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@example.org', password: 'whatever1' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { email: 'a@example.org', password: 'whatever1' },
    });
    expect(sameOrigin.statusCode).toBe(401);
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
    });
    expect(form.statusCode).toBe(415);
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Body is not valid JSON');
  });

  it('sends the security headers on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('limits sign-in and sign-up per client to AUTH_RATE_LIMIT a minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.1.1.1',
          payload: { email: `n${attempt}@example.org`, password: 'whatever1' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const other = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.1.1.2',
        payload: { email: 'n@example.org', password: 'whatever1' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
