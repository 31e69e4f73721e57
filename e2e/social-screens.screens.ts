import { randomBytes } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { signInWith, signUpInBrowser, signUpWith } from './support/accounts';
import { captureScreens } from './support/screens';

// The demo account has real conversations (with unread ones) for the Chat screens.
test.describe('social screens', () => {
  test('Friends', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'friends', '/friends', async (current) => {
      await expect(current.getByTestId('friend-card')).toHaveCount(6);
    });
    await captureScreens(page, 'friends-requests', '/friends', async (current) => {
      await current.getByRole('tab', { name: /Requests/ }).click();
      await expect(current.getByTestId('request-card')).toHaveCount(2);
    });
  });

  test('Chat list (demo account)', async ({ page, context }) => {
    // Only the list: opening a demo thread would mark it read for every later screen of the run.
    await signInWith(context);
    await captureScreens(page, 'chat', '/chat', async (current) => {
      await expect(current.getByTestId('conversation-item').first()).toBeVisible();
    });
  });

  test('Chat thread, in English and Arabic (fresh people)', async ({ page, baseURL }) => {
    const suffix = randomBytes(2).toString('hex');
    const me = await signUpInBrowser(page, {
      firstName: 'Noor',
      lastName: 'Haddad',
      email: `noor-${suffix}@example.org`,
    });
    const others = await playwrightRequest.newContext({ baseURL });
    const amara = await signUpWith(others, {
      firstName: 'Amara',
      lastName: 'Okafor',
      email: `amara-${suffix}@example.org`,
    });
    const say = async (from: APIRequestContext, to: { id: string }, content: string) => {
      expect((await from.post('/api/messages', { data: { receiverId: to.id, content } })).status()).toBe(201);
    };
    await say(others, me, 'Hi Noor! Are you still up for the riverside cleanup on Saturday?');
    await say(page.context().request, amara, 'Absolutely. What time do we meet?');
    await say(others, me, '9:00 at the boathouse. Gloves and bags are provided, just bring water and sunscreen.');
    await say(page.context().request, amara, 'Perfect, I will bring my neighbour too.');
    await say(others, me, 'Wonderful, the more the merrier!');
    const mateo = await playwrightRequest.newContext({ baseURL });
    await signUpWith(mateo, { firstName: 'Mateo', lastName: 'García', email: `mateo-${suffix}@example.org` });
    await say(mateo, me, 'Thanks for the help at the food bank yesterday!');
    await others.dispose();
    await mateo.dispose();

    await captureScreens(page, 'chat-thread', `/chat/${amara.id}`, async (current) => {
      await expect(current.getByTestId('thread-message')).toHaveCount(5);
      await current.getByTestId('chat-input').fill('See you there');
    });
    await captureScreens(page, 'chat-empty', '/chat', async (current) => {
      await expect(current.getByTestId('conversation-item')).toHaveCount(2);
    });
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'ar'));
    await captureScreens(page, 'chat-thread-ar', `/chat/${amara.id}`, async (current) => {
      await expect(current.getByTestId('thread-message')).toHaveCount(5);
    });
  });
});
