import { expect, test } from './support/fixtures';
import { watchPage, isWrite } from './support/page-watch';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { useLanguage } from './support/language';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };

// A new account has no friends yet: the screen's frame, its empty states and its search. Friends,
// requests and suggestions with people in them are in friends-real.spec.ts.
test.describe('Friends, for someone with none yet', () => {
  // The machine running these is shared and slow: a first render can take several seconds.
  test.describe.configure({ timeout: 120_000 });

  test('tabs with counts, empty states that say what to do, search by name, and no write on reading', async ({
    page,
    user,
    newPerson,
  }) => {
    const { apiRequests } = watchPage(page);
    const mia = await newPerson({ firstName: 'Mia', lastName: 'García' });
    await mia.request.post('/api/friends/requests', { data: { userId: user.id } });
    const friendsCall = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/friends' && response.request().method() === 'GET',
    );
    await page.goto('/friends');
    expect((await friendsCall).status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible(READY);
    await expect(page.getByRole('tab', { name: 'My Friends (0)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Requests (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Suggestions' })).toBeVisible();
    await expect(page.getByText('No friends yet.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find an event' })).toHaveAttribute('href', '/discover');

    // Search filters by name, accents and case as typed (García), on every tab.
    const search = page.getByRole('searchbox', { name: 'Search friends...' });
    await expect(search).toHaveAttribute('placeholder', 'Search friends...');
    await page.getByRole('tab', { name: 'Requests (1)' }).click();
    const requests = page.getByTestId('request-card');
    await expect(requests).toHaveCount(1);
    await search.fill('GARCÍA');
    await expect(requests).toHaveCount(1);
    await search.fill('nobody-by-this-name');
    await expect(requests).toHaveCount(0);
    await expect(page.getByText('No one matches “nobody-by-this-name”.')).toBeVisible();
    await search.fill('');
    // The counts are the totals, whatever the search.
    await expect(page.getByRole('tab', { name: 'Requests (1)' })).toBeVisible();

    await page.getByRole('tab', { name: 'Suggestions' }).click();
    await expect(
      page.getByText('Suggestions are people who attended the same events as you.', { exact: false }),
    ).toBeVisible();
    expect(apiRequests.filter(isWrite).map((request) => request.url())).toEqual([]);
  });

  test('in Spanish', async ({ page, user }) => {
    await useLanguage(page, 'es');
    await page.goto('/friends');
    await expect(page.getByRole('heading', { level: 1, name: 'Amigos' })).toBeVisible(READY);
    await expect(page.getByRole('tab', { name: 'Mis amigos (0)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Solicitudes (0)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sugerencias' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar amigos...' })).toBeVisible();
    await expect(page.getByText('Aún no tienes amigos.', { exact: false })).toBeVisible();
  });

  test('accessibility in both themes', async ({ page, user }) => {
    await page.goto('/friends');
    await inBothThemes(page, async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible(READY);
      await expect(page.getByText('No friends yet.', { exact: false })).toBeVisible(READY);
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
});
