import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/fixtures';
import { signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

/** Screenshots of the event list screens, demo data, both themes, phone and desktop. */

// Four pictures per screen on a machine that may be busy: patient waits.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 600_000 });

async function eventsLoaded(page: Page) {
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await expect(page.getByTestId('event-card-skeleton')).toHaveCount(0);
  // Cards lazy-load their photos; a full-page picture should show them all.
  await page.evaluate(() =>
    document.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager')),
  );
  await page.waitForLoadState('networkidle');
}

test.describe('event list screens', () => {
  test('Home', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'events-home', '/', eventsLoaded);
  });

  test('Discover, all and searched', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'events-discover', '/discover', eventsLoaded);
    await captureScreens(page, 'events-discover-search', '/discover?search=park', eventsLoaded);
  });

  test('Discover near Vancouver with the Advanced Filters open, in English and Arabic; the place picker', async ({
    page,
    context,
  }) => {
    await signInWith(context);
    const near = '/discover?near=49.250,-123.119&radius=500&placesLeft=true';
    const panelShown = async (current: Page) => {
      await eventsLoaded(current);
      await expect(current.getByTestId('advanced-filters')).toBeVisible();
    };
    await captureScreens(page, 'events-discover-near', near, panelShown);
    await captureScreens(page, 'events-place-picker', '/', async (current) => {
      await current
        .locator('section[aria-labelledby="home-greeting"]')
        .getByRole('button', { name: 'Create Event' })
        .click();
      const dialog = current.getByRole('dialog', { name: 'Create New Event' });
      await dialog.getByRole('combobox', { name: 'Location' }).fill('Stanley Park, Vanc');
      await expect(current.getByTestId('place-suggestions')).toBeVisible();
    });
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
    await captureScreens(page, 'events-discover-near-ar', near, panelShown);
  });

  test('My events (demo account: organized, joined, past)', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'events-my-events', '/my-events', eventsLoaded);
    await captureScreens(page, 'events-my-events-joined', '/my-events', async (current) => {
      await current.getByRole('tab', { name: 'Events I Joined' }).click();
      await eventsLoaded(current);
    });
  });

  test('Create event dialog, with its messages and a photo', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'events-create-dialog', '/', async (current) => {
      await current
        .locator('section[aria-labelledby="home-greeting"]')
        .getByRole('button', { name: 'Create Event' })
        .click();
      const dialog = current.getByRole('dialog', { name: 'Create New Event' });
      await dialog.getByRole('button', { name: 'Create Event' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      await dialog.getByTestId('create-event-photos-input').setInputFiles([
        { name: 'a.png', mimeType: 'image/png', buffer: png },
        { name: 'b.png', mimeType: 'image/png', buffer: png },
      ]);
      await expect(dialog.getByTestId('create-event-photo')).toHaveCount(2);
    });
  });

  test('Home and Discover in Arabic', async ({ page, context }) => {
    await signInWith(context);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
    await captureScreens(page, 'events-home-ar', '/', eventsLoaded);
    await captureScreens(page, 'events-discover-ar', '/discover', eventsLoaded);
  });
});

test.describe('event list screens, empty', () => {
  // The server without demo data; nothing is created there.
  test.use({ baseURL: async ({ emptyServerUrl }, use) => use(emptyServerUrl) });

  test('Home and My events of a fresh account', async ({ page, signUp }) => {
    await signUp({ firstName: 'Sam' });
    const emptyState = async (current: Page) => {
      await expect(current.getByTestId('empty-state').first()).toBeVisible();
    };
    await captureScreens(page, 'events-home-empty', '/', emptyState);
    await captureScreens(page, 'events-my-events-empty', '/my-events', emptyState);
  });
});
