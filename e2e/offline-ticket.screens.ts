import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rsvpWith } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';
import { waitForServiceWorker } from './support/service-worker';
import { SCREENSHOT_DIRECTORY } from './support/screens';

/**
 * The holder's ticket on a phone with no network, as the service worker serves it (decision 0037), in both
 * themes; and a screen never opened, offline.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 300_000 });

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

test('offline ticket', async ({ page, context, user: _user, eventOfAnother }) => {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  const event = await eventOfAnother({ title: 'Harbour clean-up at dawn', date: inAnHour() });
  await rsvpWith(context.request, event.id);
  await page.setViewportSize({ width: 390, height: 844 });
  // A screen never opened for each theme: the first one's card retries by itself once back online.
  const neverSeen = { light: '/journey', dark: '/messages' } as const;
  for (const theme of ['light', 'dark'] as const) {
    await context.setOffline(false);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
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
    await context.setOffline(true);
    await page.reload();
    await waitForLivePage(page);
    await expect(page.getByTestId('ticket-code')).toBeVisible();
    await page.getByTestId('ticket-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, `offline-ticket-${theme}-phone.png`) });
    await page.goto(neverSeen[theme]);
    await expect(page.getByTestId('load-error')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, `offline-never-seen-${theme}-phone.png`) });
  }
  await context.setOffline(false);
});

test('signed out offline', async ({ page, context, signUp, baseURL }) => {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  const shots = [
    { language: 'en', colorScheme: 'light', width: 390, height: 844, name: 'phone' },
    { language: 'de', colorScheme: 'dark', width: 1280, height: 800, name: 'desktop' },
    { language: 'ar', colorScheme: 'dark', width: 390, height: 844, name: 'phone' },
    { language: 'ar', colorScheme: 'light', width: 1280, height: 800, name: 'desktop' },
  ] as const;
  for (const shot of shots) {
    await context.setOffline(false);
    await signUp({ firstName: 'Noor' });
    await page.setViewportSize({ width: shot.width, height: shot.height });
    await page.emulateMedia({ colorScheme: shot.colorScheme });
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), shot.colorScheme);
    // Init scripts add up: the last one added, this shot's language, runs last.
    await page.addInitScript((language) => localStorage.setItem('selectedLanguage', language), shot.language);
    await context.addCookies([{ name: 'pitchin_language', value: shot.language, url: baseURL! }]);
    await page.goto('/');
    await waitForLivePage(page);
    await waitForServiceWorker(page);
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('pitchin-language')).match('/offline-language'))?.text()),
      )
      .toBe(shot.language);
    await context.setOffline(true);
    // A screen never opened, offline, in the person's language (the worker kept all of its texts).
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({
      path: path.join(
        SCREENSHOT_DIRECTORY,
        `offline-never-opened-${shot.language}-${shot.colorScheme}-${shot.name}.png`,
      ),
    });
    await page.goto('/api/logout');
    await expect(page.getByTestId('signed-out-offline')).toBeVisible();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIRECTORY, `signed-out-offline-${shot.language}-${shot.colorScheme}-${shot.name}.png`),
    });
  }
  await context.setOffline(false);
});
