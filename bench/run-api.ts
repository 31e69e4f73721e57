import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import http from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildWebIfNeeded } from '../scripts/build-if-missing.mjs';
import { buildServer, productionEnvironment, productionNodeArguments } from '../scripts/build-server.mjs';
import { openDatabase, selectRows, type Database } from '../server/db/client';

/**
 * `npm run bench`: seeds a database at scale, starts the server in production mode, and loads it
 * from this second process on loopback with autocannon. Every figure is also given as a ratio to a bare
 * node:http server measured in the same run. Results: bench/results/<database>.json and docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres' },
    events: { type: 'string' },
    duration: { type: 'string' },
    'skip-seed': { type: 'boolean', default: false },
    // 0 measures every request afresh: the cost of a page nobody read in the last second.
    'answer-cache-ms': { type: 'string' },
    // Comma-separated parts of scenario names, to measure a few again (the JSON is then not written).
    only: { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const isPostgres = values.database === 'postgres';
const EVENTS = Number(values.events ?? (isPostgres ? 100_000 : 10_000));
const USERS = EVENTS / 10;
const RSVPS = EVENTS * 10;
const RATINGS = EVENTS * 2;
const MESSAGES = EVENTS;
const DURATION = Number(values.duration ?? 10);
const CONNECTIONS = 20;
const LATENCY_RATE = 200;
const PAGE_CONNECTIONS = 2;
const PAGE_LATENCY_RATE = 50;
const PORT = 7501;
const CEILING_PORT = 7502;
const ANSWER_CACHE_MS = values['answer-cache-ms'];
const isCacheOff = ANSWER_CACHE_MS === '0';
const RESULT_NAME = `${isPostgres ? 'postgres' : 'embedded'}${isCacheOff ? '-uncached' : ''}`;
// Distinct signed-in viewers for the scenarios where many people read the same pages.
const VIEWERS = 200;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function log(message: string) {
  console.log(`[bench] ${message}`);
}

async function prepareDatabaseTarget(): Promise<Record<string, string>> {
  if (isPostgres) {
    const name = 'pitchin_bench';
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    if (!values['skip-seed']) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
    }
    return { DATABASE_URL: url.href };
  }
  return { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchin-bench-')) };
}

function seed(environment: Record<string, string>) {
  const started = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'server/db/seed-command.ts', '--events', String(EVENTS), '--users', String(USERS), '--rsvps', String(RSVPS), '--ratings', String(RATINGS), '--messages', String(MESSAGES)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...environment, SEED_DEMO: 'false' },
  });
  return (performance.now() - started) / 1000;
}

type Fixture = { email: string; viewerEmails: string[]; eventId: number; deepCursor: string | null; commonWord: string; uncommonWord: string; uncommonShare: number; rareWord: string; location: string; rsvpEventId: number };

async function findFixture(db: Database): Promise<Fixture> {
  const [user] = await selectRows<{ email: string }>(db, sql`SELECT u.email FROM users u JOIN rsvps r ON r.user_id = u.id WHERE u.email LIKE '%@bench.pitchin.app' GROUP BY u.email ORDER BY count(*) DESC LIMIT 1`);
  const viewers = await selectRows<{ email: string }>(db, sql`SELECT email FROM users WHERE email LIKE '%@bench.pitchin.app' ORDER BY id LIMIT ${VIEWERS}`);
  const [event] = await selectRows<{ id: number }>(db, sql`SELECT id FROM events WHERE date > now() ORDER BY rsvp_count DESC LIMIT 1`);
  const [open] = await selectRows<{ id: number }>(db, sql`SELECT id FROM events WHERE date > now() AND max_attendees IS NULL ORDER BY id LIMIT 1`);
  const [deep] = await selectRows<{ cursor_date: string; id: number }>(
    db,
    sql`SELECT to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_date, id FROM events WHERE date > now() ORDER BY date, id OFFSET ${999 * 50 - 1} LIMIT 1`,
  );
  const words = await selectRows<{ word: string; ndoc: number }>(db, sql`SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM events') WHERE word ~ '^[a-z]{5,}$' ORDER BY ndoc DESC`);
  const common = words[0]!;
  // The seed's words are all fairly common; its rarest is about 1 event in 20, the band where choosing
  // between the date order and the text index matters most (decision 0008).
  const uncommon = words.at(-1)!;
  // Each seeded title ends in its own number: a word exactly one event holds.
  // Five digits, so that as a prefix it matches no other title number (they run to 100 000).
  const [rare] = await selectRows<{ word: string }>(db, sql`SELECT substring(title from ' ([0-9]{5})$') AS word FROM events WHERE date > now() + interval '30 days' AND title ~ ' [0-9]{5}$' ORDER BY id DESC LIMIT 1`);
  const [total] = await selectRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM events`);
  return {
    email: user!.email,
    viewerEmails: viewers.map((viewer) => viewer.email),
    eventId: event!.id,
    rsvpEventId: open?.id ?? event!.id,
    deepCursor: deep ? Buffer.from(JSON.stringify({ d: deep.cursor_date, i: deep.id })).toString('base64url') : null,
    commonWord: common.word,
    uncommonWord: uncommon.word,
    uncommonShare: Math.round((uncommon.ndoc / Number(total!.count)) * 1000) / 1000,
    rareWord: rare?.word ?? 'zzzzz',
    location: 'lisb',
  };
}

function startProcess(command: string, args: string[], environment: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: root, env: { ...process.env, ...environment }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return performance.now() - started;
    } catch {
      // not yet listening
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

type Measurement = { name: string; peakResidentMb: number; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; latencyP50: number; latencyP95: number; latencyP99: number; ratio: number };

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! * 100) / 100;
}

/**
 * Latency at a fixed arrival rate: one request every 1/rate s whatever the answers do (an open loop),
 * each timed from its own send. autocannon's `overallRate` is not that: each connection sends its
 * quota for the second back to back and then waits, so 200 requests arrive as one burst and the
 * percentiles measure the queue of that burst.
 */
