import { expect, test } from './support/fixtures';

/**
 * Decisions §26: a missing page answers 404 with the app's page, which shows the not-found screen, and asks
 * search engines not to keep it (server/plugins/missing-pages.test.ts holds every server path).
 */
test.describe('missing pages', () => {
  test('a guest gets 404 and the not-found screen for an unknown path and an unknown event', async ({ page }) => {
    const unknownPath = await page.goto('/no-such-page');
    expect(unknownPath?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    const unknownEvent = await page.goto('/events/999999');
    expect(unknownEvent?.status()).toBe(404);
    await expect(page.getByTestId('event-not-found')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    const landing = await page.goto('/');
    expect(landing?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('the signed in get 404 and the not-found screen too', async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    const unknownPath = await page.goto('/no-such-page');
    expect(unknownPath?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    const unknownEvent = await page.goto('/events/999999');
    expect(unknownEvent?.status()).toBe(404);
    await expect(page.getByTestId('event-not-found')).toBeVisible();

    const discover = await page.goto('/discover');
    expect(discover?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
});
