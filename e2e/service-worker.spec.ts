import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, type Page } from '@playwright/test';
import { rsvpWith } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';
import { waitForServiceWorker } from './support/service-worker';
import { useLanguage } from './support/language';

/**
 * The service worker (decision 0037): offline, the volunteer's ticket and the screens they saw come
 * back from its caches, a screen never seen comes up in the chrome with the offline banner instead of the
 * browser's error page, in the person's language, and none of it survives signing out, online or offline.
 */
test.use({ serviceWorkers: 'allow' });

/** Starting in an hour: inside the check-in window, so the event page shows the holder's ticket. */
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

async function expectQrCodeLoaded(page: Page) {
  const qr = page.getByTestId('ticket-card').getByTestId('ticket-qr');
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}

test('offline, the ticket and the screens seen come from the worker, others show the offline state, and another person or a sign-out forgets them', async ({
  page,
  context,
  user: _user,
  signUp,
  eventOfAnother,
  baseURL,
}) => {
  const event = await eventOfAnother({ title: `Dune planting ${randomBytes(3).toString('hex')}`, date: inAnHour() });
  await rsvpWith(context.request, event.id);
  const code = ((await (await context.request.get(`/api/events/${event.id}/ticket`)).json()) as { code: string }).code;

  // One visit online: the worker installs after the page loaded and keeps the page and its ticket.
  await page.goto(`/events/${event.id}`);
  await waitForLivePage(page);
  await expect(page.getByTestId('ticket-card')).toBeVisible();
  await waitForServiceWorker(page);
  await expect
    .poll(() =>
      page.evaluate(
        async (id) =>
          (await caches.match(`/api/events/${id}/ticket/qr-code`, { cacheName: 'pitchin-api' })) !== undefined,
        event.id,
      ),
    )
    .toBe(true);
  // Another screen seen online.
  await page.goto('/my-events');
  await waitForLivePage(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const myEventsHeading = await page.getByRole('heading', { level: 1 }).textContent();
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.match('/my-events', { cacheName: 'pitchin-pages' })) !== undefined),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.goto(`/events/${event.id}`);
  await waitForLivePage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
  await expect(page.getByTestId('ticket-card').getByTestId('ticket-code')).toHaveText(code.match(/.{4}/g)!.join(' '));
  await expectQrCodeLoaded(page);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // A screen seen before, reached from the address bar: as last seen.
  await page.goto('/my-events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(myEventsHeading!);
  // One never opened: the app in its chrome, saying it is offline, not the browser's error page.
  await page.goto('/journey');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");
  await expect(page.getByTestId('load-error')).toContainText("This page hasn't been opened on this device yet");

  // Another person signs in on the same phone: their first page empties the caches, so offline the event
  // page is theirs (no place, no ticket), not the last person's.
  await context.setOffline(false);
  await signUp({ firstName: 'Second' });
  await page.goto('/');
  await waitForLivePage(page);
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open('pitchin-api')).keys()).map((request) => request.url)),
    )
    .not.toContainEqual(expect.stringContaining('/ticket'));
  await context.setOffline(true);
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);
  await expect(page.getByText(code.slice(0, 4))).toHaveCount(0);

  // Signing out (the account menu's navigation) empties the caches: offline, the ticket is gone.
  await context.setOffline(false);
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await caches.keys()).filter((name) => name === 'pitchin-pages' || name === 'pitchin-api'),
      ),
    )
    .toEqual([]);
  await context.setOffline(true);
  const offlineLoad = await page.goto(`/events/${event.id}`).catch((error: Error) => error);
  expect(offlineLoad).toBeInstanceOf(Error);
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);
  await context.setOffline(false);

  // A German reader: the worker keeps all of German's texts as soon as a page is in German, so a screen
  // never opened comes up in German offline, not in the precached English.
  await signUp({ firstName: 'Dritte' });
  await context.addCookies([{ name: 'pitchin_language', value: 'de', url: baseURL! }]);
  await useLanguage(page, 'de');
  await page.goto('/');
  await waitForLivePage(page);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('pitchin-language');
        return [await (await cache.match('/offline-language'))?.text(), (await cache.keys()).length > 10];
      }),
    )
    .toEqual(['de', true]);
  await context.setOffline(true);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');

  // Signing out offline ends the session on this device at once: the account menu's Sign Out gets a page
  // saying so in German, the pages, reads and the door's unsent scans are gone, and every address says
  // the same until the server is told (the session cookie is HttpOnly: only the server can end it).
  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('pitchin_session'))!;
  await page.evaluate(
    (name) =>
      new Promise((resolve) => {
        const opening = indexedDB.open(name, 1);
        opening.onupgradeneeded = () =>
          opening.result.createObjectStore('actions', { keyPath: 'id', autoIncrement: true });
        opening.onsuccess = () => {
          const transaction = opening.result.transaction('actions', 'readwrite');
          transaction.objectStore('actions').add({ eventId: 1, kind: 'check-in', code: 'ABCD2345', at: Date.now() });
          transaction.oncomplete = () => resolve(opening.result.close());
        };
      }),
    'pitchin-door',
  );
  await page.getByTestId('header-avatar').click();
  await page.getByTestId('account-menu-sign-out').click();
  await expect(page.getByTestId('signed-out-offline').getByRole('heading')).toHaveText(
    'Du bist auf diesem Gerät abgemeldet',
  );
  expect(
    await page.evaluate(async () => ({
      caches: (await caches.keys()).filter((name) => name === 'pitchin-pages' || name === 'pitchin-api'),
      databases: (await indexedDB.databases()).filter((database) => database.name === 'pitchin-door'),
    })),
  ).toEqual({ caches: [], databases: [] });
  await page.goto('/my-events');
  await expect(page.getByTestId('signed-out-offline')).toBeVisible();
  // Back online, the next page ends the session on the server first: the old cookie no longer works.
  await context.setOffline(false);
  await page.goto('/');
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
  const withOldSession = await page.request.get('/api/auth/user', {
    headers: { cookie: `${session.name}=${session.value}` },
  });
  expect(withOldSession.status()).toBe(401);
});

