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
import { CITIES } from '../server/db/seed-bulk';

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
    // Comma-separated parts of scenario names, to measure a few again (the JSON is then not written).
    only: { type: 'string' },
    // Server processes under node's cluster module (PostgreSQL only); docs/operations.md.
    workers: { type: 'string' },
    // Another name keeps two sessions' runs on one PostgreSQL from dropping each other's database.
    'database-name': { type: 'string', default: 'pitchin_bench' },
    // Minutes of the browsing mix after the scenarios, its memory sampled per minute (decisions §17).
    soak: { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
// The server runs under this same Node (process.execPath): an older one than production's measures
// another V8, whose memory and speed differ by a third (docs/benchmarks.md), so it is refused.
const supportedNode = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;
const minimumNodeMajor = Number(/\d+/.exec(supportedNode)?.[0]);
if (Number(process.versions.node.split('.')[0]) < minimumNodeMajor) {
  console.error(
    `[bench] Node ${process.version} is older than package.json's engines (${supportedNode}): run \`source scripts/use-node-lts.sh\` first.`,
  );
  process.exit(1);
}
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
const WORKERS = values.workers;
if (WORKERS !== undefined && !(Number(WORKERS) >= 1))
  throw new Error('--workers takes a number of processes, 1 or more');
if (WORKERS !== undefined && Number(WORKERS) > 1 && !isPostgres)
  throw new Error('--workers above 1 needs --database postgres: the embedded database serves one process');
const RESULT_NAME = `${isPostgres ? 'postgres' : 'embedded'}${values.workers ? `-workers-${values.workers}` : ''}`;
const FLOOR_PORT = 7503;
// Different event pages the detail scenario and the browsing mix read, each about once a run.
const BROWSED_EVENTS = 6000;
// Distinct signed-in viewers for the scenarios where many people read the same pages.
const VIEWERS = 200;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function log(message: string) {
  console.log(`[bench] ${message}`);
}

async function prepareDatabaseTarget(): Promise<Record<string, string>> {
  if (isPostgres) {
    const name = values['database-name'];
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
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/db/seed-command.ts',
      '--events',
      String(EVENTS),
      '--users',
      String(USERS),
      '--rsvps',
      String(RSVPS),
      '--ratings',
      String(RATINGS),
      '--messages',
      String(MESSAGES),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...environment, SEED_DEMO: 'false' },
    },
  );
  return (performance.now() - started) / 1000;
}

type Fixture = {
  email: string;
  viewerEmails: string[];
  viewerIds: string[];
  eventId: number;
  deepCursor: string | null;
  /** Cursors of pages 2 to 1 000 of the list, for the browsing mix. */
  cursors: string[];
  categoryIds: number[];
  commonWord: string;
  /** The five most common words: each search of the common-word scenario asks one of them. */
  commonWords: string[];
  uncommonWord: string;
  uncommonShare: number;
  rareWord: string;
  /** Title numbers of upcoming events, each a word one event holds. */
  rareWords: string[];
  location: string;
  /** The seed's cities, lower case. */
  locations: string[];
  /** BROWSED_EVENTS events in random order, past ones included (an event page shows either). */
  eventIds: number[];
  rsvpEventId: number;
};

