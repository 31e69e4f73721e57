import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';
import { isWrite, watchPage } from './support/page-watch';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { signUpInBrowser, signUpWith, type TestUser } from './support/accounts';
import { useLanguage } from './support/language';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };

const tag = () => randomBytes(3).toString('hex');

async function send(from: APIRequestContext, to: TestUser, content: string) {
  const response = await from.post('/api/messages', { data: { receiverId: to.id, content } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Three fresh people: `me` (signed in in the browser), Bea and Chidi, each with an API session of
 * their own. Bea writes twice and I answer once; then Chidi writes once, so Chidi's conversation is
 * the latest. Names carry a random suffix so the test owns its data on the shared server.
 */
async function setUpConversations(page: Page) {
  const { baseURL } = test.info().project.use;
  const suffix = tag();
  const me = await signUpInBrowser(page, { firstName: 'Noor', lastName: `Haddad${suffix}` });
  const beaContext = await playwrightRequest.newContext({ baseURL });
  const chidiContext = await playwrightRequest.newContext({ baseURL });
  const bea = await signUpWith(beaContext, { firstName: 'Bea', lastName: `Lindqvist${suffix}` });
  const chidi = await signUpWith(chidiContext, { firstName: 'Chidi', lastName: `Eze${suffix}` });
  const meApi = page.context().request;
  await send(beaContext, me, 'Are you coming to the park cleanup?');
  await send(beaContext, me, 'We start at nine.');
  await send(meApi, bea, 'Yes! I will bring gloves.');
  await send(chidiContext, me, 'Thanks for helping at the food bank!');
  await beaContext.dispose();
  await chidiContext.dispose();
  return { me, bea, chidi };
}

const fullName = (user: TestUser) => `${user.firstName} ${user.lastName}`;

/** A fresh API session of `user`, as another device of theirs would have. */
async function signedInContext(user: TestUser): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await context.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

test.describe('Chat', () => {
  // The machine running these is shared and slow: a first render can take several seconds.
  test.describe.configure({ timeout: 120_000 });

  test('conversations from real messages: order, previews, unread badge cleared on opening, thread oldest first', async ({
    page,
  }) => {
    const { bea, chidi } = await setUpConversations(page);
    await page.goto('/chat');

    const items = page.getByTestId('conversation-item');
    await expect(items).toHaveCount(2, READY);
    await expect(items.nth(0).getByTestId('conversation-name')).toHaveText(fullName(chidi));
    await expect(items.nth(1).getByTestId('conversation-name')).toHaveText(fullName(bea));
    await expect(items.nth(0).getByTestId('conversation-preview')).toHaveText('Thanks for helping at the food bank!');
    await expect(items.nth(1).getByTestId('conversation-preview')).toHaveText('You: Yes! I will bring gloves.');
    await expect(items.nth(0).getByTestId('unread-badge')).toContainText('1');
    await expect(items.nth(1).getByTestId('unread-badge')).toContainText('2');
    await expect(items.nth(1).getByTestId('unread-badge')).toContainText('2 unread messages');
    // No "online" dot: nothing knows who is online.
    await expect(page.getByTestId('direct-dot')).toHaveCount(0);
    // The bell counts the same unread messages (one notification each) as the badges: 1 + 2.
    await expect(page.getByTestId('header-bell-badge')).toHaveText('3');
    await expect(page.getByRole('button', { name: 'Notifications (3 new)' })).toBeVisible();
    await expect(items.nth(0).locator('time')).toHaveText(/\d{1,2}:\d{2}/);

    // Empty state while nothing is selected; sending is impossible there.
    await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
    await expect(page.getByText('Choose a conversation from the sidebar to start messaging')).toBeVisible();
    await expect(page.getByTestId('chat-send')).toBeDisabled();
    await expect(page.getByTestId('chat-input')).toBeDisabled();

    // Search filters the list by name.
    const search = page.getByRole('searchbox', { name: 'Search conversations...' });
    await search.fill('chidi');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText(fullName(chidi));
    await search.fill('');
    await expect(items).toHaveCount(2);

    await items.filter({ hasText: fullName(bea) }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${bea.id}$`));
    await expect(page.getByTestId('thread-title')).toHaveText(fullName(bea));
    await expect(page.getByTestId('thread-message-content')).toHaveText([
      'Are you coming to the park cleanup?',
      'We start at nine.',
      'Yes! I will bring gloves.',
    ]);
    await expect(page.getByTestId('thread-message').last()).toHaveAttribute('data-own', 'true');
    await expect(page.getByTestId('thread-message').first()).toHaveAttribute('data-own', 'false');
    // Opening the thread posted its read mark (no GET changes state); the list was
    // refetched, so Bea's badge is gone, Chidi's stays.
    await expect(items.filter({ hasText: fullName(bea) }).getByTestId('unread-badge')).toHaveCount(0);
    await expect(items.filter({ hasText: fullName(chidi) }).getByTestId('unread-badge')).toContainText('1');
    await expect(items.filter({ hasText: fullName(bea) })).toHaveAttribute('aria-current', 'page');
    // Every count agrees: the bell now says 1, as does the Messages screen.
    await expect(page.getByTestId('header-bell-badge')).toHaveText('1');
    await page.getByRole('link', { name: 'Messages', exact: true }).first().click();
    await expect(page.getByTestId('messages-summary')).toHaveText('Conversations: 2 · Unread: 1', READY);
    await expect(
      page
        .getByTestId('conversation')
        .filter({ hasText: fullName(chidi) })
        .getByTestId('unread-dot'),
    ).toContainText('1 unread message');
    await expect(
      page
        .getByTestId('conversation')
        .filter({ hasText: fullName(bea) })
        .getByTestId('unread-dot'),
    ).toHaveCount(0);
  });

  test('the reply box sends: Enter or the button, blank text blocked, the thread and the list show the reply, and the other person reads it', async ({
    page,
  }) => {
    const { me, bea } = await setUpConversations(page);
    const { apiRequests } = watchPage(page);
    await page.goto(`/chat/${bea.id}`);
    await expect(page.getByTestId('thread-message')).toHaveCount(3, READY);

    const input = page.getByRole('textbox', { name: 'Type a message...' });
    const sendButton = page.getByRole('button', { name: 'Send message' });
    await expect(page.getByText('Sending from chat is coming soon.', { exact: false })).toHaveCount(0);
    await expect(sendButton).toBeDisabled();
    await input.fill('   ');
    await expect(sendButton).toBeDisabled();
    await input.press('Enter');

    await input.fill('See you at nine');
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(page.getByTestId('thread-message-content').last()).toHaveText('See you at nine');
    await input.fill('Bringing bags too\nand a rake');
    await sendButton.click();
    await expect(page.getByTestId('thread-message-content').last()).toHaveText('Bringing bags too\nand a rake');
    await expect(page.getByTestId('thread-message').last()).toHaveAttribute('data-own', 'true');
    await expect(
      page
        .getByTestId('conversation-item')
        .filter({ hasText: fullName(bea) })
        .getByTestId('conversation-preview'),
    ).toHaveText(/^You: Bringing bags too/);
    expect(
      apiRequests.filter(isWrite).filter((request) => new URL(request.url()).pathname === '/api/messages'),
    ).toHaveLength(2);

    // Bea sees both, unread, from Noor.
    const beaContext = await signedInContext(bea);
    const conversations = (await (await beaContext.get('/api/conversations')).json()) as Array<{
      id: string;
      unreadCount: number;
    }>;
    // My earlier reply of the set-up and the two new ones: Bea has read none of them.
    expect(conversations.find((conversation) => conversation.id === me.id)?.unreadCount).toBe(3);
    await beaContext.dispose();
  });

  test('Enter pressed before the thread is live sends the message once the app takes over, exactly once', async ({
    page,
  }) => {
    const { bea } = await setUpConversations(page);
    const { apiRequests } = watchPage(page);
    // The app's entry arrives 1.5 s late, as on a slow phone: until then the thread is the server's HTML.
    await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`/chat/${bea.id}`, { waitUntil: 'domcontentloaded' });
    const input = page.getByRole('textbox', { name: 'Type a message...' });
    await input.fill('Typed before it was live');
    await input.press('Enter');
    await expect(page.locator('html[data-screen-live="true"]')).toHaveCount(0);
    await expect(page.getByTestId('thread-message-content').last()).toHaveText('Typed before it was live', READY);
    await expect(input).toHaveValue('');
    expect(
      apiRequests.filter(isWrite).filter((request) => new URL(request.url()).pathname === '/api/messages'),
    ).toHaveLength(1);
  });

  test('a refused send keeps the text and says why; a deleted account shows as "Deleted user" and takes no reply', async ({
    page,
  }) => {
    const { bea } = await setUpConversations(page);
    // Without the live stream, so the thread cannot learn of the deletion before the send is refused.
    await page.route('**/api/stream', (route) => route.abort());
    await page.goto(`/chat/${bea.id}`);
    await expect(page.getByTestId('thread-message')).toHaveCount(3, READY);
    const input = page.getByRole('textbox', { name: 'Type a message...' });
    // Opening the thread marks it read and then reads the conversations again. Only once that is done is
    // the deletion below unknown to the page: a list read after it shows "Deleted user" and closes the box
    // before anything can be sent (a test timing out on a slow runner).
    await waitForLivePage(page);
    await expect(
      page
        .getByTestId('conversation-item')
        .filter({ hasText: fullName(bea) })
        .getByTestId('unread-badge'),
    ).toHaveCount(0, READY);

    // Bea deletes her account while the thread is open.
    const beaContext = await signedInContext(bea);
    expect((await beaContext.delete('/api/auth/user', { data: { password: bea.password } })).status()).toBe(204);
    await beaContext.dispose();

    await input.fill('Are you still there?');
    await input.press('Enter');
    await expect(page.getByTestId('chat-send-error')).toHaveText(
      "This person's account no longer exists. Your message was not sent.",
    );
    await expect(input).toHaveValue('Are you still there?');

    await page.unroute('**/api/stream');
    await page.reload();
    await expect(page.getByTestId('thread-title')).toHaveText('Deleted user', READY);
    await expect(page.getByTestId('conversation-item').filter({ hasText: 'Deleted user' })).toHaveCount(1);
    await expect(page.getByTestId('thread-message-content')).toHaveText([
      'Are you coming to the park cleanup?',
      'We start at nine.',
      'Yes! I will bring gloves.',
    ]);
    await expect(page.getByTestId('chat-deleted-note')).toBeVisible();
    await expect(input).toBeDisabled();
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('a /chat/{id} deep link opens that conversation', async ({ page }) => {
    const { chidi } = await setUpConversations(page);
    await page.goto(`/chat/${chidi.id}`);
    await expect(page.getByTestId('thread-title')).toHaveText(fullName(chidi), READY);
    await expect(page.getByTestId('thread-message-content')).toHaveText(['Thanks for helping at the food bank!']);
    await expect(page.getByTestId('conversation-item').filter({ hasText: fullName(chidi) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // One message is reported from its own button, with the report dialog's reasons (decisions §20).
    await page.getByRole('button', { name: 'Report message' }).click();
    const report = page.getByTestId('report-dialog');
    await report.getByTestId('report-reason-spam').click();
    await report.getByTestId('report-submit').click();
    await expect(page.getByText('Thank you. A moderator will look at it.').first()).toBeVisible();
    await expect(report).toBeHidden();
    await expect(
      page
        .getByTestId('conversation-item')
        .filter({ hasText: fullName(chidi) })
        .getByTestId('unread-badge'),
    ).toHaveCount(0);
  });

  test('on a phone the list and the thread alternate, with a back button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { bea } = await setUpConversations(page);
    await page.goto('/chat');
    const listPane = page.getByTestId('chat-list-pane');
    const threadPane = page.getByTestId('chat-thread-pane');
    await expect(page.getByTestId('conversation-item')).toHaveCount(2, READY);
    await expect(listPane).toBeVisible();
    await expect(threadPane).toBeHidden();

    await page
      .getByTestId('conversation-item')
      .filter({ hasText: fullName(bea) })
      .click();
    await expect(threadPane).toBeVisible();
    await expect(listPane).toBeHidden();
    await expect(page.getByTestId('thread-message')).toHaveCount(3);

    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(listPane).toBeVisible();
    await expect(threadPane).toBeHidden();

    // The back button exists on phones only: on a laptop both panes show side by side.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(threadPane).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to conversations' })).toHaveCount(0);
  });

  test('loading and empty states', async ({ page, user }) => {
    // Hold the REAL answer back (it is not replaced) so the loading text can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/conversations', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/chat');
    await expect(page.getByText('Loading conversations...')).toBeVisible(READY);
    release();
    await expect(page.getByText('No conversations yet')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
  });

  test('in Spanish', async ({ page }) => {
    const { bea } = await setUpConversations(page);
    await useLanguage(page, 'es');
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Selecciona una conversación' })).toBeVisible(READY);
    await expect(page.getByText('Elige una conversación de la barra lateral para empezar a escribir')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar conversaciones...' })).toBeVisible();
    const bea2 = page.getByTestId('conversation-item').filter({ hasText: fullName(bea) });
    await expect(bea2.getByTestId('conversation-preview')).toHaveText('Tú: Yes! I will bring gloves.');
    await expect(bea2.getByTestId('unread-badge')).toContainText('2 mensajes sin leer');
    await bea2.click();
    await expect(page.getByRole('textbox', { name: 'Escribe un mensaje...' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Escribe un mensaje...' }).fill('¡Nos vemos!');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByTestId('thread-message-content').last()).toHaveText('¡Nos vemos!');
  });

  test('in Arabic, right to left', async ({ page }) => {
    const { bea } = await setUpConversations(page);
    await useLanguage(page, 'ar');
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'اختر محادثة' })).toBeVisible(READY);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('conversation-item')).toHaveCount(2);
    // The list sits on the right (the start side) in right-to-left.
    const list = await page.getByTestId('chat-list-pane').boundingBox();
    const thread = await page.getByTestId('chat-thread-pane').boundingBox();
    expect(list && thread && list.x > thread.x).toBe(true);
    await page
      .getByTestId('conversation-item')
      .filter({ hasText: fullName(bea) })
      .click();
    await expect(page.getByRole('textbox', { name: 'اكتب رسالة...' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'إرسال الرسالة' })).toBeDisabled();
  });

  test('accessibility in both themes, list and thread', async ({ page }) => {
    const { bea } = await setUpConversations(page);
    await page.goto(`/chat/${bea.id}`);
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('thread-message')).toHaveCount(3, READY);
      await expectNoSeriousAccessibilityViolations(page);
    });
    await page.goto('/chat');
    await expect(page.getByTestId('conversation-item')).toHaveCount(2, READY);
    await expectNoSeriousAccessibilityViolations(page);
  });
});
