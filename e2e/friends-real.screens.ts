import { expect, test } from './support/fixtures';
import { signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

const READY = { timeout: 30_000 };

// Friends with the demo account's real friendships (seed-demo planFriendships), and empty for a new account.
test.describe('Friends, real', () => {
  test.describe.configure({ timeout: 300_000 });

  test('with friends, requests and suggestions', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'friends-real-friends', '/friends', async (current) => {
      await expect(current.getByTestId('friend-card').first()).toBeVisible(READY);
    });
    await captureScreens(page, 'friends-real-requests', '/friends#friend_request', async (current) => {
      await expect(current.getByTestId('request-card').first()).toBeVisible(READY);
    });
    await captureScreens(page, 'friends-real-suggestions', '/friends', async (current) => {
      await current.getByTestId('tab-suggestions').click();
      await expect(current.getByTestId('suggestion-card').first()).toBeVisible(READY);
    });
    await captureScreens(page, 'friends-real-person', '/friends', async (current) => {
      await current.getByTestId('friend-card').first().getByTestId('person-name').click();
      await expect(current.getByTestId('friendship-button')).toBeVisible(READY);
    });
  });

  test('empty, for a new account', async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    await captureScreens(page, 'friends-real-empty', '/friends', async (current) => {
      await expect(current.getByText('No friends yet.', { exact: false })).toBeVisible(READY);
    });
  });
});
