import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

describe('GET /api/users', () => {
  it('finds other people by a case-insensitive part of their first or last name, without e-mail', async () => {
    const me = await signUpUser(app, { firstName: 'Zoe', lastName: 'Garnier' });
    const other = await signUpUser(app, { firstName: 'Gareth', lastName: 'Ng' });
    await signUpUser(app, { firstName: 'Ana', lastName: 'Bogart' });
    await signUpUser(app, { firstName: 'Tom', lastName: 'Lee' });
    const response = await app.inject({ method: 'GET', url: '/api/users?search=GAR', headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<Record<string, unknown>>;
    expect(body.map((user) => user.firstName).sort()).toEqual(['Ana', 'Gareth']);
    for (const user of body)
      expect(Object.keys(user).sort()).toEqual(['firstName', 'id', 'lastName', 'profileImageUrl']);
    expect(body.find((user) => user.firstName === 'Gareth')!.id).toBe(other.user.id);
    const byFullName = await app.inject({
      method: 'GET',
      url: '/api/users?search=tom%20lee',
      headers: { cookie: me.cookie },
    });
    expect(byFullName.json().map((user: { firstName: string }) => user.firstName)).toEqual(['Tom']);
  });

  it('excludes the caller, treats % and _ literally, caps at 20 and answers 401 without a session', async () => {
    const me = await signUpUser(app, { firstName: 'Selfie', lastName: 'Person' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/users?search=selfie', headers: { cookie: me.cookie } })).json(),
    ).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users?search=%25', headers: { cookie: me.cookie } })).json(),
    ).toEqual([]);
    // Straight rows: 21 sign-ups would spend most of the test in the password hash.
    await app.database.db.insert(users).values(
      Array.from({ length: 21 }, (_, index) => ({
        id: randomUUID(),
        email: `crowd${index}@example.org`,
        firstName: `Many${index}`,
        lastName: 'Crowd',
      })),
    );
    const capped = await app.inject({ method: 'GET', url: '/api/users?search=crowd', headers: { cookie: me.cookie } });
    expect(capped.json()).toHaveLength(20);
    const blank = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: me.cookie } });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().length).toBeLessThanOrEqual(20);
    expect(blank.json().some((user: { id: string }) => user.id === me.user.id)).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: `/api/users?search=${'a'.repeat(101)}`, headers: { cookie: me.cookie } }))
        .statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/users?search=a' })).statusCode).toBe(401);
  });
});

describe('GET /api/friends', () => {
  it('answers [] for a signed-in user and 401 otherwise', async () => {
    const me = await signUpUser(app);
    const response = await app.inject({ method: 'GET', url: '/api/friends', headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/friends' })).statusCode).toBe(401);
  });
});
