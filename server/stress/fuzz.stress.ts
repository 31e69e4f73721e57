import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRsvpRow, createEventRow, daysFromNow } from '../test/fixtures';
import { RequestFuzzer } from '../test/request-fuzzer';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

/**
 * Generated and malformed input against every route the server declares — at least
 * FUZZ_RUNS requests each. No answer may be a 5xx, every 4xx carries {message}, and the server stays up.
 * 2xx bodies are checked against their declared zod schemas by the serializer itself (a mismatch is a 500).
 */
const FUZZ_RUNS = 1000;
/**
 * Any byte sequence gets a clear 4xx, never a 5xx: the long run of test/request-fuzz.test.ts: arbitrary Unicode and
 * bytes in every route's path, query and headers (REQUEST_FUZZ_RUNS each per route) and raw bytes over a socket. A new
 * seed each run, printed, so a failure can be replayed and each run tries requests the last did not.
 */
const REQUEST_FUZZ_RUNS = 300;
const RAW_SOCKET_RUNS = 5000;

let app: TestApp;
let cookie: string;
let otherEmail: string;
let eventId: number;
let pastEventId: number;
let photoId: string;
let validPng: string;

beforeAll(async () => {
  // The page routes need a built index.html; without one they answer 503 "not built", which is not
  // what this suite is about.
  const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-fuzz-web-'));
  writeFileSync(
    path.join(webDirectory, 'index.html'),
    '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body></body></html>',
  );
  app = await createTestApp({ AUTH_RATE_LIMIT: '10000000', WEB_DIST_DIR: webDirectory });
  const me = await signUpUser(app);
  cookie = me.cookie;
  const other = await signUpUser(app);
  otherEmail = other.user.email;
  validPng = `data:image/png;base64,${(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie },
    payload: {
      title: 'Fuzz',
      description: 'd',
      location: 'l',
      date: daysFromNow(4).toISOString(),
      categoryId: 2,
      maxAttendees: 3,
      imageUrl: null,
      images: [validPng],
    },
  });
  eventId = created.json().id;
  photoId = String(created.json().images[0]).split('/').pop()!;
  const past = await createEventRow(app.database.db, { organizerId: other.user.id, date: daysFromNow(-2) });
  pastEventId = past.id;
  await addRsvpRow(app.database.db, past.id, me.user.id);
}, 120_000);
afterAll(async () => app?.close());

/** A valid call of each route, which the generators then break in every way they can. */
function templates(): Record<string, { url: string; body?: Record<string, unknown>; query?: Record<string, unknown> }> {
  return {
    'POST /api/auth/signup': {
      url: '/api/auth/signup',
      body: { email: 'a@example.org', password: 'long enough pw', firstName: 'A', lastName: 'B' },
    },
    'POST /api/auth/login': { url: '/api/auth/login', body: { email: 'a@example.org', password: 'long enough pw' } },
    'POST /api/events': {
      url: '/api/events',
      body: {
        title: 'T',
        description: 'D',
        location: 'L',
        date: daysFromNow(2).toISOString(),
        categoryId: 1,
        maxAttendees: 5,
        imageUrl: 'https://example.org/x.png',
        images: [validPng],
      },
    },
    'GET /api/events': { url: '/api/events', query: { search: 'clean', location: 'lis', category: 1, limit: 10 } },
    'POST /api/events/:id/rsvp': { url: `/api/events/${eventId}/rsvp`, body: { status: 'attending' } },
    'POST /api/ratings': { url: '/api/ratings', body: { eventId: pastEventId, rating: 5, comment: 'ok' } },
    'POST /api/messages': { url: '/api/messages', body: { receiverId: otherEmail, eventId, content: 'hello' } },
    'GET /api/users': { url: '/api/users', query: { search: 'a' } },
    'GET /api/login': { url: '/api/login', query: { returnTo: '/x' } },
  };
}

function concreteUrl(routeUrl: string): string {
  return routeUrl
    .replace(':id/og-image', `${eventId}/og-image`)
    .replace('/api/conversations/:id', '/api/conversations/someone')
    .replace(':photoId', photoId)
    .replace(':id', String(eventId))
    .replace('/*', '/anything');
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '%',
    '_',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'data:image/png;base64,AAAA',
    'data:text/html;base64,PHNjcmlwdD4=',
    'x'.repeat(10_000),
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
    '{}',
    '[]',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, [], {}, [
      [[[[]]]],
    ]),
  },
);

/** Lone surrogates cannot be percent-encoded; they become a malformed escape, which is a test of its own. */
function encodePathSegment(value: string): string {
  try {
    return encodeURIComponent(value) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

function pathVariants(routeUrl: string): fc.Arbitrary<string> {
  if (!routeUrl.includes(':')) return fc.constant(concreteUrl(routeUrl));
  return fc.oneof(
    fc.constant(concreteUrl(routeUrl)),
    hostileString.map((value) => routeUrl.replace(/:[a-zA-Z]+/, encodePathSegment(value))),
    fc
      .constantFrom('%ZZ', '%E0%A4%A', '%00', '..%2F..', '%C0%AF')
      .map((value) => routeUrl.replace(/:[a-zA-Z]+/, value)),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map((value) => routeUrl.replace(/:[a-zA-Z]+/, String(value))),
  );
}

type Request = { url: string; payload?: string | Buffer; contentType?: string; withSession: boolean };

function requestArbitrary(method: string, routeUrl: string): fc.Arbitrary<Request> {
  const template = templates()[`${method} ${routeUrl}`];
  const url = pathVariants(routeUrl);
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...Object.keys(template?.query ?? { q: 1 }), 'cursor', 'include', 'limit'),
      fc.string({ maxLength: 8 }),
    ),
    hostileValue,
    { maxKeys: 4 },
  );
  const urlWithQuery = fc.tuple(url, query).map(([base, parameters]) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(parameters))
      search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    let text: string;
    try {
      text = search.toString();
    } catch {
      text = 'search=%ED%A0%80';
    }
    return text ? `${base}?${text}` : base;
  });
  const isLogout = routeUrl === '/api/logout';
  const withSession = isLogout ? fc.constant(false) : fc.boolean();
  if (method === 'GET' || method === 'DELETE') return fc.record({ url: urlWithQuery, withSession });
  const body = template?.body ?? {};
  const keys = Object.keys(body);
  const mutatedBody: fc.Arbitrary<string | Buffer> = fc.oneof(
    {
      weight: 4,
      arbitrary: keys.length
        ? fc
            .tuple(fc.constantFrom(...keys), hostileValue)
            .map(([key, value]) => JSON.stringify({ ...body, [key]: value }))
        : fc.jsonValue().map((value) => JSON.stringify(value)),
    },
    {
      weight: 2,
      arbitrary: keys.length
        ? fc.subarray(keys).map((kept) => JSON.stringify(Object.fromEntries(kept.map((key) => [key, body[key]]))))
        : fc.constant('{}'),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'null',
        '"string"',
        '[1,2',
        '\u0000',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{}}}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) =>
          Buffer.concat([
            Buffer.from('{"title":"'),
            Buffer.from(bytes),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('"}'),
          ]),
        ),
    },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
      ),
    },
  );
  return fc.record({ url: urlWithQuery, payload: mutatedBody, contentType, withSession });
}

describe('fuzzing every route', () => {
  it(
    `sends at least ${FUZZ_RUNS} generated requests per route with no 5xx`,
    async () => {
      const routes = app.routeList.filter((route) => !route.url.startsWith('/api/docs'));
      let total = 0;
      const failures: string[] = [];
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route.method, route.url), async (request) => {
            total += 1;
            const response = await app.inject({
              method: route.method as 'GET',
              url: request.url,
              headers: {
                ...(request.withSession ? { cookie } : {}),
                ...(request.contentType ? { 'content-type': request.contentType } : {}),
              },
              ...(request.payload !== undefined ? { payload: request.payload } : {}),
            });
            if (response.statusCode >= 500) {
              failures.push(`${route.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
              return false;
            }
            if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
              const body = response.json();
              if (typeof body.message !== 'string') return false;
            }
            return true;
          }),
          { numRuns: FUZZ_RUNS, seed: 20261122, endOnFailure: true },
        );
      }
      expect(failures).toEqual([]);
      expect(total).toBeGreaterThanOrEqual(routes.length * FUZZ_RUNS);
      console.log(`fuzz: ${routes.length} routes, ${total} requests, 0 answers 5xx`);
      const alive = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(alive.statusCode).toBe(200);
    },
    30 * 60_000,
  );

  it('refuses oversized bodies with 413 and polyglot or disguised images with 400', async () => {
    // A fresh account: the fuzzing above used up the first one's events for the hour (10),
    // and a 429 would hide whether the photo itself is refused.
    const { cookie } = await signUpUser(app);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ receiverId: otherEmail, content: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    const gifHtml = Buffer.concat([Buffer.from('GIF89a/*'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const jpegZip = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('PK\u0003\u0004 not really a jpeg'),
    ]);
    for (const bytes of [gifHtml, jpegZip, Buffer.from('%PDF-1.4 fake')]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie },
        payload: {
          title: 'Polyglot',
          description: 'd',
          location: 'l',
          date: daysFromNow(2).toISOString(),
          categoryId: 1,
          maxAttendees: null,
          imageUrl: null,
          images: [`data:image/gif;base64,${bytes.toString('base64')}`],
        },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('request fuzzing of paths, queries and headers', () => {
  it(
    `sends ${REQUEST_FUZZ_RUNS} hostile paths, queries and header sets per route and ${RAW_SOCKET_RUNS} raw requests, with no 5xx`,
    async () => {
      const seed = Date.now() % 2 ** 31;
      console.log(`request fuzz seed: ${seed}`);
      const fuzzer = await RequestFuzzer.create(app);
      const failures: string[] = [];
      for (const part of ['path', 'query', 'headers'] as const)
        failures.push(...(await fuzzer.fuzzEveryRoute(part, REQUEST_FUZZ_RUNS, seed)));
      const raw = await fuzzer.fuzzRawSocket(RAW_SOCKET_RUNS, seed);
      console.log(`request fuzz: ${fuzzer.summary()}`);
      expect(failures).toEqual([]);
      expect(raw.failures.slice(0, 20)).toEqual([]);
      expect(raw.isAlive).toBe(true);
    },
    60 * 60_000,
  );
});
