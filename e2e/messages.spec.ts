import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { CONFIRMED_DEMO_SENDERS, createEventWith, signInWith, signUpWith } from './support/accounts';
import { storeLanguage } from './support/language';

async function send(request: APIRequestContext, data: { receiverId: string; content: string; eventId?: number }) {
  const response = await request.post('/api/messages', { data });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('Messages', () => {
  test('grouped by person, latest first, You: prefix, About line, unread dot, opens the thread', async ({
    page,
    playwright,
    baseURL,
    signUp,
  }) => {
    const me = await signUp({ firstName: 'Nora', lastName: 'Lind' });
    const beaContext = await playwright.request.newContext({ baseURL });
    const cyContext = await playwright.request.newContext({ baseURL });
    const bea = await signUpWith(beaContext, { firstName: 'Bea', lastName: 'Stone' });
    const cy = await signUpWith(cyContext, { firstName: 'Cy', lastName: 'Park' });
    const event = await createEventWith(beaContext, { title: `Harbour cleanup ${Date.now().toString(36)}` });

    // Oldest to newest: me→Bea, Bea→me, me→Cy, Bea→me about her event. By user id, as the chat sends:
    // what I address by e-mail is listed under that address (the next test).
    await send(page.request, { receiverId: bea.id, content: 'Hello Bea, is there parking?' });
    await send(beaContext, { receiverId: me.id, content: 'Yes, behind the hall.' });
    await send(page.request, { receiverId: cy.id, content: 'See you on Sunday' });
    await send(beaContext, { receiverId: me.id, content: 'Will you join this one?', eventId: event.id });

    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Messages');
    await expect(page.getByRole('searchbox', { name: 'Search messages' })).toHaveAttribute(
      'placeholder',
      'Search messages...',
    );

    const rows = page.getByTestId('conversation');
    await expect(rows).toHaveCount(2);
    await expect(rows.getByTestId('conversation-name')).toHaveText(['Bea Stone', 'Cy Park']);

    const beaRow = rows.nth(0);
    await expect(beaRow.getByTestId('conversation-last-message')).toHaveText('Will you join this one?');
    await expect(beaRow.getByTestId('conversation-event')).toHaveText(`About: ${event.title}`);
    await expect(beaRow.getByTestId('unread-dot')).toBeVisible();
    await expect(beaRow.getByTestId('conversation-time')).toHaveText('Just now');

    const cyRow = rows.nth(1);
    await expect(cyRow.getByTestId('conversation-last-message')).toHaveText('You: See you on Sunday');
    await expect(cyRow.getByTestId('conversation-event')).toHaveCount(0);
    await expect(cyRow.getByTestId('unread-dot')).toHaveCount(0);
    await expect(page.getByTestId('messages-summary')).toHaveText('Conversations: 2 · Unread: 2'); // unread messages, as the chat and the bell count them

    // Typing in the search box narrows the list.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('sunday');
    await expect(rows.getByTestId('conversation-name')).toHaveText(['Cy Park']);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');

    await beaRow.click();
    await expect(page).toHaveURL(new RegExp(`/chat/${bea.id}$`));
    await beaContext.dispose();
    await cyContext.dispose();
  });

  test('what I send to an e-mail address is listed under that address, known or not, and opens its thread', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Only a confirmed account writes to an address with no account: a demo account, which the seed confirms.
    // It has older conversations of its own; these two are the newest.
    await signInWith(page.context(), CONFIRMED_DEMO_SENDERS.messages);
    const other = await playwright.request.newContext({ baseURL });
    const known = await signUpWith(other, { firstName: 'Kai', lastName: 'Known' });
    const unknown = `nobody-${Date.now().toString(36)}@example.org`;
    await send(page.request, { receiverId: known.email, content: 'To a member' });
    await send(page.request, { receiverId: unknown.toUpperCase(), content: 'To an address with no account' });

    await page.goto('/messages');
    const rows = page.getByTestId('conversation');
    // No name shows who owns an address, so both read the same way.
    await expect(rows.nth(0).getByTestId('conversation-name')).toHaveText(unknown);
    await expect(rows.nth(1).getByTestId('conversation-name')).toHaveText(known.email);
    await expect(rows.nth(0).getByTestId('conversation-last-message')).toHaveText('You: To an address with no account');
    await expect(rows.nth(1).getByTestId('conversation-last-message')).toHaveText('You: To a member');
    await rows.nth(0).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${encodeURIComponent(unknown)}$`));
    await expect(page.getByTestId('thread-title')).toHaveText(unknown, { timeout: 30_000 });
    await expect(page.getByTestId('thread-message-content')).toHaveText(['To an address with no account']);
    // The address is a page address too: reloaded (or shared), it opens the same thread, not a 404 file.
    await page.reload();
    await expect(page.getByTestId('thread-title')).toHaveText(unknown, { timeout: 30_000 });
    await expect(page.getByTestId('thread-message-content')).toHaveText(['To an address with no account']);
    await other.dispose();
  });

  test('relative time reads in hours or days (controlled clock)', async ({ page, playwright, baseURL, user: me }) => {
    const other = await playwright.request.newContext({ baseURL });
    await signUpWith(other, { firstName: 'Ola', lastName: 'Berg' });
    await send(other, { receiverId: me.id, content: 'Morning!' });
    const time = page.getByTestId('conversation-time');

    await page.clock.install({ time: new Date(Date.now() + 3 * 60 * 60 * 1000 + 60_000) });
    await page.goto('/messages');
    await expect(time).toHaveText('3 hr. ago');
    await page.clock.setFixedTime(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000 + 60_000));
    await page.reload();
    await expect(time).toHaveText('2 days ago');
    await other.dispose();
  });

  test('empty state for a new user, with Discover Events', async ({ page, user }) => {
    await page.goto('/messages');
    const empty = page.getByTestId('messages-empty');
    await expect(empty.getByRole('heading')).toHaveText('No messages yet');
    await empty.getByRole('link', { name: 'Discover Events' }).click();
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('Spanish: texts translated', async ({ page, playwright, baseURL, user }) => {
    const other = await playwright.request.newContext({ baseURL });
    const eva = await signUpWith(other, { firstName: 'Eva', lastName: 'Ruiz' });
    await send(page.request, { receiverId: eva.id, content: 'Hola' });
    await page.goto('/');
    await storeLanguage(page, 'es');
    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tus mensajes');
    await expect(page.getByTestId('conversation-last-message')).toHaveText('Tú: Hola');
    await expect(page.getByTestId('conversation-time')).toHaveText('Justo ahora');
    await other.dispose();
  });

  test('axe: no serious or critical violation, list and empty state, both themes', async ({
    page,
    playwright,
    baseURL,
    user: me,
  }) => {
    // Four full axe passes over a long page.
    test.setTimeout(300_000);
    await page.goto('/messages');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('messages-empty')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    });
    const other = await playwright.request.newContext({ baseURL });
    await signUpWith(other, { firstName: 'Ida', lastName: 'Holm' });
    const event = await createEventWith(other);
    await send(other, { receiverId: me.id, content: 'Join us?', eventId: event.id });
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('unread-dot')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    });
    await other.dispose();
  });
});
