import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/e2e-settings';

/**
 * Browser tests drive the system Chromium (Playwright cannot download browsers here) against the real
 * server on a fresh embedded database with the demo data.
 */
// npm test passes CHROMIUM_PATH (scripts/find-chromium.mjs); a spec run by hand takes the headless shell
// where Debian's package is installed, else the full browser.
const systemChromium = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';

const CHROMIUM_ARGUMENTS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/playwright',
  fullyParallel: true,
  // Three workers on the two-core machine (decision 0045): with two, each test's waits (a page's requests,
  // a debounce, an animation) left the cores idle a sixth of the time; the third fills them. Measured on the
  // same machine one after the other, 2026-12-02: 322 s with three, 382 s with two, every test passing.
  workers: 3,
  // One retry in a fresh worker for a test that failed: on a loaded two-core runner two CI runs in a row
  // lost the whole suite to one different timing-bound test each (docs/decisions/0022). A test that
  // fails twice still fails the run, and one that passed only on its retry is listed as "flaky" in the
  // report, to be fixed rather than ignored.
  retries: 1,
  // Generous waits, not looser checks: on a busy two-core runner (2026-11-26: the suite took three times as
  // long as on earlier machines) a signed-in screen's data could take over 10 s to appear while two
  // browsers and the servers shared the cores.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace screencasts every test: on two cores that was a third of the browser's CPU
    // (decision 0026). A failing test's retry records one, and a test that fails twice fails the run.
    trace: 'on-first-retry',
    // The service worker registers after load and precaches every screen's code in the background: left on,
    // what another spec sees offline, and which scripts the budgets count, would depend on how far that got.
    // Its own specs allow it (e2e/service-worker.spec.ts, e2e/offline-ticket.screens.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || systemChromium,
      args: [
        ...CHROMIUM_ARGUMENTS,
        // V8's optimizing compilers (Maglev, TurboFan) compile a page's hot functions again on background
        // threads, which pays off over minutes; a test's page lives seconds. Without them the machine's CPU for
        // the same 54 tests fell by about a sixth on the two-core machine (286-302 against 328-386 CPU-seconds,
        // runs interleaved, 2026-12-02; docs/benchmarks.md). Scripts behave the same in every tier; the
        // first-paint project, which times the page, keeps the browser as people have it.
        '--js-flags=--no-opt,--no-maglev',
      ],
    },
  },
  projects: [
    // The stored-XSS spec is one serial group (its tests share the authors its beforeAll makes) of about a
    // minute. Files are handed out in name order, so within the main project it came last and ran alone
    // while the other worker sat idle (measured: the final 66 s of an 8.3-minute run). A project of its
    // own, declared first, starts it at once beside the rest.
    {
      name: 'stored-xss',
      testMatch: '**/xss.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The same for the one test of about 30 s (six reloads on a phone slowed eight times): handed out in name
    // order it came last and ran alone while the other worker sat idle (the final 20 s of an 8.2-minute run).
    {
      name: 'starts-first',
      grep: /@starts-first/,
      testIgnore: ['**/first-paint.spec.ts', '**/xss.spec.ts'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      grepInvert: /@starts-first/,
      testIgnore: ['**/first-paint.spec.ts', '**/xss.spec.ts'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The 1 s first-paint budget measures the page, not the machine: run once everything else is done,
    // alone, so that a second worker's browser and its server work are not what is timed (on two cores,
    // under the full suite's load, a cold load took up to 3 s whatever the page did).
    {
      name: 'first-paint',
      testMatch: '**/first-paint.spec.ts',
      dependencies: ['stored-xss', 'starts-first', 'chromium'],
      workers: 1,
      // A trace records the page while it loads, and on two cores that alone moved first paint by hundreds of ms.
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        trace: 'off',
        launchOptions: { executablePath: process.env.CHROMIUM_PATH || systemChromium, args: CHROMIUM_ARGUMENTS },
      },
    },
  ],
  // One server, as production runs it (scripts/e2e-server.mjs), shared by every test. The screens of a
  // community without events get a server of their own from the `emptyServerUrl` fixture, started only
  // by the worker that runs them (e2e/support/fixtures.ts).
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    // The categories call answers 401 without a session, which tells Playwright the server is up.
    url: `${E2E_BASE_URL}/api/categories`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Without it Playwright kills the server's process group outright, and its database folder stays behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(E2E_PORT), SEED_DEMO: 'true' },
  },
});
