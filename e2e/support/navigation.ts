import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` as the app's own links do: the router (wouter, which listens to `history.pushState`) draws the
 * screen in the page already loaded, without a page load. For a walk over many screens that checks each screen
 * rather than how it loads (a signed-in page load costs Chromium about a second of CPU on the two-core
 * machine, and each screen's first load has tests of its own). Fails if a page load happened after all.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const document = await page.evaluate(() => performance.timeOrigin);
  await page.evaluate((target) => window.history.pushState(null, '', target), path);
  await expect(page).toHaveURL(new URL(path, page.url()).href);
  expect(await page.evaluate(() => performance.timeOrigin), `${path} was opened without a page load`).toBe(document);
}