type Headers = Record<string, string> | (() => Record<string, string>);

async function measureAtFixedRate(url: string, headersOf: Headers, options: { method?: string; body?: () => string; rate?: number } = {}): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const rate = options.rate ?? LATENCY_RATE;
  const interval = 1000 / rate;
  const total = rate * DURATION;
  const times: number[] = [];
  const started = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = options.body?.();
    const headers = typeof headersOf === 'function' ? headersOf() : headersOf;
    pending.push(
      new Promise<void>((resolve) => {
        const sent = performance.now();
        const request = http.request(url, { method: options.method ?? 'GET', agent, headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers }, (response) => {
          response.resume();
          response.on('end', () => {
            times.push(performance.now() - sent);
            resolve();
          });
        });
        request.on('error', () => resolve());
        request.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return times.sort((a, b) => a - b);
}

/** The server's resident memory sampler: the peak of the whole run, and of the scenario running now. */
const memory = { pid: 0, peakMb: 0, scenarioPeakMb: 0 };

function sampleMemory() {
  const megabytes = residentMegabytes(memory.pid);
  memory.peakMb = Math.max(memory.peakMb, megabytes);
  memory.scenarioPeakMb = Math.max(memory.scenarioPeakMb, megabytes);
}

async function measure(name: string, url: string, headersOf: Headers, ceiling: number, extra: Partial<autocannon.Options> = {}, fixedRate: { method?: string; body?: () => string; rate?: number } = {}): Promise<Measurement> {
  memory.scenarioPeakMb = 0;
  const throughput = await load(
    typeof headersOf === 'function'
      ? // A new viewer for every request: autocannon asks setupRequest each time.
        { url, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headersOf() } }) }], ...extra }
      : { url, headers: headersOf, connections: CONNECTIONS, duration: DURATION, ...extra },
  );
  // Latency below saturation, so queueing does not dominate the percentiles.
  const responseTimes = await measureAtFixedRate(url, headersOf, fixedRate);
  const measurement = {
    name,
    peakResidentMb: Math.round(memory.scenarioPeakMb),
    requestsPerSecond: Math.round(throughput.requests.total / DURATION),
    p50: throughput.latency.p50,
    p99: throughput.latency.p99,
    errors: throughput.errors + throughput.timeouts,
    non2xx: throughput.non2xx,
    latencyP50: percentile(responseTimes, 0.5),
    latencyP95: percentile(responseTimes, 0.95),
    latencyP99: percentile(responseTimes, 0.99),
    ratio: throughput.requests.total / DURATION / ceiling,
  };
  log(`${name}: ${measurement.requestsPerSecond} req/s at ${extra.connections ?? CONNECTIONS} connections (${(measurement.ratio * 100).toFixed(1)}% of ceiling), p50 ${measurement.p50} ms, p99 ${measurement.p99} ms; at ${fixedRate.rate ?? LATENCY_RATE}/s p50 ${measurement.latencyP50} ms p95 ${measurement.latencyP95} ms p99 ${measurement.latencyP99} ms; errors ${measurement.errors}, non-2xx ${measurement.non2xx}; peak memory ${measurement.peakResidentMb} MB`);
  return measurement;
}

