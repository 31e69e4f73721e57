import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

/**
 * `npm run bench:web`: Lighthouse (mobile defaults: simulated throttling, phone form factor) against
 * the production build served by the real server on a fresh embedded database with demo data. Five
 * runs per page, each in a new Chromium profile so that every run is a cold load, and the median.
 *
 * Options: `--runs N` (default 5), `--page landing|home|discover|event` (repeatable),
 * `--reports DIR` (also writes each run's full Lighthouse JSON there, for reading failing audits).
 * The server is started from its sources (tsx) in production mode: what Lighthouse measures is the
 * web build and the answers, which are the same as from the compiled server, and building that
 * into the shared dist/server could race another process doing the same. WEB_DIST_DIR=… measures
 * another web build (e.g. one made from an older commit, for a before/after comparison).
 */

const root = path.resolve(import.meta.dirname, '..');
const DEMO_EMAIL = 'demo@pitchin.app';
const DEMO_PASSWORD = 'pitchin-demo';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
// As root in this sandbox Chromium needs --no-sandbox; without the networking flags it keeps trying
// to reach Google's services, which fails offline and adds noise to the measurement.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Category = (typeof CATEGORIES)[number];
type MetricName = keyof typeof METRICS;
type Scores = Record<Category, number | null>;
type Metrics = Record<MetricName, number | null>;
type Run = {
  scores: Scores;
  metrics: Metrics;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  failingAudits: string[];
  retries?: number;
};
type PageName = 'landing' | 'home' | 'discover' | 'event';
type PageSpec = { name: PageName; path: string; isSignedIn: boolean };

function parseArguments(argv: string[]) {
  let runs = 5;
  const pages: PageName[] = [];
  let reportsDirectory: string | null = null;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = argv[index + 1];
    if (argument === '--runs' && value) {
      runs = Number.parseInt(value, 10);
      index += 1;
    } else if (argument === '--page' && value) {
      if (!['landing', 'home', 'discover', 'event'].includes(value)) throw new Error(`Unknown page ${value}`);
      pages.push(value as PageName);
      index += 1;
    } else if (argument === '--reports' && value) {
      reportsDirectory = path.resolve(value);
      index += 1;
    } else {
      throw new Error(`Unknown argument ${argument ?? ''}`);
    }
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
  return { runs, pages, reportsDirectory };
}

// The helper scripts are plain .mjs without declarations; importing them by URL keeps one copy of
// the build check and the Chromium lookup instead of a TypeScript twin.
async function importScript<T>(name: string): Promise<T> {
  return (await import(new URL(`../scripts/${name}`, import.meta.url).href)) as T;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function startServer(port: number, dataDirectory: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start within 120 s:\n${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The server prints this line only after migrating, seeding and listening.
      if (output.includes('PitchIn is running at')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code ?? 'a signal'} before it started:\n${output}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  if (cookies.length === 0) throw new Error('Sign-in set no cookie');
  return cookies.join('; ');
}

/** An upcoming event with a photo: the richest event page, and the one whose LCP is an image. */
async function pickEventId(origin: string, cookie: string): Promise<number> {
  const response = await fetch(`${origin}/api/events?limit=100`, { headers: { cookie } });
  if (!response.ok) throw new Error(`Listing events answered ${response.status}`);
  const events = (await response.json()) as Array<{ id: number; images: string[] }>;
  const event = events.find((candidate) => candidate.images.length > 0) ?? events[0];
  if (!event) throw new Error('The demo data has no upcoming events');
  return event.id;
}

function roundLoad(values: number[]): number[] {
  return values.map((value) => Math.round(value * 100) / 100);
}

/**
 * Puts the session cookie in the browser's own cookie jar, as a signed-in browser has it. Lighthouse
 * keeps cookies across its storage reset. A `Cookie` header through Lighthouse's extraHeaders is not
 * the same: once the page sets a cookie of its own (the language mirror), Chromium sends the jar's
 * cookies instead and the session is gone from every later request.
 */
async function addSessionCookie(port: number, url: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const origin = new URL(url).origin;
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const separator = pair.indexOf('=');
        return {
          name: pair.slice(0, separator),
          value: pair.slice(separator + 1),
          url: origin,
          httpOnly: true,
          sameSite: 'Lax' as const,
        };
      }),
    );
  } finally {
    // Disconnects only: the browser and its cookie stay for Lighthouse.
    await browser.close();
  }
}

async function runLighthouse(
  url: string,
  cookie: string | null,
  chromePath: string,
  reportFile: string | null,
): Promise<Run> {
  const loadAverageBefore = roundLoad(loadavg());
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (cookie) await addSessionCookie(chrome.port, url, cookie);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => {
        const score = lhr.categories[category]?.score;
        return [category, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as Scores;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, auditId]) => {
        const value = lhr.audits[auditId]?.numericValue;
        return [
          name,
          typeof value === 'number' ? (name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)) : null,
        ];
      }),
    ) as Metrics;
    // Audits in a scored category that did not pass (informative and not-applicable ones have a null score).
    const scoredAuditIds = new Set(
      CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id),
      ),
    );
    const failingAudits = Object.values(lhr.audits)
      .filter(
        (audit) =>
          scoredAuditIds.has(audit.id) &&
          typeof audit.score === 'number' &&
          audit.score < (audit.scoreDisplayMode === 'metricSavings' ? 0.9 : 1),
      )
      .map((audit) => audit.id)
      .sort();
    return { scores, metrics, loadAverageBefore, loadAverageAfter: roundLoad(loadavg()), failingAudits };
  } finally {
    chrome.kill();
  }
}

