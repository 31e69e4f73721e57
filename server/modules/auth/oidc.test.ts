import { OAuth2Server } from 'oauth2-mock-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcStates } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AuthService } from './auth.service';

/**
 * A real OpenID Connect provider (oauth2-mock-server) on loopback: our code does discovery, the PKCE
 * authorization redirect, the code exchange and ID token validation against it.
 */
let provider: OAuth2Server;
let app: TestApp;
const PUBLIC_URL = 'http://localhost:5999';

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: 'provider-user-42',
      email: 'Oidc.Person@Example.ORG',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://images.example.org/ada.png',
    });
  });
  const issuer = provider.issuer.url!.replace('127.0.0.1', 'localhost');
  app = await createTestApp({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'pitchin',
    OIDC_CLIENT_SECRET: 'secret',
    PUBLIC_URL,
  });
});

afterAll(async () => {
  await app?.close();
  await provider?.stop();
});

async function signInThroughProvider(returnTo: string, beforeCallback?: (state: string) => Promise<void>) {
  const start = await app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
  expect(start.statusCode).toBe(302);
  const authorizationUrl = new URL(start.headers.location as string);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/callback`);
  expect(authorizationUrl.searchParams.get('scope')).toBe('openid email profile');
  const atProvider = await fetch(authorizationUrl.href.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/api/callback`);
  await beforeCallback?.(callback.searchParams.get('state')!);
  return app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
}

describe('OpenID Connect sign-in', () => {
  it('redirects to the provider with PKCE and creates the user from the claims on the callback', async () => {
    const finish = await signInThroughProvider('/journey');
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/journey');
    const cookie = finish.cookies.find((item) => item.name === 'pitchin_session')!;
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `pitchin_session=${cookie.value}` },
    });
    expect(me.json()).toMatchObject({
      email: 'oidc.person@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://images.example.org/ada.png',
    });
  });

  it('sends the user back to our own site only, even for a returnTo that resolves to //evil.example', async () => {
    for (const returnTo of ['/..//evil.example/phish', '/%2e%2e//evil.example/phish', '/.//evil.example/phish']) {
      const finish = await signInThroughProvider(returnTo);
      expect(finish.statusCode, returnTo).toBe(302);
      expect(finish.headers.location, returnTo).toBe('/');
    }
  });

  it('checks the stored return path again at the callback (a row written before the rule)', async () => {
    const finish = await signInThroughProvider('/journey', async (state) => {
      await app.database.db
        .update(oidcStates)
        .set({ returnTo: '//evil.example/phish' })
        .where(eq(oidcStates.state, state));
    });
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/');
  });

  it('links the same provider subject to the same user on a second sign-in', async () => {
    const first = await signInThroughProvider('/');
    const second = await signInThroughProvider('/');
    const idOf = async (response: typeof first) => {
      const cookie = response.cookies.find((item) => item.name === 'pitchin_session')!;
      return (
        await app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { cookie: `pitchin_session=${cookie.value}` },
        })
      ).json().id;
    };
    expect(await idOf(first)).toBe(await idOf(second));
  });

  it('keeps a provider picture only when it is an https image on a public host (it is shown to others as an <img>)', async () => {
    const service = new AuthService(app.database.db, { sessionSecret: 'x'.repeat(32), authRateLimitPerMinute: 30 });
    const pictureOf = async (sub: string, picture: string) =>
      (await service.upsertOidcUser({ sub, email: `${sub}@example.org`, picture })).profileImageUrl;
    expect(await pictureOf('picture-https', 'https://images.example.org/me.png')).toBe(
      'https://images.example.org/me.png',
    );
    expect(await pictureOf('picture-http', 'http://images.example.org/me.png')).toBeNull();
    expect(await pictureOf('picture-logout', 'https://localhost/api/logout')).toBeNull();
    expect(await pictureOf('picture-private', 'https://192.168.1.1/me.png')).toBeNull();
  });

  it('keeps a provider name only when it meets the sign-up name rule (no bidi override, no blank filler)', async () => {
    const service = new AuthService(app.database.db, { sessionSecret: 'x'.repeat(32), authRateLimitPerMinute: 30 });
    const namesOf = async (sub: string, given_name: string, family_name: string) => {
      const user = await service.upsertOidcUser({ sub, email: `${sub}@example.org`, given_name, family_name });
      return [user.firstName, user.lastName];
    };
    expect(await namesOf('names-plain', ' Jose\u0301 ', 'Lovelace')).toEqual(['Jos\u00E9', 'Lovelace']);
    expect(await namesOf('names-bidi', 'Bob\u202Eexe.txt', 'Smith')).toEqual([null, 'Smith']);
    expect(await namesOf('names-blank', 'Ada', '\u3164')).toEqual(['Ada', null]);
    expect(await namesOf('names-newline', 'Ada\r\nX', '\u2800')).toEqual([null, null]);
  });

  it('refuses a callback whose state it never issued, and a replayed one', async () => {
    const forged = await app.inject({ method: 'GET', url: '/api/callback?code=abc&state=never-issued' });
    expect(forged.statusCode).toBe(400);
    const start = await app.inject({ method: 'GET', url: '/api/login' });
    const atProvider = await fetch((start.headers.location as string).replace('localhost', '127.0.0.1'), {
      redirect: 'manual',
    });
    const callback = new URL(atProvider.headers.get('location')!);
    expect((await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` })).statusCode).toBe(302);
    expect((await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` })).statusCode).toBe(400);
  });
});
