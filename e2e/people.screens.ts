import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
  await page.reload();
  await page.waitForLoadState('networkidle');
}

// The demo account has organized and joined events, unlocked achievements and unread messages.
test.describe('people screens and the app chrome', () => {
  test('Home with the chrome, and the notices', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'chrome-home', '/', async (current) => {
      await expect(current.getByTestId('app-header')).toBeVisible();
      await expect(current.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(page, 'chrome-notices-and-panels', '/messages', async (current) => {
      await current.getByRole('button', { name: 'Test panel: effects' }).click();
      await current.getByTestId('dev-achievement').click();
      await current.getByTestId('dev-achievement').click();
      await current.getByRole('button', { name: 'Test panel: alerts' }).click();
      await expect(current.getByTestId('achievement-notice')).toHaveCount(2);
    });
  });

  test('Messages', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'messages', '/messages', async (current) => {
      await expect(current.getByTestId('conversation').first()).toBeVisible();
    });
    await captureScreens(page, 'messages-ar', '/messages', async (current) => {
      await inArabic(current);
      await expect(current.getByTestId('conversation').first()).toBeVisible();
    });
  });

  test('Messages empty', async ({ page, user }) => {
    await captureScreens(page, 'messages-empty', '/messages', async (current) => {
      await expect(current.getByTestId('messages-empty')).toBeVisible();
    });
  });

  test('Profile', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'profile', '/profile', async (current) => {
      await expect(current.getByTestId('stat-organized-value')).toBeVisible({ timeout: 30_000 });
    });
  });

  test('Journey', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'journey', '/journey', async (current) => {
      await expect(current.getByTestId('level-card')).toBeVisible({ timeout: 30_000 });
    });
  });

  test('Journey: the Achievement Unlocked dialog', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'journey-unlocked-dialog', '/journey', async (current) => {
      await current.getByTestId('section-completed').getByRole('button').first().click();
      await expect(current.getByRole('dialog')).toBeVisible();
      // Let the confetti clear so the picture shows the dialog itself.
      await expect(current.locator('body > canvas')).toHaveCount(0, { timeout: 10_000 });
    });
  });

  test('Journey in Arabic', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'journey-ar', '/journey', async (current) => {
      await inArabic(current);
      await expect(current.getByTestId('level-card')).toBeVisible({ timeout: 30_000 });
    });
  });
});
