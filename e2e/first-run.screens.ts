import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';
import { captureScreens, SCREENSHOT_DIRECTORY } from './support/screens';

/** The first-run questions, Home's prompt and explanation for a new account, and the offline states. */
test('first run and offline', async ({ page, context, user: _user }) => {
  test.setTimeout(300_000);
  await captureScreens(page, 'first-run-welcome', '/welcome', async (screen) => {
    await screen.getByTestId('welcome-place').fill('Porto');
    await screen.getByRole('button', { name: 'Education' }).click();
  });
  await captureScreens(page, 'first-run-home-prompt', '/');
  await captureScreens(page, 'first-run-welcome-ar', '/welcome', async (screen) => {
    await screen.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
    await screen.reload();
    await screen.waitForLoadState('networkidle');
  });
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'en'));
  // Offline: the banner, and a screen whose code never arrived (Journey, not loaded yet).
  const offline = async (screen: Page) => {
    await waitForLivePage(screen);
    await context.setOffline(true);
    await expect(screen.getByTestId('offline-banner')).toBeVisible();
    // The phone's tab bar and the desktop's header both link it; the visible one is clicked.
    await screen.locator('a[href="/journey"]:visible').first().click();
    await expect(screen.getByTestId('route-error')).toBeVisible();
  };
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1440, height: 900 },
    ]) {
      await context.setOffline(false);
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/discover');
      await offline(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIRECTORY, `offline-route-${theme}-${viewport.name}.png`),
        fullPage: true,
      });
    }
  }
  await context.setOffline(false);
});
