import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
  await page.reload();
  await page.waitForLoadState('networkidle');
}

// The public figures on the landing page and Home, and verified hours first on the Journey and Profile.
test.describe('real figures', () => {
  test('the landing page with the public figures', async ({ page }) => {
    await captureScreens(page, 'real-figures-landing', '/', async (current) => {
      await expect(current.locator('section[aria-labelledby="stats-title"] li')).toHaveCount(4);
    });
  });

  test('Home, Journey and Profile of the demo account', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'real-figures-home', '/', async (current) => {
      await expect(current.getByTestId('stat-volunteers')).not.toContainText('–');
    });
    await captureScreens(page, 'real-figures-journey', '/journey', async (current) => {
      await expect(current.getByTestId('journey-total-hours-detail')).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(page, 'real-figures-profile', '/profile', async (current) => {
      await expect(current.getByTestId('stat-hours-value')).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(page, 'real-figures-journey-ar', '/journey', async (current) => {
      await inArabic(current);
      await expect(current.getByTestId('journey-total-hours-detail')).toBeVisible({ timeout: 30_000 });
    });
  });
});
