import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../server/modules/mail/capture-smtp-server';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, signUpWith } from './support/accounts';
import { E2E_PORT } from './support/e2e-settings';
import { waitForLivePage } from './support/live-page';
import { useLanguage } from './support/language';

const READY = { timeout: 30_000 };
const STRONG_PASSWORD = 'violet tractor harbour 93';
/** Where the screens are saved to be looked at (phone and desktop, light and dark). */
const SHOTS = process.env.ACCOUNT_SCREENSHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await inBothThemes(page, async (theme) => {
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${theme}.png`, fullPage: label === 'desktop' });
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page as it is (an open dialog would not survive the theme switch's reload). */
async function shootAsIs(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

// One SMTP server on a port the server under test was told in advance (scripts/e2e-server.mjs): the tests share it, one
// at a time.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let smtp: CaptureSmtpServer;
test.beforeAll(async () => {
  smtp = await startCaptureSmtpServer(E2E_PORT + 2);
});
test.afterAll(async () => smtp?.close());

test('settings: names and photo, password change ends the other session, sessions list, export, deletion', async ({
  page,
  signUp,
}) => {
  const me = await signUp({ firstName: 'Rosa', lastName: 'Parkes' });
  // A second device of mine.
  const phone = await playwrightRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  });
  expect((await phone.post('/api/auth/login', { data: { email: me.email, password: me.password } })).status()).toBe(
    200,
  );

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible(READY);
  const sessions = page.getByTestId('settings-session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toHaveAttribute('data-current', 'true');
  await expect(sessions.first().getByTestId('settings-session-current')).toHaveText('This device');
  await expect(sessions.nth(1)).toContainText('Chrome on Android');
  await expectNoSeriousAccessibilityViolations(page);
  await shoot(page, 'settings');

  // Names: a bad one is refused on the field, a good one reaches the header.
  const first = page.getByTestId('settings-first-name');
  await first.fill('   ');
  await page.getByTestId('settings-profile-save').click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await first.fill('Rosalind');
  await page.getByTestId('settings-profile-save').click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  expect((await (await page.context().request.get('/api/auth/user')).json()).firstName).toBe('Rosalind');
  await expect(page.getByTestId('header-avatar').getByTestId('user-avatar-initial')).toHaveText('R');

  // Photo: uploaded, shown, removable.
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
  await page.getByTestId('settings-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Photo updated').first()).toBeVisible(READY);
  const photoUrl = (await (await page.context().request.get('/api/auth/user')).json()).profileImageUrl as string;
  expect(photoUrl).toMatch(/^\/api\/profile-photos\//);
  await expect(page.getByTestId('settings-profile').locator(`img[src="${photoUrl}"]`)).toBeVisible();
  await page
    .getByTestId('settings-photo-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('settings-photo-error')).toHaveText('Choose a PNG, JPEG, WebP or GIF image.');

  // Password: the wrong current one is said so; the right change signs the phone out.
  await page.getByTestId('settings-current-password').fill('not my password');
  await page.getByTestId('settings-new-password').fill(STRONG_PASSWORD);
  await page.getByTestId('settings-confirm-password').fill(STRONG_PASSWORD);
  await page.getByTestId('settings-password-submit').click();
  await expect(page.getByText('That password is not correct.')).toBeVisible();
  await page.getByTestId('settings-current-password').fill(me.password);
  await page.getByTestId('settings-password-submit').click();
  await expect(page.getByText('Password changed').first()).toBeVisible();
  expect((await phone.get('/api/auth/user')).status()).toBe(401);
  await expect(sessions).toHaveCount(1);
  await expect(page.getByTestId('settings-revoke-others')).toBeDisabled();
  await expect(page.getByText("You're signed in on this device only.")).toBeVisible();

  // Sign out everywhere else, after a new sign-in elsewhere.
  expect((await phone.post('/api/auth/login', { data: { email: me.email, password: STRONG_PASSWORD } })).status()).toBe(
    200,
  );
  await page.reload();
  await expect(sessions).toHaveCount(2, READY);
  await page.getByTestId('settings-revoke-others').click();
  await expect(sessions).toHaveCount(1);
  expect((await phone.get('/api/auth/user')).status()).toBe(401);
  await phone.dispose();

  // Export: a download of my data.
  const download = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pitchin-data-\d{4}-\d{2}-\d{2}\.json$/);

  // Deletion: the dialog says what happens; a wrong password changes nothing.
  await page.getByTestId('settings-delete-open').click();
  const dialog = page.getByTestId('settings-delete-dialog');
  await expect(dialog).toContainText('Messages you sent stay with the people you wrote to');
  await expectNoSeriousAccessibilityViolations(page);
  await shootAsIs(page, 'settings-delete-desktop-light');
  await page.getByTestId('settings-delete-password').fill('wrong password here');
  await page.getByTestId('settings-delete-confirm').click();
  await expect(page.getByTestId('settings-delete-error')).toHaveText('That password is not correct.');
  await page.getByTestId('settings-delete-password').fill(STRONG_PASSWORD);
  await page.getByTestId('settings-delete-confirm').click();
  await expect(page).toHaveURL(/\/$/, READY);
  expect((await page.context().request.get('/api/auth/user')).status()).toBe(401);
});

test('settings in Arabic, right to left', async ({ page, signUp }) => {
  await signUp({ firstName: 'Layla', lastName: 'Haddad' });
  await useLanguage(page, 'ar');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'الإعدادات', level: 1 })).toBeVisible(READY);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'تسجيل الخروج من كل مكان آخر' })).toBeVisible();
  await shoot(page, 'settings-ar');
});

/** The mails to `address` with that subject (every sign-up is mailed a verification link too). */
function mailsTo(address: string, subject: string) {
  return smtp.mails.filter(
    (mail) =>
      mail.subject === subject &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

/** A mail's link as the browser follows it: the mail names localhost:<port>, the tests use another address. */
function pathOfLink(link: string): string {
  const followed = new URL(link);
  return `${followed.pathname}${followed.search}${followed.hash}`;
}

const VERIFICATION_SUBJECT = 'Confirm your e-mail address for PitchIn';
const DISMISSED_COOKIE = 'pitchin_email_reminder_dismissed';

/** Where the page's <main> starts, as the server's HTML draws it without any script, and once the app runs. */
async function mainTopWithoutAndWithScripts(
  page: Page,
  path: string,
  isReminderShown: boolean,
): Promise<[number, number]> {
  const withoutScripts = await page
    .context()
    .browser()!
    .newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
  const plain = await withoutScripts.newPage();
  await plain.goto(path);
  await expect(plain.getByTestId('email-verification-banner')).toHaveCount(isReminderShown ? 1 : 0);
  const before = (await plain.getByTestId('main').boundingBox())!.y;
  await withoutScripts.close();
  await page.goto(path);
  await waitForLivePage(page);
  const reminder = page.getByTestId('email-verification-banner');
  await (isReminderShown ? expect(reminder).toBeVisible(READY) : expect(reminder).toBeHidden());
  return [before, (await page.getByTestId('main').boundingBox())!.y];
}

test('the confirmation reminder is in the server HTML of every signed-in page: nothing under it moves as the app starts', async ({
  page,
  user,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('email-verification-banner')).toBeVisible(READY);
  for (const path of ['/my-events', '/discover']) {
    const [before, after] = await mainTopWithoutAndWithScripts(page, path, true);
    // Below the header and the reminder (about 57 px) from the first paint on, and still there.
    expect(after).toBe(before);
  }
  // Dismissed, it is out of the server's HTML as well: nothing moves up either.
  await page.getByTestId('email-verification-dismiss').click();
  await expect
    .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === DISMISSED_COOKIE)?.value)
    .toBe(user.id);
  const [before, after] = await mainTopWithoutAndWithScripts(page, '/my-events', false);
  expect(after).toBe(before);
});

test('e-mail confirmation: the reminder on signed-in pages, Resend, the mailed link, dismissing', async ({
  page,
  signUp,
}) => {
  const me = await signUp({ firstName: 'Ines', lastName: 'Vaz' });
  await page.goto('/');
  const banner = page.getByTestId('email-verification-banner');
  // The address is isolated from the sentence's direction (U+2068 … U+2069), in every language.
  await expect(banner).toContainText(
    `Check your inbox to confirm your e-mail address (\u2068${me.email}\u2069).`,
    READY,
  );
  await expectNoSeriousAccessibilityViolations(page);
  await shoot(page, 'email-verification-banner');
  await expect.poll(() => mailsTo(me.email, VERIFICATION_SUBJECT).length, { timeout: 15_000 }).toBe(1);

  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Confirmation e-mail sent', { exact: true })).toBeVisible();
  await expect(page.getByText(`We sent a new link to ${me.email}.`, { exact: true })).toBeVisible();
  await expect.poll(() => mailsTo(me.email, VERIFICATION_SUBJECT).length, { timeout: 15_000 }).toBe(2);

  // Dismissed, it stays away on other pages of this browser session: the server leaves it out too.
  await banner.getByRole('button', { name: 'Dismiss this reminder' }).click();
  await expect(banner).toBeHidden();
  await expect
    .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === DISMISSED_COOKIE)?.value)
    .toBe(me.id);
  expect(await (await page.request.get('/discover')).text()).not.toContain('data-testid="email-verification-banner"');
  await page.goto('/discover');
  await expect(page.getByTestId('main')).toBeVisible(READY);
  await expect(banner).toBeHidden();

  // The newest link confirms the address: the app says so, and the parameter leaves the address bar.
  const mail = mailsTo(me.email, VERIFICATION_SUBJECT)[1]!;
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail.text ?? '')![0];
  await page.goto(pathOfLink(link));
  await expect(page.getByText('E-mail address confirmed', { exact: true })).toBeVisible(READY);
  expect(new URL(page.url()).search).toBe('');
  const user = await page.request.get('/api/auth/user');
  expect((await user.json()).emailVerified).toBe(true);
  // Opened again, the link is used up, and says so.
  await page.goto(pathOfLink(link));
  await expect(page.getByText('This link was already used', { exact: true })).toBeVisible(READY);

  // Opened on a device that is not signed in, a link lands on the sign-in page, which says how it went.
  const elsewhere = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await elsewhere.goto(
    pathOfLink(
      /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(
        mailsTo(me.email, VERIFICATION_SUBJECT)[0]!.text ?? '',
      )![0],
    ),
  );
  await expect(elsewhere.getByTestId('email-verification-outcome')).toHaveText(
    'Your e-mail address is confirmed. Sign in to continue.',
    READY,
  );
  await elsewhere.close();

  // A confirmed account sees no reminder, in a new tab's session too.
  const fresh = await page.context().newPage();
  await fresh.goto('/');
  await expect(fresh.getByTestId('main')).toBeVisible(READY);
  await expect(fresh.getByTestId('email-verification-banner')).toBeHidden();
  await fresh.close();
});

test('password reset: asked on the sign-in page, the mail arrives, its link sets a new password once', async ({
  page,
}) => {
  const context = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const account = await signUpWith(context, { firstName: 'Tomás', lastName: 'Reyes' });
  await context.dispose();

  await page.goto('/api/login');
  await page.getByTestId('forgot-password').click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await shoot(page, 'forgot');
  // The screenshots' theme switch reloads the page, which opens on the sign-in tab again.
  if (SHOTS) await page.getByTestId('forgot-password').click();
  await page.getByTestId('forgot-email').fill(account.email.toUpperCase());
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toContainText(`If an account uses ${account.email.toUpperCase()}`);

  await expect.poll(() => mailsTo(account.email, 'Reset your PitchIn password').length, { timeout: 15_000 }).toBe(1);
  const mail = mailsTo(account.email, 'Reset your PitchIn password')[0]!;
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')![0];

  // The mail names localhost:<port>; the browser follows it on the address the tests use.
  const followed = new URL(link);
  await page.goto(`${followed.pathname}${followed.search}${followed.hash}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible(READY);
  await expectNoSeriousAccessibilityViolations(page);
  await shoot(page, 'reset');
  await page.getByTestId('reset-password').fill('password1');
  await page.getByTestId('reset-confirm').fill('password1');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText(/Choose a less guessable password/)).toBeVisible();
  await page.getByTestId('reset-password').fill(STRONG_PASSWORD);
  await page.getByTestId('reset-confirm').fill(STRONG_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toContainText(
    "Your password has been changed and you've been signed out everywhere.",
  );
  expect(new URL(page.url()).hash).toBe('');

  // The new password signs in; the old one does not.
  await page.getByTestId('reset-sign-in').click();
  await page.getByTestId('signin-email').fill(account.email);
  await page.getByTestId('signin-password').fill(account.password);
  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText('Invalid email or password');
  await page.getByTestId('signin-password').fill(STRONG_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/$/, READY);

  // Used once: the same link now says so plainly.
  await page.context().clearCookies();
  await page.goto(`${followed.pathname}${followed.search}${followed.hash}`);
  await expect(page.getByTestId('reset-unusable')).toContainText('This reset link has already been used.', READY);
  await expectNoSeriousAccessibilityViolations(page);
  await shoot(page, 'reset-used');
  await page.getByTestId('reset-request-new').click();
  await expect(page.getByTestId('forgot-form')).toBeVisible();
});

