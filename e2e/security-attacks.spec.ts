import { type Page, type Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { E2E_BASE_URL } from './support/e2e-settings';
import { signUpWith } from './support/accounts';

/**
 * The app's security rules, as an attacker uses them in a real browser: Chromium sends the viewer's cookie and its
 * own Fetch Metadata with every image and frame, so only the server can tell a top-level navigation
 * from an <img> another user planted. GET /api/logout may act only for the first; GET
 * /api/conversations/{id}/messages must not change anything at all. Each test signs up its own
 * viewer: these tests end sessions, and the demo account is shared with parallel tests.
 */

const isPath = (response: Response, pathname: string) => new URL(response.url()).pathname === pathname;

/** Signed in as far as both the screen and the server can tell, after a reload that asks the server afresh. */
async function expectStillSignedIn(page: Page) {
  await page.reload();
  await expect(page.locator('#home-greeting')).toBeVisible();
  await expect(page.getByTestId('header-sign-out')).toBeVisible();
  await expect(page.getByTestId('header-sign-in')).toHaveCount(0);
  const status = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
  expect(status, 'GET /api/auth/user from the page').toBe(200);
}

test.describe("attacks through the viewer's own browser", () => {
  test('an event image pointing at /api/logout does not sign the viewer out', async ({ page, user }) => {
    const logoutUrl = new URL('/api/logout', E2E_BASE_URL).href;
    // How an attacking event looked before the imageUrl rule: the server now refuses to store it, so
    // the list answer is rewritten in flight, and the browser does the rest exactly as it would have.
    await page.route(
      (url) => url.pathname === '/api/events',
      async (route) => {
        const response = await route.fetch();
        if (response.status() !== 200) return route.fulfill({ response });
        const events = (await response.json()) as Array<{ imageUrl: string | null }>;
        if (events[0]) events[0].imageUrl = logoutUrl;
        await route.fulfill({ response, json: events });
      },
      { times: 1 },
    );
    // Home's first list arrives inside the server-rendered page; coming from another screen, the app fetches it.
    await page.goto('/messages');
    const logoutAnswer = page.waitForResponse((response) => isPath(response, '/api/logout'));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    // The first card is in view, so its lazy image loads at once; on an error the card swaps it for a placeholder.
    const answer = await logoutAnswer;
    // Not asserted here: while a route intercepts, Playwright reports the headers from before Chromium adds
    // its Fetch Metadata (the server saw them; the next test checks them where nothing intercepts).
    expect(answer.request().resourceType()).toBe('image');
    await page.unrouteAll();
    await expectStillSignedIn(page);
    expect(answer.status(), 'an image load of /api/logout').toBe(403);
  });

  test('an <img> and an <iframe> of /api/logout put into the page do not sign the viewer out', async ({
    page,
    user,
  }) => {
    await page.goto('/');
    await expect(page.locator('#home-greeting')).toBeVisible();
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (isPath(response, '/api/logout')) answers.push(response);
    });
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/api/logout';
      document.body.append(image);
      const frame = document.createElement('iframe');
      frame.src = '/api/logout';
      document.body.append(frame);
    });
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
    const destinations = await Promise.all(
      answers.map(async (answer) => (await answer.request().allHeaders())['sec-fetch-dest']),
    );
    expect(destinations.sort()).toEqual(['iframe', 'image']);
    await expectStillSignedIn(page);
    expect(answers.map((answer) => answer.status())).toEqual([403, 403]);
  });

  test('Sign Out in the account menu still signs out (a top-level navigation)', async ({ page, user }) => {
    await page.goto('/');
    await expect(page.locator('#home-greeting')).toBeVisible();
    const logoutAnswer = page.waitForResponse((response) => isPath(response, '/api/logout'));
    await page.getByTestId('header-avatar').click();
    await page.getByTestId('account-menu-sign-out').click();
    const answer = await logoutAnswer;
    expect((await answer.request().allHeaders())['sec-fetch-dest']).toBe('document');
    await expect(page.getByTestId('header-sign-in')).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('a conversation opened as an image (<img src="/api/conversations/{id}/messages">) marks nothing read', async ({
    page,
    browser,
    user: viewer,
  }) => {
    const senderContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    try {
      const sender = await signUpWith(senderContext.request, { firstName: 'Sam', lastName: 'Sender' });
      const sent = await senderContext.request.post('/api/messages', {
        data: { receiverId: viewer.id, content: 'Are you coming on Saturday?' },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      const unreadFrom = async (otherId: string) => {
        const conversations = (await (await page.request.get('/api/conversations')).json()) as Array<{
          id: string;
          unreadCount: number;
        }>;
        return conversations.find((conversation) => conversation.id === otherId)?.unreadCount;
      };
      expect(await unreadFrom(sender.id)).toBe(1);

      await page.goto('/');
      await expect(page.locator('#home-greeting')).toBeVisible();
      const threadUrl = `/api/conversations/${encodeURIComponent(sender.id)}/messages`;
      const threadAnswer = page.waitForResponse((response) => isPath(response, threadUrl));
      await page.evaluate((src) => {
        const image = document.createElement('img');
        image.src = src;
        document.body.append(image);
      }, threadUrl);
      const answer = await threadAnswer;
      expect((await answer.request().allHeaders())['sec-fetch-dest']).toBe('image');
      expect(await unreadFrom(sender.id), 'unread count after the image load').toBe(1);
    } finally {
      await senderContext.close();
    }
  });
});
