import { expect, test } from '@playwright/test';
import { signInWith, signUpInBrowser } from './support/accounts';
import { waitForLivePage } from './support/live-page';
import { captureScreens } from './support/screens';

// The Groups screen (decisions §21): the demo account's organizations, Discover, and a newcomer's empty state.
test.describe('Groups screens', () => {
  test('Groups: mine, discover and empty', async ({ page, context }) => {
    await signInWith(context);
    await captureScreens(page, 'groups', '/groups', async (current) => {
      await expect(current.getByTestId('group-card')).toHaveCount(2);
    });
    await captureScreens(page, 'groups-discover', '/groups', async (current) => {
      await current.getByTestId('groups-tab-discover').click();
      await expect(current.getByTestId('groups-search')).toBeVisible();
      await current.waitForLoadState('networkidle');
    });
    await captureScreens(page, 'groups-organization', '/o/riverside-cleanup', async (current) => {
      await expect(current.getByTestId('organization-name')).toHaveText('Riverside Cleanup Crew');
    });
    await captureScreens(page, 'groups-hours-report', '/o/riverside-cleanup/members', async (current) => {
      await waitForLivePage(current);
      await current.getByTestId('hours-from').fill('2020-01-01');
      await current.getByTestId('hours-show').click();
      await expect(current.getByTestId('hours-total')).toBeVisible();
    });
    await context.clearCookies();
    await signUpInBrowser(page, { firstName: 'Nadia', lastName: 'New' });
    await captureScreens(page, 'groups-empty', '/groups', async (current) => {
      await expect(current.getByTestId('groups-empty')).toBeVisible();
    });
  });
});