async function findFixture(db: Database): Promise<Fixture> {
  const [user] = await selectRows<{ email: string }>(
    db,
    sql`SELECT u.email FROM users u JOIN rsvps r ON r.user_id = u.id WHERE u.email LIKE '%@bench.pitchin.app' GROUP BY u.email ORDER BY count(*) DESC LIMIT 1`,
  );
  const viewers = await selectRows<{ email: string; id: string }>(
    db,
    sql`SELECT email, id FROM users WHERE email LIKE '%@bench.pitchin.app' ORDER BY id LIMIT ${VIEWERS}`,
  );
  const cursors = await selectRows<{ cursor_date: string; id: number }>(
    db,
    sql`SELECT cursor_date, id FROM (SELECT to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_date, id, row_number() OVER (ORDER BY date, id) AS position FROM events WHERE date > now() AND status = 'scheduled' AND is_test = false) ranked WHERE position % 50 = 0 AND position < 50 * 1000`,
  );
  const categories = await selectRows<{ id: number }>(db, sql`SELECT id FROM categories ORDER BY id`);
  const rareWords = await selectRows<{ word: string }>(
    db,
    sql`SELECT substring(title from ' ([0-9]{5})$') AS word FROM events WHERE date > now() + interval '30 days' AND title ~ ' [0-9]{5}$' ORDER BY random() LIMIT 500`,
  );
  const locations = await selectRows<{ city: string }>(
    db,
    sql`SELECT DISTINCT lower(split_part(location, ', ', 2)) AS city FROM events WHERE split_part(location, ', ', 2) <> ''`,
  );
  const browsed = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM events ORDER BY random() LIMIT ${BROWSED_EVENTS}`,
  );
  const [event] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM events WHERE date > now() ORDER BY rsvp_count DESC LIMIT 1`,
  );
  const [open] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM events WHERE date > now() AND max_attendees IS NULL ORDER BY id LIMIT 1`,
  );
  const [deep] = await selectRows<{ cursor_date: string; id: number }>(
    db,
    sql`SELECT to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_date, id FROM events WHERE date > now() ORDER BY date, id OFFSET ${999 * 50 - 1} LIMIT 1`,
  );
  const words = await selectRows<{ word: string; ndoc: number }>(
    db,
    sql`SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM events') WHERE word ~ '^[a-z]{5,}$' ORDER BY ndoc DESC`,
  );
  const common = words[0]!;
  // The seed's words are all fairly common; its rarest is about 1 event in 20, the band where choosing
  // between the date order and the text index matters most (decision 0008).
  const uncommon = words.at(-1)!;
  // Each seeded title ends in its own number: a word exactly one event holds.
  // Five digits, so that as a prefix it matches no other title number (they run to 100 000).
  const [rare] = await selectRows<{ word: string }>(
    db,
    sql`SELECT substring(title from ' ([0-9]{5})$') AS word FROM events WHERE date > now() + interval '30 days' AND title ~ ' [0-9]{5}$' ORDER BY id DESC LIMIT 1`,
  );
  const [total] = await selectRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM events`);
  return {
    email: user!.email,
    viewerEmails: viewers.map((viewer) => viewer.email),
    viewerIds: viewers.map((viewer) => viewer.id),
    cursors: cursors.map((row) => Buffer.from(JSON.stringify({ d: row.cursor_date, i: row.id })).toString('base64url')),
    categoryIds: categories.map((row) => row.id),
    commonWords: words.slice(0, 5).map((row) => row.word),
    rareWords: rareWords.map((row) => row.word),
    locations: locations.map((row) => row.city),
    eventIds: browsed.map((row) => row.id),
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
  return spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

type Measurement = {
  name: string;
  latencyRate: number;
  peakResidentMb: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  latencyP50: number;
  latencyP95: number;
  latencyP99: number;
  ratio: number;
};

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
type Target = { path: string; headers: Record<string, string> };
/**
 * The request to send next: a different page, viewer or word each time (a scenario of many requests), or
 * always the same one.
 */
type Targets = Target | (() => Target);

function targetOf(targets: Targets): Target {
  return typeof targets === 'function' ? targets() : targets;
}

async function measureAtFixedRate(
  base: string,
  targets: Targets,
  options: { method?: string; body?: () => string; rate?: number } = {},
): Promise<number[]> {
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
    const { path: pathName, headers } = targetOf(targets);
    pending.push(
      new Promise<void>((resolve) => {
        const sent = performance.now();
        const request = http.request(
          `${base}${pathName}`,
          {
            method: options.method ?? 'GET',
            agent,
            headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers,
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              times.push(performance.now() - sent);
              resolve();
            });
          },
        );
        request.on('error', () => resolve());
        request.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return times.sort((a, b) => a - b);
}

/**
 * The server's resident memory sampler: the peak of the whole run, and of the scenario running now, of
 * all its processes together and of the largest one alone (with --workers, a worker: the §17 target).
 */
const memory = { pids: [] as number[], peakMb: 0, scenarioPeakMb: 0, processPeakMb: 0, intervalProcessPeakMb: 0 };

/** With --workers, the primary and its workers together: what the machine gives the app. */
function sampleMemory() {
  const megabytes = memory.pids.reduce((total, pid) => {
    try {
      const processMegabytes = residentMegabytes(pid);
      memory.processPeakMb = Math.max(memory.processPeakMb, processMegabytes);
      memory.intervalProcessPeakMb = Math.max(memory.intervalProcessPeakMb, processMegabytes);
      return total + processMegabytes;
    } catch {
      return total;
    }
  }, 0);
  memory.peakMb = Math.max(memory.peakMb, megabytes);
  memory.scenarioPeakMb = Math.max(memory.scenarioPeakMb, megabytes);
}

async function measure(
  name: string,
  base: string,
  targets: Targets,
  ceiling: number,
  extra: Partial<autocannon.Options> = {},
  fixedRate: { method?: string; body?: () => string; rate?: number } = {},
): Promise<Measurement> {
  memory.scenarioPeakMb = 0;
  const throughput = await load(
    typeof targets === 'function'
      ? // autocannon asks setupRequest for every request: each gets the next target.
        {
          url: base,
          connections: CONNECTIONS,
          duration: DURATION,
          requests: [
            {
              setupRequest: (request) => {
                const target = targets();
                return { ...request, path: target.path, headers: { ...request.headers, ...target.headers } };
              },
            },
          ],
          ...extra,
        }
      : {
          url: `${base}${targets.path}`,
          headers: targets.headers,
          connections: CONNECTIONS,
          duration: DURATION,
          ...extra,
        },
  );
  // Latency below saturation, so queueing does not dominate the percentiles: on a busy machine a scenario
  // may answer fewer than LATENCY_RATE a second, and then it is asked at half the rate it reached.
  const rate = Math.max(
    1,
    Math.min(fixedRate.rate ?? LATENCY_RATE, Math.floor(throughput.requests.total / DURATION / 2)),
  );
  const responseTimes = await measureAtFixedRate(base, targets, { ...fixedRate, rate });
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
    latencyRate: rate,
    ratio: throughput.requests.total / DURATION / ceiling,
  };
  log(
    `${name}: ${measurement.requestsPerSecond} req/s at ${extra.connections ?? CONNECTIONS} connections (${(measurement.ratio * 100).toFixed(1)}% of ceiling), p50 ${measurement.p50} ms, p99 ${measurement.p99} ms; at ${rate}/s p50 ${measurement.latencyP50} ms p95 ${measurement.latencyP95} ms p99 ${measurement.latencyP99} ms; errors ${measurement.errors}, non-2xx ${measurement.non2xx}; peak memory ${measurement.peakResidentMb} MB`,
  );
  return measurement;
}

/**
 * The browsing mix for `minutes` minutes at the scenarios' concurrency, as one long autocannon run per
 * minute, with the largest server process's resident memory noted each minute. The first minute warms
 * the optimising compilers and the pool, so growth is read from the second minute to the last.
 */
async function soakBrowsing(
  minutes: number,
  base: string,
  targets: () => { path: string; headers: Record<string, string> },
) {
  if (!Number.isInteger(minutes) || minutes < 2) throw new Error('--soak takes a whole number of minutes, 2 or more');
  const results: Array<{
    minute: number;
    requestsPerSecond: number;
    processPeakMb: number;
    errors: number;
    non2xx: number;
  }> = [];
  for (let minute = 1; minute <= minutes; minute += 1) {
    memory.intervalProcessPeakMb = 0;
    const run = await load({
      url: base,
      connections: CONNECTIONS,
      duration: 60,
      requests: [
        {
          setupRequest: (request) => {
            const target = targets();
            return { ...request, path: target.path, headers: { ...request.headers, ...target.headers } };
          },
        },
      ],
    });
    const entry = {
      minute,
      requestsPerSecond: Math.round(run.requests.total / 60),
      processPeakMb: Math.round(memory.intervalProcessPeakMb),
      errors: run.errors + run.timeouts,
      non2xx: run.non2xx,
    };
    results.push(entry);
    log(
      `soak minute ${minute}: ${entry.requestsPerSecond} req/s, largest process ${entry.processPeakMb} MB, errors ${entry.errors}, non-2xx ${entry.non2xx}`,
    );
  }
  return {
    minutes: results,
    growthMb: results[results.length - 1]!.processPeakMb - results[1]!.processPeakMb,
  };
}

async function main() {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const environment = await prepareDatabaseTarget();
  const seedSeconds = values['skip-seed'] ? null : seed(environment);
  if (seedSeconds !== null) log(`seeded ${EVENTS} events in ${seedSeconds.toFixed(1)} s`);

  const handle = await openDatabase(
    isPostgres
      ? { kind: 'postgres', url: environment.DATABASE_URL! }
      : { kind: 'embedded', directory: path.join(environment.DATA_DIR!, 'pglite') },
  );
  const fixture = await findFixture(handle.db);
  await handle.close();
  log(
    `fixture: ${JSON.stringify({ ...fixture, viewerEmails: fixture.viewerEmails.length, viewerIds: fixture.viewerIds.length, cursors: fixture.cursors.length, rareWords: fixture.rareWords.length, eventIds: fixture.eventIds.length })}`,
  );
  log(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );

  const ceilingProcess = fork(path.join(root, 'bench/ceiling-server.mjs'), [String(CEILING_PORT)], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${CEILING_PORT}/`);
  const ceilingResult = await load({
    url: `http://127.0.0.1:${CEILING_PORT}/`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const ceiling = ceilingResult.requests.total / DURATION;
  log(`ceiling (bare node:http): ${Math.round(ceiling)} req/s, p99 ${ceilingResult.latency.p99} ms`);
  ceilingProcess.kill();

  // The floor: the first page of the list answered by one SQL statement and node:http, asked for the
  // same viewers and categories the app's first-page scenario asks (bench/floor-server.mjs).
  const floorProcess = fork(
    path.join(root, 'bench/floor-server.mjs'),
    [String(FLOOR_PORT), environment.DATABASE_URL ?? ''],
    { stdio: 'ignore' },
  );
  const pick = <T>(list: T[], index: number) => list[index % list.length]!;
  /** A visitor browsing: event pages, later pages of the list, searches and places, never the same twice running. */
  const browsingTarget = (index: number) => {
    const kind = index % 5;
    if (kind === 0 || kind === 1) return { kind: 'event', value: String(pick(fixture.eventIds, index * 7)) } as const;
    if (kind === 2) return { kind: 'search', value: pick(fixture.rareWords, index) } as const;
    if (kind === 3) return { kind: 'location', value: pick(fixture.locations, index) } as const;
    return { kind: 'later', value: pick(fixture.cursors, index * 13) } as const;
  };
  const firstPageOf = (index: number) => {
    const category = fixture.categoryIds[index % (fixture.categoryIds.length + 1)];
    return category === undefined ? '' : `category=${category}`;
  };
  let floorMeasurement: Measurement | null = null;
  let myRsvpsFloorMeasurement: Measurement | null = null;
  let browsingFloorMeasurement: Measurement | null = null;
  if (isPostgres) {
    await waitFor(`http://127.0.0.1:${FLOOR_PORT}/`);
    let floorIndex = 0;
    floorMeasurement = await measure(
      'floor: first page, one SQL statement and node:http',
      `http://127.0.0.1:${FLOOR_PORT}`,
      () => {
        floorIndex += 1;
        return {
          path: `/?viewer=${fixture.viewerIds[floorIndex % fixture.viewerIds.length]}&${firstPageOf(floorIndex)}`,
          headers: {},
        };
      },
      ceiling,
    );
    let myRsvpsFloorIndex = 0;
    myRsvpsFloorMeasurement = await measure(
      'floor: my-rsvps page, one SQL statement and node:http',
      `http://127.0.0.1:${FLOOR_PORT}`,
      () => {
        myRsvpsFloorIndex += 1;
        return {
          path: `/my-rsvps?viewer=${fixture.viewerIds[myRsvpsFloorIndex % fixture.viewerIds.length]}`,
          headers: {},
        };
      },
      ceiling,
    );
    // The same sequence of visits the app's browsing mix asks, viewer by viewer.
    let browsingFloorIndex = 0;
    browsingFloorMeasurement = await measure(
      'floor: browsing mix, one SQL statement each and node:http',
      `http://127.0.0.1:${FLOOR_PORT}`,
      () => {
        browsingFloorIndex += 1;
        const target = browsingTarget(browsingFloorIndex);
        const viewer = fixture.viewerIds[browsingFloorIndex % fixture.viewerIds.length];
        const parameter = { event: 'id', search: 'q', location: 'q', later: 'cursor' }[target.kind];
        return {
          path: `/${target.kind}?viewer=${viewer}&${parameter}=${encodeURIComponent(target.value)}`,
          headers: {},
        };
      },
      ceiling,
    );
  }
  floorProcess.kill();

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
    ...(WORKERS === undefined ? {} : { WORKERS }),
  });
  const startToFirstAnswerMs = await waitFor(`http://127.0.0.1:${PORT}/api/config`);
  log(`server start to first answer: ${startToFirstAnswerMs.toFixed(0)} ms`);
  // With --workers the primary forks them: their memory counts too.
  const findServerProcesses = () => {
    try {
      return [
        server.pid!,
        ...readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number),
      ];
    } catch {
      return [server.pid!];
    }
  };
  memory.pids = findServerProcesses();
  sampleMemory();
  const sampler = setInterval(() => {
    memory.pids = findServerProcesses();
    sampleMemory();
  }, 200);

  const base = `http://127.0.0.1:${PORT}`;
  const signInAs = async (email: string) => {
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pitchin-demo' }),
    });
    if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
    return signIn.headers.get('set-cookie')!.split(';')[0]!;
  };
  const cookie = await signInAs(fixture.email);
  const headers = { cookie, 'accept-encoding': 'gzip, br' };
  const viewerCookies: string[] = [];
  for (const email of fixture.viewerEmails) viewerCookies.push(await signInAs(email));
  const viewerHeaders = (index: number) => ({
    cookie: viewerCookies[index % viewerCookies.length]!,
    'accept-encoding': 'gzip, br',
  });
  /** Request after request, the next path of `pathOf` read by the next of the VIEWERS signed-in viewers. */
  const inTurn = (pathOf: (index: number) => string) => {
    let index = 0;
    return () => {
      index += 1;
      return { path: pathOf(index), headers: viewerHeaders(index) };
    };
  };
  // Each viewer polls with the ETag of their own achievements.
  const pollEtags: string[] = [];
  for (let index = 0; index < viewerCookies.length; index += 1) {
    const poll = await fetch(`${base}/api/user/achievements`, { headers: viewerHeaders(index) });
    await poll.arrayBuffer();
    pollEtags.push(poll.headers.get('etag') ?? '');
  }
  let pollIndex = 0;
  const polls = () => {
    pollIndex += 1;
    return {
      path: '/api/user/achievements',
      headers: { ...viewerHeaders(pollIndex), 'if-none-match': pollEtags[pollIndex % pollEtags.length]! },
    };
  };
  const browsing = (index: number) => {
    const target = browsingTarget(index);
    if (target.kind === 'event') return `/api/events/${target.value}`;
    if (target.kind === 'search') return `/api/events?search=${target.value}`;
    if (target.kind === 'location') return `/api/events?location=${encodeURIComponent(target.value)}`;
    return `/api/events?cursor=${target.value}`;
  };

  const measurements: Measurement[] = [floorMeasurement, myRsvpsFloorMeasurement, browsingFloorMeasurement].filter(
    (measurement): measurement is Measurement => measurement !== null,
  );
  const scenarios: Array<[string, Targets, Partial<autocannon.Options>?]> = [
    [
      `event list, first page (${VIEWERS} viewers, every category)`,
      inTurn((index) => `/api/events?${firstPageOf(index)}`),
    ],
    [
      `event list, pages 2 to 1 000 (${VIEWERS} viewers)`,
      inTurn((index) => `/api/events?cursor=${pick(fixture.cursors, index * 13)}`),
    ],
    [
      'event list, page 1 000',
      { path: fixture.deepCursor ? `/api/events?cursor=${fixture.deepCursor}` : '/api/events?include=past', headers },
    ],
    [
      `search, common words (${fixture.commonWords.join(', ')})`,
      inTurn((index) => `/api/events?search=${pick(fixture.commonWords, index)}`),
    ],
    [
      `search, uncommon word "${fixture.uncommonWord}" (${(fixture.uncommonShare * 100).toFixed(1)} % of events)`,
      inTurn(() => `/api/events?search=${fixture.uncommonWord}`),
    ],
    [
      `search, rare words (${fixture.rareWords.length} different, 1 event each)`,
      inTurn((index) => `/api/events?search=${pick(fixture.rareWords, index)}`),
    ],
    [
      `location search (${fixture.locations.length} places)`,
      inTurn((index) => `/api/events?location=${encodeURIComponent(pick(fixture.locations, index))}`),
    ],
    [
      // Use My Location (decisions §21): the events_listed_place index's bounding box, then the distances.
      `near me, 50 km, nearest first (${CITIES.length} cities)`,
      inTurn((index) => {
        const city = pick([...CITIES], index);
        return `/api/events?near=${city.latitude},${city.longitude}&radiusKm=50`;
      }),
    ],
    [
      `event detail (${fixture.eventIds.length} events, ${VIEWERS} viewers)`,
      inTurn((index) => `/api/events/${pick(fixture.eventIds, index * 7)}`),
    ],
    [`browsing mix (${fixture.eventIds.length} event pages, searches, places, later pages)`, inTurn(browsing)],
    [`my-events (${VIEWERS} viewers)`, inTurn(() => '/api/my-events')],
    [`my-rsvps (${VIEWERS} viewers)`, inTurn(() => '/api/my-rsvps')],
    // The page My Events opens with (web/lib/api/get-my-rsvps.ts), beside the floor's my-rsvps page.
    [`my-rsvps page, include=past limit 12 (${VIEWERS} viewers)`, inTurn(() => '/api/my-rsvps?include=past&limit=12')],
    [`messages (${VIEWERS} viewers)`, inTurn(() => '/api/messages')],
    [`conversations (${VIEWERS} viewers)`, inTurn(() => '/api/conversations')],
    [`journey: stats (${VIEWERS} viewers)`, inTurn(() => '/api/user/stats')],
    ['journey: achievements', inTurn(() => '/api/achievements')],
    [`journey: user achievements (${VIEWERS} viewers)`, inTurn(() => '/api/user/achievements')],
    [`achievement poll, 304 (${VIEWERS} viewers)`, polls],
  ];
  // Whole pages, rendered by the server for the signed-in reader (decision 0010): not among the
  // read-afresh targets of docs/benchmarks.md, measured for what server rendering costs. Two
  // connections, one per core: the server renders two at a time and sends pages past eight waiting
  // unrendered (server/plugins/web.ts), so at twenty connections most pages would be the cheap
  // unrendered kind. At 2 connections none waits.
  const pageScenarios: Array<[string, string]> = [
    ['page: Home, server-rendered', '/'],
    ['page: event, server-rendered', `/events/${fixture.eventId}`],
  ];
  const only = values.only?.split(',').map((part) => part.trim().toLowerCase());
  const isSelected = (name: string) => !only || only.some((part) => name.toLowerCase().includes(part));
  for (const [name, targets, extra] of scenarios.filter(([name]) => isSelected(name)))
    measurements.push(await measure(name, base, targets, ceiling, extra));
  for (const [name, pathName] of pageScenarios.filter(([name]) => isSelected(name))) {
    measurements.push(
      await measure(
        name,
        base,
        { path: pathName, headers },
        ceiling,
        { connections: PAGE_CONNECTIONS },
        { rate: PAGE_LATENCY_RATE },
      ),
    );
  }
  let toggle = 0;
  if (isSelected('RSVP switching'))
    measurements.push(
      await measure(
        'RSVP switching',
        base,
        {
          path: `/api/events/${fixture.rsvpEventId}/rsvp`,
          headers: { ...headers, 'content-type': 'application/json' },
        },
        ceiling,
        {
          method: 'POST',
          setupClient: (client) => {
            client.setBody(JSON.stringify({ status: ['attending', 'supporting', 'organizing'][(toggle += 1) % 3] }));
          },
          body: JSON.stringify({ status: 'attending' }),
        },
        {
          method: 'POST',
          body: () => JSON.stringify({ status: ['attending', 'supporting', 'organizing'][(toggle += 1) % 3] }),
        },
      ),
    );
  const soak = values.soak === undefined ? null : await soakBrowsing(Number(values.soak), base, inTurn(browsing));
  clearInterval(sampler);
  server.kill('SIGTERM');

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const result = {
    database: isPostgres ? 'PostgreSQL (local, 127.0.0.1:5432)' : 'PGlite (embedded)',
    commit,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    command: `npm run bench -- --database ${values.database}${values.events ? ` --events ${values.events}` : ''}${WORKERS ? ` --workers ${WORKERS}` : ''}`,
    workers: WORKERS === undefined ? 1 : Number(WORKERS),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    scale: { events: EVENTS, users: USERS, rsvps: RSVPS, ratings: RATINGS, messages: MESSAGES },
    seedSeconds,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    latencyRate: LATENCY_RATE,
    pages: { connections: PAGE_CONNECTIONS, latencyRate: PAGE_LATENCY_RATE },
    ceilingRequestsPerSecond: Math.round(ceiling),
    startToFirstAnswerMs: Math.round(startToFirstAnswerMs),
    peakResidentMb: Math.round(memory.peakMb),
    processPeakResidentMb: Math.round(memory.processPeakMb),
    measurements,
    soak,
  };
  if (!only)
    writeFileSync(path.join(root, `bench/results/${RESULT_NAME}.json`), `${JSON.stringify(result, null, 2)}\n`);
  log(
    `peak resident memory ${memory.peakMb.toFixed(0)} MB${only ? '' : `; results in bench/results/${RESULT_NAME}.json`}`,
  );
  // The table docs/benchmarks.md carries, so the doc is copied from a run rather than retyped.
  console.log(
    `\n| Scenario | req/s at ${CONNECTIONS} connections | of ceiling | p50 / p99 ms | fixed rate: req/s, p50 / p95 / p99 ms | errors, non-2xx | peak MB |\n|---|---|---|---|---|---|---|`,
  );
  for (const m of measurements) {
    console.log(
      `| ${m.name} | ${m.requestsPerSecond} | ${(m.ratio * 100).toFixed(1)} % | ${m.p50} / ${m.p99} | ${m.latencyRate}: ${m.latencyP50} / ${m.latencyP95} / ${m.latencyP99} | ${m.errors}, ${m.non2xx} | ${m.peakResidentMb} |`,
    );
  }
  if (floorMeasurement) {
    // The read-afresh targets of docs/benchmarks.md, read off this run.
    const find = (part: string) => measurements.find((m) => m.name.startsWith(part));
    const list = find('event list, first page');
    const lines: string[] = [];
    if (list)
      lines.push(
        `event list first page: ${((list.requestsPerSecond / floorMeasurement.requestsPerSecond) * 100).toFixed(0)} % of the floor's throughput (target ≥ 75 %), p99 ${list.p99} ms = ${(list.p99 / Math.max(floorMeasurement.p99, 1)).toFixed(2)} × the floor's ${floorMeasurement.p99} ms (target ≤ 1.5)`,
      );
    for (const name of ['search, common', 'search, rare', 'location search']) {
      const search = find(name);
      if (search)
        lines.push(
          `${search.name}: p99 ${search.p99} ms = ${(search.p99 / Math.max(floorMeasurement.p99, 1)).toFixed(2)} × the floor's (target ≤ 2)`,
        );
    }
    for (const [name, target] of [
      ['event detail', 8],
      ['my-rsvps', 3],
      ['browsing mix', 5],
      ['achievement poll', 40],
    ] as const) {
      const measured = find(name);
      if (measured)
        lines.push(`${measured.name}: ${(measured.ratio * 100).toFixed(1)} % of the ceiling (target ≥ ${target} %)`);
    }
    const myRsvpsPage = find('my-rsvps page');
    if (myRsvpsPage && myRsvpsFloorMeasurement)
      lines.push(
        `my-rsvps page: ${((myRsvpsPage.requestsPerSecond / myRsvpsFloorMeasurement.requestsPerSecond) * 100).toFixed(0)} % of the floor's my-rsvps throughput (target ≥ 80 %), p99 ${myRsvpsPage.p99} ms against the floor's ${myRsvpsFloorMeasurement.p99} ms`,
      );
    const browsingMix = find('browsing mix');
    if (browsingMix && browsingFloorMeasurement)
      lines.push(
        `browsing mix: ${((browsingMix.requestsPerSecond / browsingFloorMeasurement.requestsPerSecond) * 100).toFixed(0)} % of the floor's throughput on the same mix (target ≥ 80 %), p99 ${browsingMix.p99} ms against the floor's ${browsingFloorMeasurement.p99} ms`,
      );
    lines.push(
      `server peak resident memory ${memory.peakMb.toFixed(0)} MB in all, ${memory.processPeakMb.toFixed(0)} MB in its largest process (target ≤ 300 per worker on Node 26)`,
    );
    if (soak)
      lines.push(
        `soak, ${soak.minutes.length} minutes of the browsing mix: largest process ${soak.minutes.map((minute) => minute.processPeakMb).join(', ')} MB minute by minute; growth from the second minute to the last ${soak.growthMb} MB (target: none)`,
      );
    console.log(`\nTargets:\n${lines.map((line) => `- ${line}`).join('\n')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
