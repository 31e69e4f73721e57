import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from './test-app';

/**
 * Decisions §22 (trust, round four): a path segment longer than the router's parameter limit (200) is one
 * `414 URI_TOO_LONG` for every method and session. With the web build's wildcard route in place, a GET of
 * /api/images/{300 characters} had answered 401 to a guest and `404 No route` to the signed in, a write
 * of a path with no route for its method 404 or 403, while the router's own check answered 414.
 */
const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-long-paths-web-'));
writeFileSync(
  path.join(webDirectory, 'index.html'),
  '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body><div id="root"></div></body></html>',
);

let app: TestApp;
let member: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ WEB_DIST_DIR: webDirectory, AUTH_RATE_LIMIT: '1000' });
  member = await signUpUser(app);
});
afterAll(async () => app?.close());

const LONG = 'x'.repeat(300);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const URLS = [
  `/api/images/${LONG}`,
  `/api/images/${LONG}?size=card`,
  `/api/series/${LONG}`,
  `/api/events/${LONG}/rsvp`,
  `/api/no-such-route/${LONG}`,
  `/events/${LONG}`,
  `/${LONG}`,
  `/assets/${LONG}.js`,
];

describe('an over-long path segment', () => {
  it.each(URLS.map((url) => [url.replace(LONG, '{300 characters}'), url]))(
    '%s is 414 URI_TOO_LONG for every method, to a guest and to the signed in',
    async (_label, url) => {
      for (const method of METHODS)
        for (const cookie of [null, member.cookie]) {
          const response = await app.inject({
            method,
            url,
            headers: cookie ? { cookie, origin: 'http://localhost:80' } : {},
            ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { payload: {} } : {}),
          });
          const who = cookie ? 'signed in' : 'guest';
          expect(response.statusCode, `${method} ${url.slice(0, 40)}… as ${who}: ${response.body.slice(0, 80)}`).toBe(
            414,
          );
          expect(response.headers['cache-control']).toBe('no-store');
          if (method !== 'HEAD')
            expect(response.json()).toEqual({ message: 'The address is too long', code: 'URI_TOO_LONG' });
        }
    },
  );

  it('is measured as the router measures it: 200 characters, or 300 bytes that decode to 100, are not too long', async () => {
    const atLimit = await app.inject({ method: 'GET', url: `/api/images/${'x'.repeat(200)}` });
    expect(atLimit.statusCode).toBe(404);
    const encoded = await app.inject({ method: 'GET', url: `/api/images/${'%41'.repeat(100)}` });
    expect(encoded.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/images/${'x'.repeat(201)}` })).statusCode).toBe(414);
  });
});
