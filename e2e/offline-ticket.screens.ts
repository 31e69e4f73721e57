import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rsvpWith } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';
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
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
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
