import { expect, test } from '@playwright/test';
import { signInWith } from './support/accounts';

const SIGNED_IN_CHUNK = /\/assets\/signed-in-app-[^/]*\.js$/;

/**
 * What a page load costs before the screen shows (Lighthouse): a signed-in page carries its
 * user, so no auth check stands before the screen, and a signed-out visitor never downloads the
 * signed-in code.
 */
test('a signed-in page asks for no auth check: the user comes in the page', async ({ page }) => {
  await signInWith(page.context());
  const authChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/user') authChecks.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
  await page.waitForLoadState('networkidle');
  expect(authChecks).toEqual([]);
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
