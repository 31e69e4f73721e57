import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith, signUpInBrowser, type TestUser } from './support/accounts';
import { E2E_BASE_URL } from './support/e2e-settings';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };
/** Within 2 s of the write; the rest is the browser refetching and painting on a shared machine. */
const LIVE = { timeout: 8_000 };

/** The server's cap on one user's open streams (server/modules/notifications/stream-hub.ts). */
const STREAMS_PER_USER = 8;
/** The tab's poll of the unread count while the stream is refused (web/lib/use-live-updates.ts). */
const POLL_INTERVAL_MS = 30_000;

/** Holds the user's stream slots from outside the browser, as their other tabs and devices would. */
async function holdStreams(cookie: string, count: number): Promise<() => Promise<void>> {
  const controllers: AbortController[] = [];
  const readers: Array<Promise<void>> = [];
  for (let index = 0; index < count; index += 1) {
    const controller = new AbortController();
    const response = await fetch(`${E2E_BASE_URL}/api/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controllers.push(controller);
    // Read on, as a tab does: a body nobody reads may be collected and its stream closed.
    const reader = response.body!.getReader();
    readers.push(
      (async () => {
        while (!(await reader.read()).done);
      })().catch(() => {}),
    );
  }
  return async () => {
    for (const controller of controllers) controller.abort();
    await Promise.all(readers);
  };
}

/** A mark on the page's window: still there later means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'kept'));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('kept');
}

async function send(page: Page, to: TestUser, content: string) {
  const response = await page.context().request.post('/api/messages', { data: { receiverId: to.id, content } });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('Live updates', () => {
  test.describe.configure({ timeout: 120_000 });

  test('two people in two browsers: messages appear in the open conversation and the bell follows without reload', async ({
    browser,
  }) => {
    const suffix = randomBytes(3).toString('hex');
    const senderContext = await browser.newContext();
    const receiverContext = await browser.newContext();
    const senderPage = await senderContext.newPage();
    const receiverPage = await receiverContext.newPage();
    await signUpInBrowser(senderPage, { firstName: 'Sami', lastName: `Live${suffix}` });
    const receiver = await signUpInBrowser(receiverPage, { firstName: 'Rita', lastName: `Live${suffix}` });

    await receiverPage.goto('/chat');
    const bell = receiverPage.getByTestId('header-bell');
    await expect(bell).toHaveAttribute('aria-label', 'Notifications (0 new)', READY);
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveCount(0);
    await markPage(receiverPage);

    // A first message: the conversation list and the bell update in the open tab.
    await send(senderPage, receiver, 'Are you free on Saturday?');
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveText('1', LIVE);
    await expect(bell).toHaveAttribute('aria-label', 'Notifications (1 new)');
    const conversation = receiverPage.getByTestId('conversation-item').filter({ hasText: `Sami Live${suffix}` });
    await expect(conversation.getByTestId('conversation-preview')).toHaveText('Are you free on Saturday?', LIVE);
    await expect(conversation.getByTestId('unread-badge')).toContainText('1');

    // Opening the conversation reads it: the bell agrees with the inbox and goes back to none.
    await conversation.click();
    await expect(receiverPage.getByTestId('thread-message-content')).toHaveText(['Are you free on Saturday?'], READY);
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveCount(0, LIVE);

    // While it is open, the next messages appear in it as they are sent.
    await send(senderPage, receiver, 'We meet at the harbour at nine.');
    await expect(receiverPage.getByTestId('thread-message-content')).toHaveText(
      ['Are you free on Saturday?', 'We meet at the harbour at nine.'],
      LIVE,
    );
    await send(senderPage, receiver, 'Bring a hat!');
    await expect(receiverPage.getByTestId('thread-message-content')).toHaveText(
      ['Are you free on Saturday?', 'We meet at the harbour at nine.', 'Bring a hat!'],
      LIVE,
    );
    // Read where it is shown, so the bell stays at none.
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveCount(0, LIVE);

    // An RSVP to the receiver's event rings the bell; its list names who and which event.
    const event = await createEventWith(receiverPage.context().request, { title: `Harbour cleanup ${suffix}` });
    // A first event may unlock an achievement, itself a notification: read everything so far first.
    expect((await receiverPage.context().request.post('/api/notifications/read', { data: {} })).status()).toBe(204);
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveCount(0, LIVE);
    expect(
      (
        await senderPage.context().request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } })
      ).status(),
    ).toBe(200);
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveText('1', LIVE);
    await bell.click();
    const menu = receiverPage.getByTestId('notifications-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Today')).toBeVisible();
    const items = menu.getByTestId('notification-item');
    await expect(items.first()).toHaveText(new RegExp(`Sami Live${suffix} RSVPed to Harbour cleanup ${suffix}`));
    await expect(items.first()).toHaveAttribute('data-unread', 'true');
    // The three messages are one line with their count, all read with the conversation; only the RSVP is new.
    await expect(items.filter({ hasText: `Sami Live${suffix} sent you 3 messages` })).toHaveCount(1);
    await expect(items.filter({ hasText: `Sami Live${suffix} sent you a message` })).toHaveCount(0);
    await expect(menu.locator('[data-testid="notification-item"][data-unread="true"]')).toHaveCount(1);
    await expectNoSeriousAccessibilityViolations(receiverPage);
    await menu.getByTestId('notifications-mark-all-read').click();
    await expect(receiverPage.getByTestId('header-bell-badge')).toHaveCount(0, LIVE);
    await expect(items.first()).toHaveAttribute('data-unread', 'false', LIVE);

    // Each item leads to what it is about.
    await items.first().click();
    await expect(receiverPage).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expectNotReloaded(receiverPage);

    await senderContext.close();
    await receiverContext.close();
  });

  test('one tab marks read, the other tab of the same person follows', async ({ browser }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const user = await signUpInBrowser(first, {
      firstName: 'Tomas',
      lastName: `Tabs${randomBytes(2).toString('hex')}`,
    });
    const writerContext = await browser.newContext();
    const writer = await writerContext.newPage();
    await signUpInBrowser(writer, { firstName: 'Wen', lastName: 'Writer' });
    await first.goto('/discover');
    const second = await context.newPage();
    await second.goto('/my-events');
    await expect(first.getByTestId('header-bell')).toBeVisible(READY);
    await expect(second.getByTestId('header-bell')).toBeVisible(READY);
    await send(writer, user, 'Hello from the other side');
    await expect(first.getByTestId('header-bell-badge')).toHaveText('1', LIVE);
    await expect(second.getByTestId('header-bell-badge')).toHaveText('1', LIVE);
    expect((await first.context().request.post('/api/notifications/read', { data: {} })).status()).toBe(204);
    await expect(second.getByTestId('header-bell-badge')).toHaveCount(0, LIVE);
    await expect(first.getByTestId('header-bell-badge')).toHaveCount(0, LIVE);
    await context.close();
    await writerContext.close();
  });

  test("a message sent after the page's first reads but before its stream opened still reaches the bell", async ({
    browser,
  }) => {
    const suffix = randomBytes(3).toString('hex');
    const writerContext = await browser.newContext();
    const readerContext = await browser.newContext();
    const writer = await writerContext.newPage();
    const page = await readerContext.newPage();
    await signUpInBrowser(writer, { firstName: 'Ode', lastName: `Early${suffix}` });
    const reader = await signUpInBrowser(page, { firstName: 'Ivo', lastName: `Early${suffix}` });
    // The tab's stream is held back, as a slow phone opens it seconds after the page has read its count.
    let releaseStream!: () => void;
    const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
    let streamAsked!: () => void;
    const streamAskedFor = new Promise<void>((resolve) => (streamAsked = resolve));
    await page.route('**/api/stream', async (route) => {
      streamAsked();
      await streamHeld;
      await route.continue();
    });
    const countRead = page.waitForResponse((response) => response.url().endsWith('/api/notifications/unread-count'));
    await page.goto('/discover');
    expect((await (await countRead).json()).count).toBe(0);
    await streamAskedFor;
    await send(writer, reader, 'Sent before your stream opened');
    releaseStream();
    await expect(page.getByTestId('header-bell-badge')).toHaveText('1', LIVE);
    await writerContext.close();
    await readerContext.close();
  });

  test('a tab whose stream the server refuses polls the unread count instead: the bell still follows', async ({
    browser,
  }) => {
    const suffix = randomBytes(3).toString('hex');
    const senderContext = await browser.newContext();
    const receiverContext = await browser.newContext();
    const sender = await senderContext.newPage();
    const receiverPage = await receiverContext.newPage();
    await signUpInBrowser(sender, { firstName: 'Pia', lastName: `Poll${suffix}` });
    const receiver = await signUpInBrowser(receiverPage, { firstName: 'Rui', lastName: `Poll${suffix}` });
    const cookie = (await receiverContext.cookies())
      .filter((item) => item.name.endsWith('pitchin_session'))
      .map((item) => `${item.name}=${item.value}`)
      .join('; ');
    // Every slot taken before the tab opens: its EventSource is refused (429) and gives up.
    const release = await holdStreams(cookie, STREAMS_PER_USER);
    try {
      // The tab's clock is ours, so the 30 s poll is reached by moving it rather than by waiting it out.
      await receiverPage.clock.install();
      const refused = receiverPage.waitForResponse((response) => response.url().endsWith('/api/stream'));
      await receiverPage.goto('/discover');
      expect((await refused).status()).toBe(429);
      const bell = receiverPage.getByTestId('header-bell');
      await expect(bell).toHaveAttribute('aria-label', 'Notifications (0 new)', READY);
      await markPage(receiverPage);
      await send(sender, receiver, 'Polling works too');
      await expect(receiverPage.getByTestId('header-bell-badge')).toHaveCount(0);
      await receiverPage.clock.runFor(POLL_INTERVAL_MS);
      await expect(receiverPage.getByTestId('header-bell-badge')).toHaveText('1');
      await expectNotReloaded(receiverPage);
    } finally {
      await release();
      await senderContext.close();
      await receiverContext.close();
    }
  });
});
