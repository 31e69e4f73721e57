import { expect, type Page, test } from '@playwright/test';
import { signInWith } from './support/accounts';

const SIGNED_IN_CHUNK = /\/assets\/signed-in-app-[^/]*\.js$/;

/** Holds the page's auth check (for at most 8 s) until the returned function releases it. */
async function holdAuthCheck(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 8_000))]);
    await route.continue();
  });
  return release;
}

/**
 * Lighthouse (npm run bench:web) shows the signed-in pages' largest paint waiting on a chain of
 * requests; the auth check need not be one of its links when the page came with a session cookie.
 */
test('with a session cookie the signed-in chunk is fetched while the auth check is still pending', async ({ page }) => {
  await signInWith(page.context());
  const releaseAuthCheck = await holdAuthCheck(page);
  const chunkRequested = page.waitForRequest(SIGNED_IN_CHUNK, { timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  await page.goto('/');
  expect(await chunkRequested).toBe(true);
  releaseAuthCheck();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
});

test('without a session cookie the landing page does not fetch the signed-in chunk', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (SIGNED_IN_CHUNK.test(request.url())) chunks.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
});

test("the addressed page's chunk starts loading before the auth check answers", async ({ page }) => {
  await signInWith(page.context());
  const releaseAuthCheck = await holdAuthCheck(page);
  const pageChunkRequested = page.waitForRequest(/\/assets\/discover-page-[^/]*\.js$/, { timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  await page.goto('/discover');
  expect(await pageChunkRequested).toBe(true);
  releaseAuthCheck();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Volunteer Opportunities');
});