/**
 * On a loaded machine Chromium now and then paints nothing before Lighthouse's deadline (NO_FCP);
 * that run measured the machine, not the page, so it is repeated (at most twice) and counted.
 */
async function runWithRetries(attempt: () => Promise<Run>): Promise<Run> {
  for (let retries = 0; ; retries += 1) {
    try {
      const run = await attempt();
      return retries > 0 ? { ...run, retries } : run;
    } catch (error) {
      if (retries >= 2 || !(error instanceof Error) || !error.message.includes('Lighthouse failed')) throw error;
      console.warn(`${error.message}; running again`);
    }
  }
}

function median(values: Array<number | null>): number | null {
  const numbers = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const middle = Math.floor(numbers.length / 2);
  return numbers.length % 2 === 1
    ? numbers[middle]!
    : Math.round(((numbers[middle - 1]! + numbers[middle]!) / 2) * 1000) / 1000;
}

function summarize(runs: Run[]) {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
  ) as Scores;
  const metrics = Object.fromEntries(
    Object.keys(METRICS).map((name) => [name, median(runs.map((run) => run.metrics[name as MetricName]))]),
  ) as Metrics;
  const failing = new Map<string, number>();
  for (const run of runs) for (const id of run.failingAudits) failing.set(id, (failing.get(id) ?? 0) + 1);
  return {
    scores,
    metrics,
    failingAuditsInRuns: Object.fromEntries([...failing].sort(([a], [b]) => a.localeCompare(b))),
  };
}

function printTable(results: Record<string, { median: ReturnType<typeof summarize> }>) {
  const header = ['page', 'perf', 'a11y', 'best', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'];
  const rows = Object.entries(results).map(([name, { median: summary }]) => [
    name,
    ...CATEGORIES.map((category) => String(summary.scores[category] ?? '–')),
    ...(['fcp', 'lcp', 'tbt', 'cls', 'si'] as const).map((metric) => String(summary.metrics[metric] ?? '–')),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  for (const [name, { median: summary }] of Object.entries(results)) {
    const failing = Object.entries(summary.failingAuditsInRuns);
    if (failing.length > 0)
      console.log(`\n${name}: not passing (runs): ${failing.map(([id, count]) => `${id} (${count})`).join(', ')}`);
  }
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const { buildWebIfNeeded } = await importScript<{ buildWebIfNeeded: () => Promise<void> }>('build-if-missing.mjs');
  const { ensureChromium } = await importScript<{
    ensureChromium: (options?: { isFullBrowserNeeded?: boolean }) => string;
  }>('find-chromium.mjs');
  await buildWebIfNeeded();
  // Lighthouse's figures are the full browser's, as a visitor's phone runs it, not the headless shell's.
  const chromePath = ensureChromium({ isFullBrowserNeeded: true });
  if (options.reportsDirectory) mkdirSync(options.reportsDirectory, { recursive: true });

  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const stop = async () => {
    if (server) await stopServer(server);
    rmSync(dataDirectory, { recursive: true, force: true });
  };
  // Ctrl-C must not leave a server holding the port and a database directory behind.
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)));

  try {
    console.log(`Starting the production server on ${origin} (fresh database with demo data)…`);
    server = await startServer(port, dataDirectory);
    const cookie = await signIn(origin);
    const eventId = await pickEventId(origin, cookie);
    const allPages: PageSpec[] = [
      { name: 'landing', path: '/', isSignedIn: false },
      { name: 'home', path: '/', isSignedIn: true },
      { name: 'discover', path: '/discover', isSignedIn: true },
      { name: 'event', path: `/events/${eventId}`, isSignedIn: true },
    ];
    const pages = options.pages.length > 0 ? allPages.filter((page) => options.pages.includes(page.name)) : allPages;

    const results: Record<
      string,
      { path: string; signedIn: boolean; runs: Run[]; median: ReturnType<typeof summarize> }
    > = {};
    for (const page of pages) {
      const runs: Run[] = [];
      for (let index = 0; index < options.runs; index += 1) {
        const reportFile = options.reportsDirectory
          ? path.join(options.reportsDirectory, `${page.name}-${index + 1}.json`)
          : null;
        const run = await runWithRetries(() =>
          runLighthouse(`${origin}${page.path}`, page.isSignedIn ? cookie : null, chromePath, reportFile),
        );
        console.log(
          `${page.name} run ${index + 1}/${options.runs}: ${CATEGORIES.map((category) => `${category} ${run.scores[category] ?? '–'}`).join(', ')}; LCP ${run.metrics.lcp} ms; load ${run.loadAverageBefore.join(' ')}`,
        );
        runs.push(run);
      }
      results[page.name] = { path: page.path, signedIn: page.isSignedIn, runs, median: summarize(runs) };
    }

    const output = {
      measuredAt: new Date().toISOString(),
      lighthouse: (
        JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
      ).version,
      chromium: chromePath,
      webBuild: process.env.WEB_DIST_DIR ?? 'dist/web',
      settings: 'Lighthouse defaults: mobile form factor, simulated throttling; each run a new Chromium profile',
      runsPerPage: options.runs,
      cpus: cpus().length,
      medianNote: 'each score and metric is the median of its own values across the runs',
      pages: results,
    };
    const resultsDirectory = path.join(root, 'bench/results');
    mkdirSync(resultsDirectory, { recursive: true });
    writeFileSync(path.join(resultsDirectory, 'lighthouse.json'), `${JSON.stringify(output, null, 2)}\n`);
    printTable(results);
    console.log('\nWrote bench/results/lighthouse.json');
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