async function main() {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const environment = await prepareDatabaseTarget();
  const seedSeconds = values['skip-seed'] ? null : seed(environment);
  if (seedSeconds !== null) log(`seeded ${EVENTS} events in ${seedSeconds.toFixed(1)} s`);

  const handle = await openDatabase(isPostgres ? { kind: 'postgres', url: environment.DATABASE_URL! } : { kind: 'embedded', directory: path.join(environment.DATA_DIR!, 'pglite') });
  const fixture = await findFixture(handle.db);
  await handle.close();
  log(`fixture: ${JSON.stringify({ ...fixture, viewerEmails: fixture.viewerEmails.length })}`);

  const ceilingProcess = fork(path.join(root, 'bench/ceiling-server.mjs'), [String(CEILING_PORT)], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${CEILING_PORT}/`);
  const ceilingResult = await load({ url: `http://127.0.0.1:${CEILING_PORT}/`, connections: CONNECTIONS, duration: DURATION });
  const ceiling = ceilingResult.requests.total / DURATION;
  log(`ceiling (bare node:http): ${Math.round(ceiling)} req/s, p99 ${ceilingResult.latency.p99} ms`);
  ceilingProcess.kill();

  // The same compiled server `npm start` runs (scripts/build-server.mjs), not the sources through tsx,
  // with the web build it serves: signed-in pages are rendered on the server (decision 0010).
  await buildWebIfNeeded();
  await buildServer();
  const server = startProcess(process.execPath, [...productionNodeArguments, 'dist/server/server.mjs'], {
    ...productionEnvironment,
    ...environment,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    AUTH_RATE_LIMIT: '1000000',
    ...(ANSWER_CACHE_MS === undefined ? {} : { ANSWER_CACHE_MS }),
  });
  const startToFirstAnswerMs = await waitFor(`http://127.0.0.1:${PORT}/api/config`);
  log(`server start to first answer: ${startToFirstAnswerMs.toFixed(0)} ms`);
  memory.pid = server.pid!;
  sampleMemory();
  const sampler = setInterval(sampleMemory, 200);

  const base = `http://127.0.0.1:${PORT}`;
  const signInAs = async (email: string) => {
    const signIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'pitchin-demo' }) });
    if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
    return signIn.headers.get('set-cookie')!.split(';')[0]!;
  };
  const cookie = await signInAs(fixture.email);
  const headers = { cookie, 'accept-encoding': 'gzip, br' };
  const viewerCookies: string[] = [];
  for (const email of fixture.viewerEmails) viewerCookies.push(await signInAs(email));
  let nextViewer = 0;
  const manyViewers = () => ({ cookie: viewerCookies[(nextViewer += 1) % viewerCookies.length]!, 'accept-encoding': 'gzip, br' });
  const poll = await fetch(`${base}/api/user/achievements`, { headers });
  const etag = poll.headers.get('etag') ?? '';

  const measurements: Measurement[] = [];
  const scenarios: Array<[string, string, Headers, Partial<autocannon.Options>?]> = [
    ['event list, first page', '/api/events', headers],
    [`event list, first page, ${VIEWERS} viewers in turn`, '/api/events', manyViewers],
    ['event list, page 1 000', fixture.deepCursor ? `/api/events?cursor=${fixture.deepCursor}` : '/api/events?include=past', headers],
    [`search, common word "${fixture.commonWord}"`, `/api/events?search=${fixture.commonWord}`, headers],
    [`search, uncommon word "${fixture.uncommonWord}" (${(fixture.uncommonShare * 100).toFixed(1)} % of events)`, `/api/events?search=${fixture.uncommonWord}`, headers],
    [`search, rare word "${fixture.rareWord}" (1 event)`, `/api/events?search=${fixture.rareWord}`, headers],
    [`location search "${fixture.location}"`, `/api/events?location=${fixture.location}`, headers],
    ['event detail', `/api/events/${fixture.eventId}`, headers],
    [`event detail, ${VIEWERS} viewers in turn`, `/api/events/${fixture.eventId}`, manyViewers],
    ['my-events', '/api/my-events', headers],
    ['my-rsvps', '/api/my-rsvps', headers],
    ['messages', '/api/messages', headers],
    ['conversations', '/api/conversations', headers],
    ['journey: stats', '/api/user/stats', headers],
    ['journey: achievements', '/api/achievements', headers],
    ['journey: user achievements', '/api/user/achievements', headers],
    ['achievement poll, 304', '/api/user/achievements', { ...headers, 'if-none-match': etag }],
  ];
  // Whole pages, rendered by the server for the signed-in reader (decision 0010): not among the
  // issue's targets, measured for what server rendering costs. Two connections, one per core: the
  // server renders two at a time and sends pages past eight waiting unrendered (server/plugins/web.ts),
  // so at twenty connections most pages would be the cheap unrendered kind. At 2 connections none waits.
  const pageScenarios: Array<[string, string]> = [
    ['page: Home, server-rendered', '/'],
    ['page: event, server-rendered', `/events/${fixture.eventId}`],
  ];
  const only = values.only?.split(',').map((part) => part.trim().toLowerCase());
  const isSelected = (name: string) => !only || only.some((part) => name.toLowerCase().includes(part));
  for (const [name, pathName, requestHeaders, extra] of scenarios.filter(([name]) => isSelected(name))) measurements.push(await measure(name, `${base}${pathName}`, requestHeaders, ceiling, extra));
  for (const [name, pathName] of pageScenarios.filter(([name]) => isSelected(name))) {
    measurements.push(await measure(name, `${base}${pathName}`, headers, ceiling, { connections: PAGE_CONNECTIONS }, { rate: PAGE_LATENCY_RATE }));
  }
  let toggle = 0;
  if (isSelected('RSVP switching')) measurements.push(
    await measure('RSVP switching', `${base}/api/events/${fixture.rsvpEventId}/rsvp`, { ...headers, 'content-type': 'application/json' }, ceiling, {
      method: 'POST',
      setupClient: (client) => {
        client.setBody(JSON.stringify({ status: ['attending', 'supporting', 'organizing'][(toggle += 1) % 3] }));
      },
      body: JSON.stringify({ status: 'attending' }),
    }, { method: 'POST', body: () => JSON.stringify({ status: ['attending', 'supporting', 'organizing'][(toggle += 1) % 3] }) }),
  );
  clearInterval(sampler);
  server.kill('SIGTERM');

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const result = {
    database: isPostgres ? 'PostgreSQL (local, 127.0.0.1:5432)' : 'PGlite (embedded)',
    commit,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    command: `npm run bench -- --database ${values.database}${values.events ? ` --events ${values.events}` : ''}${ANSWER_CACHE_MS === undefined ? '' : ` --answer-cache-ms ${ANSWER_CACHE_MS}`}`,
    answerCacheMs: ANSWER_CACHE_MS === undefined ? 'default (1000)' : Number(ANSWER_CACHE_MS),
    scale: { events: EVENTS, users: USERS, rsvps: RSVPS, ratings: RATINGS, messages: MESSAGES },
    seedSeconds,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    latencyRate: LATENCY_RATE,
    pages: { connections: PAGE_CONNECTIONS, latencyRate: PAGE_LATENCY_RATE },
    ceilingRequestsPerSecond: Math.round(ceiling),
    startToFirstAnswerMs: Math.round(startToFirstAnswerMs),
    peakResidentMb: Math.round(memory.peakMb),
    measurements,
  };
  if (!only) writeFileSync(path.join(root, `bench/results/${RESULT_NAME}.json`), `${JSON.stringify(result, null, 2)}\n`);
  log(`peak resident memory ${memory.peakMb.toFixed(0)} MB${only ? "" : `; results in bench/results/${RESULT_NAME}.json`}`);
  // The table docs/benchmarks.md carries, so the doc is copied from a run rather than retyped.
  console.log(`\n| Scenario | req/s at ${CONNECTIONS} connections | of ceiling | p50 / p99 ms | at ${LATENCY_RATE}/s: p50 / p95 / p99 ms | errors, non-2xx | peak MB |\n|---|---|---|---|---|---|---|`);
  for (const m of measurements) {
    console.log(`| ${m.name} | ${m.requestsPerSecond} | ${(m.ratio * 100).toFixed(1)} % | ${m.p50} / ${m.p99} | ${m.latencyP50} / ${m.latencyP95} / ${m.latencyP99} | ${m.errors}, ${m.non2xx} | ${m.peakResidentMb} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