test("a read still on its way when another tab signs out does not bring the person's caches back", async ({
  context,
  page,
  user: _user,
}) => {
  await page.goto('/my-events');
  await waitForLivePage(page);
  await waitForServiceWorker(page);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('pitchin-pages'))).toBe(true);

  // The worker's read is answered while the person is still signed in, and the answer reaches the worker
  // only once the other tab has signed out: the page's last reads racing a sign-out, made certain.
  let releaseAnswer!: () => void;
  const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
  let signalAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (signalAnswered = resolve));
  await context.route('**/api/categories', async (route) => {
    if (route.request().headers()['x-test-held'] !== 'yes') return route.continue();
    const response = await route.fetch();
    signalAnswered();
    await answerHeld;
    await route.fulfill({ response });
  });
  const read = page.evaluate(() =>
    fetch('/api/categories', { headers: { 'x-test-held': 'yes' } }).then((r) => r.status),
  );
  await answered;

  const other = await context.newPage();
  await other.goto('/api/logout');
  await expect(other).toHaveURL(/\/$/);
  const personalCaches = () =>
    other.evaluate(async () =>
      (await caches.keys()).filter((name) => name === 'pitchin-pages' || name === 'pitchin-api'),
    );
  await expect.poll(personalCaches).toEqual([]);

  releaseAnswer();
  expect(await read).toBe(200);
  // The worker writes after it has answered the page: the caches must stay gone while it does.
  for (let check = 0; check < 10; check += 1) {
    expect(await personalCaches()).toEqual([]);
    await other.waitForTimeout(200);
  }
});

// Chromium judges installability only in a profile kept on disk: the full browser's headless mode (Debian's
// `chromium`, which the README accepts) answers `in-incognito` for the throwaway profile every Playwright
// context is, so the test runs in a persistent profile with the same executable and arguments. The headless
// shell never judges (it answers no error for any page, even one without a manifest): there Chromium's own
// reading of the manifest is checked, and a page without one tells the test which kind of browser it has.
test('the app is installable: the manifest is linked and complete, and a worker with a fetch handler serves the app', async ({
  playwright,
  launchOptions,
  context: signedInContext,
  user: _user,
  baseURL,
}) => {
  const profile = await mkdtemp(path.join(tmpdir(), 'pitchin-installable-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...devices['Desktop Chrome'],
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    await context.addCookies(await signedInContext.cookies());
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.goto('/');
    await waitForLivePage(page);
    await expect(page.getByTestId('header-avatar')).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href!)).json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; purpose: string; type: string }>;
    };
    expect(manifest).toMatchObject({
      name: expect.any(String),
      short_name: 'PitchIn',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    await waitForServiceWorker(page);
    // Chromium's own reading of the manifest the page links: found, and parsed without an error.
    const cdp = await context.newCDPSession(page);
    const appManifest = (await cdp.send('Page.getAppManifest', {})) as { url: string; errors: unknown[] };
    expect(appManifest).toMatchObject({ url: new URL(href!, baseURL).href, errors: [] });
    // Chromium's own verdict on the page: no installability error, where the browser gives one at all.
    const installabilityErrorsOf = async () =>
      (
        (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }
      ).installabilityErrors.map((error) => error.errorId);
    const appErrors = await installabilityErrorsOf();
    await page.goto('/api/categories');
    const isInstallabilityJudged = (await installabilityErrorsOf()).includes('no-manifest');
    if (isInstallabilityJudged) expect(appErrors).toEqual([]);
    else
      test.info().annotations.push({
        type: 'installability',
        description: 'this Chromium (the headless shell) does not judge installability; the manifest was checked',
      });
    await page.goto('/');
    await waitForLivePage(page);
    // Pages loaded through the worker (navigation preload, its routes) log nothing: no CSP refusal, no
    // cancelled preload.
    await page.reload();
    await waitForLivePage(page);
    expect(problems).toEqual([]);
    const worker = await page.request.get('/service-worker.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
