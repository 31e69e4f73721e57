import { expect, type Page } from '@playwright/test';

/**
 * Waits until the server-rendered screen is hydrated (web/lib/before-hydration.ts marks it). Clicks
 * made earlier are replayed, but keys are not, and a slow machine can take seconds to get there.
 */
export async function waitForLivePage(page: Page): Promise<void> {
  await expect(page.locator('html[data-screen-live="true"]')).toHaveCount(1, { timeout: 30_000 });
}
