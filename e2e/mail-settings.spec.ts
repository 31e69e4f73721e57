import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { waitForLivePage } from './support/live-page';
import { storeLanguage } from './support/language';

const READY = { timeout: 30_000 };

test('settings: an e-mail switch and the e-mail language stick after a reload, in the app language', async ({
  page,
  signUp,
}) => {
  await signUp({ firstName: 'Mara', lastName: 'Mailer' });
  await page.goto('/settings');
  await waitForLivePage(page);
  const section = page.getByTestId('settings-email');
  await expect(section).toContainText('E-mails', READY);

  const reminders = section.getByRole('switch', { name: 'Reminders' });
  await expect(reminders).toHaveAttribute('aria-checked', 'true', READY);
  await reminders.click();
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('E-mail settings saved').first()).toBeVisible();
  const language = section.getByLabel('Language of e-mails');
  await language.selectOption('fr');
  await expect(language).toHaveValue('fr');
  await expectNoSeriousAccessibilityViolations(page);

  // Stored on the server, not just on the screen.
  const stored = await page.request.get('/api/user/mail-settings');
  expect(await stored.json()).toEqual({
    language: 'fr',
    kinds: {
      waitlist_promoted: true,
      event_changed: true,
      event_cancelled: true,
      announcement: true,
      event_reminder: false,
      organization_event: true,
    },
  });

  // The app in German: the same switches, translated, and still as set.
  await storeLanguage(page, 'de');
  await page.reload();
  await waitForLivePage(page);
  const german = page.getByTestId('settings-email');
  await expect(german.getByRole('switch', { name: 'Erinnerungen' })).toHaveAttribute('aria-checked', 'false', READY);
  await expect(german.getByRole('switch', { name: 'Änderungen an Veranstaltungen' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(german.getByLabel('Sprache der E-Mails')).toHaveValue('fr');

  // And back on.
  await german.getByRole('switch', { name: 'Erinnerungen' }).click();
  await expect(german.getByRole('switch', { name: 'Erinnerungen' })).toHaveAttribute('aria-checked', 'true');
  expect((await (await page.request.get('/api/user/mail-settings')).json()).kinds.event_reminder).toBe(true);
});
