import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { createEventWith } from './support/accounts';

/**
 * Screens of the first-impressions review: `npx playwright test -c e2e/screenshots.config.ts e2e/craft.screens.ts`,
 * into screenshots/craft/.
 */
const DIRECTORY = path.resolve(import.meta.dirname, '../screenshots/craft');
const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function prepare(page: Page, theme: 'light' | 'dark', language = 'en') {
  await page.goto('/');
  await page.evaluate(
    ([themeValue, languageValue]) => {
      localStorage.setItem('theme', themeValue!);
      localStorage.setItem('selectedLanguage', languageValue!);
    },
    [theme, language],
  );
}

test('first-impressions screens', async ({ page, context, signUp }) => {
  test.setTimeout(600_000);
  mkdirSync(DIRECTORY, { recursive: true });
  await signUp({ firstName: 'Nadia' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const event = await createEventWith(page.context().request, { title: 'Unrated health check-up day', categoryId: 7 });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      const shot = (name: string, fullPage = false) =>
        page.screenshot({ path: path.join(DIRECTORY, `${name}-${theme}-${size.name}.png`), fullPage });
      await prepare(page, theme);
      await page.goto('/');
      await page.getByTestId('event-card').first().waitFor();
      await shot('home');
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(500);
      await shot('home-end');
      await page.goto(`/events/${event.id}`);
      await page.getByTestId('event-detail').waitFor();
      await shot('event-detail', true);
      // A toast while an achievement notice is up.
      await page.getByRole('button', { name: 'Test panel: effects' }).click();
      await page.getByTestId('dev-achievement').click();
      await page.getByRole('button', { name: 'Test panel: alerts' }).click();
      await page.getByTestId('dev-event-alert').click();
      await page.waitForTimeout(400);
      await shot('toast-and-notice');
      await page.goto(`/events/${event.id}`);
      await page.getByTestId('share-button').click();
      const dialog = page.getByRole('dialog', { name: 'Share Event' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Copy Link', exact: true }).click();
      await page.waitForTimeout(400);
      await shot('share-toast');
    }
    for (const language of ['de', 'ar']) {
      await prepare(page, 'light', language);
      await page.goto('/events');
      await page.getByTestId('event-card').first().waitFor();
      await page.screenshot({ path: path.join(DIRECTORY, `nav-${language}-${size.name}.png`) });
    }
  }
});
