import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { DEMO_ACCOUNT, signUpWith } from './support/accounts';
import { waitForFocusOnFirstError } from './support/forms';

/** Asks the server with the browser's cookies (not from the page, which may still be navigating). */
async function isSignedIn(page: Page) {
  return (await page.context().request.get('/api/auth/user')).status() === 200;
}

test.describe('sign-in page at /api/login', () => {
  test('every sign-in button of the landing page leads to it', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('button', { name: /^sign in$/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/api\/login/);
    await expect(page.getByRole('heading', { name: 'Welcome to PitchIn' })).toBeVisible();
  });

  test('creates an account and lands in the signed-in app', async ({ page }) => {
    const email = `new-${randomBytes(4).toString('hex')}@example.org`;
    await page.goto('/api/login?mode=signup');
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill('Haddad');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByTestId('signup-submit').click();
    // A new account is asked its place and interests first (the first run), inside the signed-in app.
    await expect(page).toHaveURL(/\/welcome$/);
    await expect.poll(() => isSignedIn(page)).toBe(true);
    await expect(page.getByRole('button', { name: /get started/i })).toHaveCount(0);
  });

  test('signs in as the demo account and honours a same-origin returnTo', async ({ page }) => {
    await page.goto('/api/login?returnTo=/journey');
    await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByTestId('signin-submit').click();
    await expect(page).toHaveURL(/\/journey$/);
    await expect.poll(() => isSignedIn(page)).toBe(true);
  });

  test('shows the server message for a wrong password and validation messages for empty fields', async ({ page }) => {
    await page.goto('/api/login');
    await page.getByTestId('signin-submit').click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await waitForFocusOnFirstError(page.getByLabel('Email'));
    await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByTestId('signin-submit').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    expect(await isSignedIn(page)).toBe(false);
  });

  test('tells a visitor whose e-mail is taken to sign in instead', async ({ page, context }) => {
    const existing = await signUpWith(context.request);
    await context.clearCookies();
    await page.goto('/api/login?mode=signup');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email').fill(existing.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('another long password');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByRole('alert')).toContainText(/already exists/);
  });

  test("refuses a guessable password at sign-up with the server's reason, and accepts a strong one", async ({
    page,
  }) => {
    await page.goto('/api/login?mode=signup');
    await page.getByLabel('First name').fill('Rui');
    await page.getByLabel('Last name').fill('Costa');
    await page.getByLabel('Email').fill(`weak-${randomBytes(4).toString('hex')}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('Password123!');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByRole('alert')).toContainText('Choose a less guessable password: ');
    expect(await isSignedIn(page)).toBe(false);
    await page.getByLabel('Password', { exact: true }).fill('amber-kettle-71-orbit');
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect.poll(() => isSignedIn(page)).toBe(true);
  });

  test('refuses a name that hides a right-to-left override before sending it', async ({ page }) => {
    let signUpRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/signup') signUpRequests += 1;
    });
    await page.goto('/api/login?mode=signup');
    await page.getByLabel('First name').fill('Bob\u202Eexe.txt');
    await page.getByLabel('Last name').fill('Smith');
    await page.getByLabel('Email').fill(`rtl-${randomBytes(4).toString('hex')}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('amber-kettle-71-orbit');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText("Names can't contain control, invisible or text-direction characters")).toBeVisible();
    // A Hangul filler is a letter by category and draws nothing: a blank name.
    await page.getByLabel('First name').fill('\u3164');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText('Names must contain a letter or a digit')).toBeVisible();
    expect(signUpRequests).toBe(0);
    expect(await isSignedIn(page)).toBe(false);
  });

  test('signing out through /api/logout returns to the landing page', async ({ page, context }) => {
    await signUpWith(context.request);
    await page.goto('/');
    await expect.poll(() => isSignedIn(page)).toBe(true);
    await page.goto('/api/logout');
    await expect(page).toHaveURL(/\/$/);
    expect(await isSignedIn(page)).toBe(false);
    await expect(page.getByRole('button', { name: /get started/i }).first()).toBeVisible();
  });

  test('has no serious accessibility violation in either theme', async ({ page }) => {
    for (const theme of ['light', 'dark']) {
      await page.goto('/api/login');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Welcome to PitchIn' })).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    }
  });
});
