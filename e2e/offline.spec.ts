import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';

/**
 * Offline (Playwright's offline mode, the browser's own): a screen whose code never arrived shows why
 * and a retry inside the chrome instead of a white page, a banner says the device is offline, and
 * actions that need the network say so instead of doing nothing.
 */
test.describe('offline', () => {
  test('navigating offline to a screen not loaded yet shows the reason and a retry, and loads once back online', async ({
    page,
    context,
    user: _user,
  }) => {
    await page.goto('/');
    await waitForLivePage(page);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");

    // Journey's chunk is not loaded yet: its screen cannot come, the chrome stays.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Journey' }).click();
    await expect(page).toHaveURL(/\/journey$/);
    const notice = page.getByTestId('route-error');
    await expect(notice).toContainText("You're offline");
    await expect(notice).toContainText('It loads by itself when you');
    await expect(page.getByRole('banner')).toBeVisible();
    // A retry while still offline fails the same way, without a white page.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('route-error')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Journey');
  });

  test('RSVP offline is disabled with the reason, sends nothing, and works again once online', async ({
    page,
    context,
    user: _user,
    eventOfAnother,
  }) => {
    const event = await eventOfAnother({ maxAttendees: 20 });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const card = page.getByTestId('participation-card');
    await expect(card.getByRole('button', { name: 'RSVP', exact: true })).toBeEnabled();

    const rsvpRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/rsvp')) rsvpRequests.push(request.url());
    });
    await context.setOffline(true);
    const offlineButton = card.getByTestId('rsvp-offline');
    await expect(offlineButton).toBeDisabled();
    await expect(offlineButton).toHaveText('Offline');
    await expect(offlineButton).toHaveAccessibleName("You're offline: RSVP needs a connection.");
    await expect(page.getByTestId('offline-banner')).toContainText('RSVPs and other changes need a connection');
    await offlineButton.click({ force: true });
    expect(rsvpRequests).toEqual([]);

    await context.setOffline(false);
    await card.getByRole('button', { name: 'RSVP', exact: true }).click();
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    await expect(card).toContainText('Attending');
    expect(rsvpRequests).toHaveLength(1);
  });

  test('the app is installable: a manifest with name, start address and icons that load', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ short_name: 'PitchIn', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  });
});
