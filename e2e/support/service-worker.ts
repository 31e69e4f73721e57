import { expect, type Page } from '@playwright/test';

/** Until the worker controls the page and has kept the page itself (it does once it activates). */
export async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  const path = new URL(page.url()).pathname;
  await expect
    .poll(
      () => page.evaluate(async (url) => (await caches.match(url, { cacheName: 'pitchin-pages' })) !== undefined, path),
      { timeout: 30_000 },
    )
    .toBe(true);
}
