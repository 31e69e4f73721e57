import { expect as baseExpect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith, DEMO_ACCOUNT, signInWith } from './support/accounts';
import { toast } from './support/toasts';
import { useLanguage } from './support/language';

/**
 * Reports and moderation in the browser against the real server (decisions §20): a volunteer reports an
 * event through the dialog, the demo account (a moderator of the demo instance) hides it from its queue
 * in Arabic, and the organizer reads why on the event's page while everyone else gets "not found".
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('report an event, hide it from the queue, and the organizer is told why', async ({
  page,
  user,
  newPerson,
  browser,
}) => {
  const organizer = await newPerson({ firstName: 'Olga', lastName: 'Organizer' });
  const title = `Beach party with free crypto ${Date.now()}`;
  const event = await createEventWith(organizer.request, { title });

  // The volunteer reports the event: a reason of five, a note, and a thank-you.
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByTestId('report-button').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog.getByRole('heading', { name: 'Report this' })).toBeVisible();
  // Nothing is sent before a reason is chosen.
  await expect(dialog.getByTestId('report-submit')).toBeDisabled();
  await expectNoSeriousAccessibilityViolations(page);
  await dialog.getByLabel('Misleading or a scam').check();
  await dialog.getByLabel('What should the moderators know? (optional)').fill('It asks for wallet keys at the door.');
  await dialog.getByTestId('report-submit').click();
  await expect(toast(page, 'Thank you. A moderator will look at it.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Reporting again is no failure: the first report stands, and the volunteer is told so.
  await page.getByTestId('report-button').click();
  await page.getByTestId('report-reason-spam').click();
  await page.getByTestId('report-submit').click();
  await expect(toast(page, 'You have already reported this. A moderator will look at it.')).toBeVisible();

  // The moderator's queue, in Arabic: the report with the event's words, then Hide with a note.
  const moderatorContext = await browser.newContext({ locale: 'ar', timezoneId: 'UTC' });
  try {
    await signInWith(moderatorContext, DEMO_ACCOUNT);
    const moderatorPage = await moderatorContext.newPage();
    await useLanguage(moderatorPage, 'ar');
    await moderatorPage.goto('/moderation');
    await expect(moderatorPage.getByRole('heading', { level: 1, name: 'الإشراف' })).toBeVisible();
    await expect(moderatorPage.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = moderatorPage.getByTestId('report-card').filter({ hasText: title });
    await expect(card).toContainText('It asks for wallet keys at the door.');
    await expect(card).toContainText('مضلل أو احتيال');
    await expectNoSeriousAccessibilityViolations(moderatorPage);
    await card.getByTestId('action-hide').click();
    const decision = moderatorPage.getByTestId('decision-dialog');
    await expect(decision.getByTestId('decision-confirm')).toBeDisabled();
    await decision.getByTestId('decision-note').fill('Asks volunteers for money: not a volunteering event.');
    await decision.getByTestId('decision-confirm').click();
    await expect(toast(moderatorPage, 'تم. إنه في السجل.')).toBeVisible();
    await expect(moderatorPage.getByTestId('report-queue').getByText(title)).toHaveCount(0);
    await moderatorPage.getByTestId('tab-log').click();
    const entry = moderatorPage.getByTestId('log-entry').filter({ hasText: 'Asks volunteers for money' });
    await expect(entry).toContainText('أخفى محتوى');
    await expect(entry.getByTestId('log-undo')).toBeVisible();

    // Moderators: the demo account is an administrator here (ADMIN_EMAILS), so it appoints the organizer
    // by address and removes her again; an address with no account is refused in words.
    await moderatorPage.getByTestId('tab-moderators').click();
    const moderatorList = moderatorPage.getByTestId('moderator-list');
    await expect(moderatorList.getByTestId('moderator').first()).toBeVisible();
    const appoint = moderatorPage.getByTestId('appoint-moderator');
    await appoint.getByRole('textbox').fill(`nobody-${Date.now()}@example.org`);
    await appoint.getByTestId('appoint-submit').click();
    await expect(toast(moderatorPage, 'لا يوجد حساب بهذا العنوان. يجب أن يسجّل أولًا.')).toBeVisible();
    await appoint.getByRole('textbox').fill(organizer.user.email);
    await appoint.getByTestId('appoint-submit').click();
    const appointed = moderatorList.getByTestId('moderator').filter({ hasText: 'Olga Organizer' });
    await expect(appointed).toBeVisible();
    await expectNoSeriousAccessibilityViolations(moderatorPage);
    expect((await (await organizer.request.get('/api/moderation/status')).json()).isModerator).toBe(true);
    await appointed.getByTestId('moderator-remove').click();
    await expect(appointed).toHaveCount(0);
    expect((await (await organizer.request.get('/api/moderation/status')).json()).isModerator).toBe(false);
  } finally {
    await moderatorContext.close();
  }

  // Gone for the volunteer, from its page and from Discover's search.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  const search = await page.request.get(`/api/events?search=${encodeURIComponent('free crypto')}`);
  expect((await search.json()).some((found: { id: number }) => found.id === event.id)).toBe(false);

  // The organizer still has it, and reads why.
  const organizerContext = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  try {
    await signInWith(organizerContext, organizer.user);
    const organizerPage = await organizerContext.newPage();
    await organizerPage.goto(`/events/${event.id}`);
    const notice = organizerPage.getByTestId('hidden-notice');
    await expect(notice).toContainText('A moderator hid this event');
    await expect(notice).toContainText('Asks volunteers for money: not a volunteering event.');
    await expectNoSeriousAccessibilityViolations(organizerPage);
  } finally {
    await organizerContext.close();
  }
});
