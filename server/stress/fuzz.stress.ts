import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow } from '../test/fixtures';
import { RequestFuzzer } from '../test/request-fuzzer';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

/**
 * The long run of test/request-fuzz.test.ts, with the same driver (test/request-fuzzer.ts): generated and
 * malformed bodies against every route that reads one — FUZZ_RUNS each. No answer may be a 5xx, every 4xx
 * carries {message}, and the server stays up. 2xx bodies are checked against their declared zod schemas by
 * the serializer itself (a mismatch is a 500).
 */
const FUZZ_RUNS = 1000;
/**
 * Any byte sequence gets a clear 4xx, never a 5xx: arbitrary Unicode and bytes in every route's path, query and
 * headers (REQUEST_FUZZ_RUNS each per route) and raw bytes over a socket.
 */
const REQUEST_FUZZ_RUNS = 300;
const RAW_SOCKET_RUNS = 5000;
// A new seed each run, printed, so a failure can be replayed and each run tries requests the last did not.
const SEED = Date.now() % 2 ** 31;
console.log(`fuzz seed: ${SEED}`);

let app: TestApp;
let fuzzer: RequestFuzzer;
let otherEmail: string;

beforeAll(async () => {
  // The page routes need a built index.html; without one they answer 503 "not built", which is not
  // what this suite is about.
  const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-fuzz-web-'));
  writeFileSync(
    path.join(webDirectory, 'index.html'),
    '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body></body></html>',
  );
  app = await createTestApp({ AUTH_RATE_LIMIT: '10000000', WEB_DIST_DIR: webDirectory });
  fuzzer = await RequestFuzzer.create(app);
  otherEmail = (await signUpUser(app)).user.email;
}, 120_000);
afterAll(async () => {
  if (fuzzer) console.log(`fuzz: ${fuzzer.summary()}`);
  await app?.close();
});

describe('fuzzing every route', () => {
  it(
    `sends at least ${FUZZ_RUNS} generated bodies per route that reads one, with no 5xx`,
    async () => {
      const before = fuzzer.requestCount;
      const failures = await fuzzer.fuzzEveryRoute('body', FUZZ_RUNS, SEED);
      expect(failures).toEqual([]);
      const bodyRoutes = app.routeList.filter(
        (route) => !route.url.startsWith('/api/docs/static/') && route.method !== 'GET' && route.method !== 'HEAD',
      );
      expect(fuzzer.requestCount - before).toBeGreaterThanOrEqual(bodyRoutes.length * FUZZ_RUNS);
      const alive = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: fuzzer.cookie } });
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
      const failures: string[] = [];
      for (const part of ['path', 'query', 'headers'] as const)
        failures.push(...(await fuzzer.fuzzEveryRoute(part, REQUEST_FUZZ_RUNS, SEED)));
      const raw = await fuzzer.fuzzRawSocket(RAW_SOCKET_RUNS, SEED);
      expect(failures).toEqual([]);
      expect(raw.failures.slice(0, 20)).toEqual([]);
      expect(raw.isAlive).toBe(true);
    },
    60 * 60_000,
  );
});
