import { type Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { isWrite, watchPage } from './support/page-watch';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };

// The signed-in chrome polls the user's achievements every 10 s: not the Friends screen's call.
const isChromePoll = (request: Request) => new URL(request.url()).pathname === '/api/user/achievements';

test.describe('Friends (sample data)', () => {
  // The machine running these is shared and slow: a first render can take several seconds.
  test.describe.configure({ timeout: 120_000 });

  test('tabs with counts, friend details, search by name, and actions that only log', async ({ page, user }) => {
    const { logs, apiRequests } = watchPage(page);
    const friendsCall = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/friends' && response.request().method() === 'GET',
    );
    await page.goto('/friends');
    expect((await friendsCall).status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible(READY);
    await expect(page.getByTestId('sample-data-note')).toHaveText('Sample data');
    await expect(page.getByRole('tab', { name: 'My Friends (6)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Requests (2)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Suggestions' })).toBeVisible();

    const cards = page.getByTestId('friend-card');
    await expect(cards).toHaveCount(6);
    const amara = cards.filter({ hasText: 'Amara Okafor' });
    await expect(amara).toContainText('12 mutual friends');
    await expect(amara).toContainText('Online');
    await expect(amara.getByTestId('presence-dot')).toHaveAttribute('data-online', 'true');
    const hiroshi = cards.filter({ hasText: 'Hiroshi Tanaka' });
    await expect(hiroshi).toContainText(/Active (yesterday|\d+ (hours?|days?) ago)/);
    await expect(hiroshi.getByTestId('presence-dot')).toHaveAttribute('data-online', 'false');
    await expect(page.getByRole('button', { name: /^Message: / })).toHaveCount(6);

    // Search filters by name, accents and case as typed (García).
    const search = page.getByRole('searchbox', { name: 'Search friends...' });
    await expect(search).toHaveAttribute('placeholder', 'Search friends...');
    await search.fill('okafor');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Amara Okafor');
    await search.fill('GARCÍA');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Mateo García');
    await search.fill('ama'); // Amara Okafor and Priya Raman
    await expect(cards).toHaveCount(2);
    await search.fill('nobody-by-this-name');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No one matches “nobody-by-this-name”.')).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveCount(6);
    // The counts are the totals, whatever the search.
    await expect(page.getByRole('tab', { name: 'My Friends (6)' })).toBeVisible();

    const before = apiRequests.length;
    await page.getByRole('button', { name: 'Message: Amara Okafor' }).click();
    await expect.poll(() => logs.filter((log) => log.includes('[friends] send message'))).toHaveLength(1);

    await page.getByRole('tab', { name: 'Requests (2)' }).click();
    const requests = page.getByTestId('request-card');
    await expect(requests).toHaveCount(2);
    await expect(requests.first()).toContainText('Mei Chen');
    await expect(requests.first()).toContainText('Pending');
    await expect(requests.first()).toContainText('4 mutual friends');
    await expect(requests.first()).toContainText(/Sent \d+ minutes ago/);
    await requests.first().getByRole('button', { name: 'Accept' }).click();
    await requests.last().getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => logs.filter((log) => log.includes('[friends] accept request'))).toHaveLength(1);
    await expect.poll(() => logs.filter((log) => log.includes('[friends] decline request'))).toHaveLength(1);

    await page.getByRole('tab', { name: 'Suggestions' }).click();
    const suggestions = page.getByTestId('suggestion-card');
    await expect(suggestions).toHaveCount(4);
    await expect(suggestions.first()).toContainText('Sofia Rossi');
    await expect(suggestions.first()).toContainText('Volunteered at the same event as you');
    await suggestions.first().getByRole('button', { name: 'Add Friend' }).click();
    await expect.poll(() => logs.filter((log) => log.includes('[friends] add friend'))).toHaveLength(1);

    // The search applies on every tab.
    await search.fill('park');
    await expect(suggestions).toHaveCount(1);
    await expect(suggestions).toContainText('Ji-woo Park');

    // No server call from any action.
    const fromActions = apiRequests.slice(before).filter((request) => !isChromePoll(request));
    expect(fromActions.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    expect(apiRequests.filter(isWrite).map((request) => request.url())).toEqual([]);
  });

  test('in Spanish', async ({ page, user }) => {
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'es'));
    await page.goto('/friends');
    await expect(page.getByRole('heading', { level: 1, name: 'Amigos' })).toBeVisible(READY);
    await expect(page.getByRole('tab', { name: 'Mis amigos (6)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Solicitudes (2)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sugerencias' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar amigos...' })).toBeVisible();
    await expect(page.getByTestId('sample-data-note')).toHaveText('Datos de ejemplo');
    await expect(page.getByTestId('friend-card').filter({ hasText: 'Amara Okafor' })).toContainText(
      '12 amigos en común',
    );
    await expect(page.getByTestId('friend-card').filter({ hasText: 'Lucas Oliveira' })).toContainText(
      /Activo hace 3 días/,
    );
    await page.getByRole('tab', { name: 'Sugerencias' }).click();
    await expect(page.getByRole('button', { name: /^Añadir amigo/ })).toHaveCount(4);
  });

  test('accessibility in both themes', async ({ page, user }) => {
    await page.goto('/friends');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('friend-card')).toHaveCount(6, READY);
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByRole('tab', { name: 'Requests (2)' }).click();
      await expect(page.getByTestId('request-card')).toHaveCount(2);
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
});
