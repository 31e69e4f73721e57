import { expect, test } from './support/fixtures';
import { createEventWith, DEMO_ACCOUNT, signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

/** The report dialog on an event page, and the moderators' queue and log, on a phone and a desktop in both themes. */
test('Report dialog and moderation queue', async ({ page, user, newPerson, browser }) => {
  test.setTimeout(300_000);
  const organizer = await newPerson({ firstName: 'Marisol', lastName: 'Fernández-Oyelaran' });
  const event = await createEventWith(organizer.request, {
    title: 'Riverside cleanup — bring a friend and win a prize',
    description: 'Send 20 € to reserve your place, the prize draw is at noon.',
  });
  await captureScreens(page, 'moderation-report-dialog', `/events/${event.id}`, async (current) => {
    await current.getByTestId('report-button').click();
    await current.getByTestId('report-reason-misleading').click();
    await current.getByTestId('report-details').fill('Asks for money to volunteer.');
    await expect(current.getByTestId('report-submit')).toBeEnabled();
  });
  void user;

  const moderatorContext = await browser.newContext();
  try {
    await signInWith(moderatorContext, DEMO_ACCOUNT);
    const moderatorPage = await moderatorContext.newPage();
    // A second report with its note, beside the demo's own open report.
    const reported = await page.request.post('/api/reports', {
      data: { targetType: 'event', targetId: event.id, reason: 'misleading', details: 'Asks for money to volunteer.' },
    });
    expect([201, 409]).toContain(reported.status());
    await captureScreens(moderatorPage, 'moderation-queue', '/moderation', async (current) => {
      await expect(current.getByTestId('report-card').first()).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(moderatorPage, 'moderation-moderators', '/moderation', async (current) => {
      await current.getByTestId('tab-moderators').click();
      await expect(current.getByTestId('moderator').first()).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(page, 'moderation-person-page', `/friends/${organizer.user.id}`, async (current) => {
      await expect(current.getByTestId('block-button')).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(moderatorPage, 'moderation-decision', '/moderation', async (current) => {
      await current.getByTestId('report-card').first().getByTestId('action-dismiss').click();
      await current.getByTestId('decision-note').fill('Checked with the organizer: a real event.');
    });
  } finally {
    await moderatorContext.close();
  }
});
