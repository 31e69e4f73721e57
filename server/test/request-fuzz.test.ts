import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestFuzzer } from './request-fuzzer';
import { createTestApp, type TestApp } from './test-app';

/**
 * Any byte sequence in a path, query, header or body gets a 4xx, never a 5xx; and
 * every /api/ error is {message}; and the security headers are on every answer, errors included.
 * The quick version of stress/fuzz.stress.ts, run with every test run: the same requests, fewer of them.
 * Layer one goes through app.inject (every route of the route table, signed in and not); layer two
 * writes raw bytes on a real socket, which app.inject cannot send (raw non-ASCII in the request line,
 * Latin-1 and control bytes in header values, broken framing).
 */
const RUNS_PER_ROUTE = 16;
const RAW_RUNS = 300;
const SEED = 20_260_516;

let app: TestApp;
let fuzzer: RequestFuzzer;

beforeAll(async () => {
  // The page routes need a built index.html; without one they answer 503 "not built".
  const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-request-fuzz-web-'));
  writeFileSync(
    path.join(webDirectory, 'index.html'),
    '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body></body></html>',
  );
  app = await createTestApp({ AUTH_RATE_LIMIT: '10000000', WEB_DIST_DIR: webDirectory });
  fuzzer = await RequestFuzzer.create(app);
}, 240_000);
afterAll(async () => {
  if (fuzzer) console.log(`request fuzz: ${fuzzer.summary()}`);
  await app?.close();
});

describe('request fuzzing through app.inject, every route of the route table', () => {
  it('answers arbitrary Unicode and bytes in path segments with no 5xx, {message} errors and the security headers', async () => {
    expect(await fuzzer.fuzzEveryRoute('path', RUNS_PER_ROUTE, SEED)).toEqual([]);
  });

  it('answers arbitrary query keys and values (returnTo, search, cursor, location, category and unknown keys) with no 5xx', async () => {
    expect(await fuzzer.fuzzEveryRoute('query', RUNS_PER_ROUTE, SEED)).toEqual([]);
  });

  it('answers arbitrary header values (non-Latin-1, control bytes, forged cookies, hosts and Fetch Metadata) with no 5xx', async () => {
    expect(await fuzzer.fuzzEveryRoute('headers', RUNS_PER_ROUTE, SEED)).toEqual([]);
  });

  it('answers broken bodies (a hostile field, missing fields, other JSON, no JSON, bad bytes, other content types) with no 5xx', async () => {
    expect(await fuzzer.fuzzEveryRoute('body', RUNS_PER_ROUTE, SEED)).toEqual([]);
  });

  it('answers the sign-in page redirect with a non-ASCII or CR LF returnTo, signed in, without a 5xx', async () => {
    for (const returnTo of ['/%E4%BD%A0', '/%ED%A0%80', '/%FF', '/%0D%0ASet-Cookie:%20a=b', '/caf%C3%A9?x=%E2%80%AE']) {
      await fuzzer.injectAndCheck('GET', '/api/login', `/api/login?returnTo=${returnTo}`, {}, true, 0);
    }
  });
});

describe('request fuzzing over a real socket, raw bytes app.inject cannot send', () => {
  it('answers raw non-ASCII and control bytes in the request line and header values with a 4xx or the route answer, never a 5xx, and stays up', async () => {
    const { failures, isAlive } = await fuzzer.fuzzRawSocket(RAW_RUNS, SEED);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(isAlive).toBe(true);
  });
});