/** Opens the confirmation link the server mailed to `address`, in that person's session. */
async function confirmAddress(request: APIRequestContext, address: string) {
  await expect.poll(() => mailsTo(address, VERIFICATION_SUBJECT).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(
    mailsTo(address, VERIFICATION_SUBJECT).at(-1)!.text ?? '',
  )![0];
  await request.get(pathOfLink(link));
  expect((await (await request.get('/api/auth/user')).json()).emailVerified).toBe(true);
}

const CLAIM_SUBJECT = 'Were you at an event? Claim your volunteer hours';

/** The claim page is the server's own (no app script): its colours follow the system's theme. */
async function shootClaimPage(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${colorScheme}.png` });
    }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a walk-in’s claim mail: signed out it asks to sign in; signed in, one press makes the hours the owner’s', async ({
  page,
  signUp,
}) => {
  // decisions §22: the door adds a guest and mails the address one link; the hours join only by its owner's press.
  const organizer = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const organizerAccount = await signUpWith(organizer, { firstName: 'Dora', lastName: 'Door' });
  await confirmAddress(organizer, organizerAccount.email);
  const title = `Harbour cleanup ${Date.now().toString(36)}`;
  const event = await createEventWith(organizer, {
    title,
    date: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  });
  const me = await signUp({ firstName: 'Wanda', lastName: 'Walkin' });
  await confirmAddress(page.request, me.email);
  const added = await organizer.post(`/api/events/${event.id}/walk-ins`, {
    data: { firstName: 'Wanda', lastName: 'W.', email: me.email },
  });
  expect(added.status()).toBe(201);
  expect(await added.json()).not.toHaveProperty('hasAccount');
  await organizer.dispose();
  await expect.poll(() => mailsTo(me.email, CLAIM_SUBJECT).length, { timeout: 15_000 }).toBe(1);
  const path = pathOfLink(
    /https?:\/\/\S+\/mail\/walk-in\?token=[A-Za-z0-9_-]+/.exec(mailsTo(me.email, CLAIM_SUBJECT)[0]!.text ?? '')![0],
  );

  // Signed out (another browser): the question, and a way to sign in and come back; no button.
  const elsewhere = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await elsewhere.goto(path);
  await expect(elsewhere.getByText(`Were you at ${title}`)).toBeVisible(READY);
  await expect(elsewhere.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/api/login?returnTo=${encodeURIComponent(path)}`,
  );
  await expect(elsewhere.getByRole('button')).toHaveCount(0);
  await shootClaimPage(elsewhere, 'walk-in-claim-signed-out');
  await elsewhere.close();

  // Signed in as the address's owner: opening the link changes nothing; the button does.
  await page.goto(path);
  const claim = page.getByRole('button', { name: 'Yes, I was there: claim my hours' });
  await expect(claim).toBeVisible(READY);
  await expectNoSeriousAccessibilityViolations(page);
  await shootClaimPage(page, 'walk-in-claim');
  expect((await (await page.request.get('/api/user/hours')).json()).entries).toEqual([]);
  await claim.click();
  await expect(page.getByRole('status')).toHaveText(`Your hours at ${title} are yours now, verified.`, READY);
  await shootClaimPage(page, 'walk-in-claimed');
  await page.getByRole('link', { name: 'See your Volunteer Journey' }).click();
  const hours = page.getByTestId('verified-hours');
  await expect(hours.getByTestId('verified-hours-entries')).toContainText(title, READY);
  await expect(hours.getByTestId('verified-hours-value')).not.toHaveText('0 h');

  // The link is spent.
  await page.goto(path);
  await expect(page.getByText('This link is not valid, or its hours were already claimed.')).toBeVisible(READY);
});
