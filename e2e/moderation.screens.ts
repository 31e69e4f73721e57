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
    // A message of the volunteer's that a moderator hid: its sender reads why under it.
    const said = await page.request.post('/api/messages', {
      data: { receiverId: organizer.user.id, content: 'Join my paid raffle at www.example.org!' },
    });
    expect(said.status()).toBe(201);
    const sent = await page.request.post('/api/messages', {
      data: { receiverId: organizer.user.id, content: 'See you at the river on Saturday.' },
    });
    expect(sent.status()).toBe(201);
    const flagged = await organizer.request.post('/api/reports', {
      data: { targetType: 'message', targetId: String((await said.json()).id), reason: 'spam' },
    });
    expect(flagged.status()).toBe(201);
    const hidden = await moderatorPage.request.post(`/api/moderation/reports/${(await flagged.json()).id}/resolve`, {
      data: { action: 'hide', note: 'Advertising a paid raffle.' },
    });
    expect(hidden.status()).toBe(204);
    await captureScreens(page, 'moderation-hidden-message', `/chat/${organizer.user.id}`, async (current) => {
      await expect(current.getByTestId('message-hidden-notice')).toBeVisible({ timeout: 30_000 });
    });
    await captureScreens(moderatorPage, 'moderation-decision', '/moderation', async (current) => {
      await current.getByTestId('report-card').first().getByTestId('action-dismiss').click();
      await current.getByTestId('decision-note').fill('Checked with the organizer: a real event.');
    });
  } finally {
    await moderatorContext.close();
  }
});
