import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { rsvpWith } from './support/accounts';
import { expectToast, recordToasts } from './support/toasts';

/**
 * The ways in for a newcomer: Get Started and a guest's RSVP open the Create account tab, and a guest
 * who signs up to RSVP comes back to the event with the RSVP done, once.
 */

const SIGN_UP_SUBTITLE = 'Create your free account to join events, RSVP and start your Volunteer Journey.';

async function fillSignUp(page: Page) {
  await page.getByTestId('signup-first-name').fill('Noor');
  await page.getByTestId('signup-last-name').fill('Haddad');
  await page.getByTestId('signup-email').fill(`e2e-signup-${randomBytes(5).toString('hex')}@example.org`);
  await page.getByTestId('signup-password').fill('correct horse battery');
  await page.getByTestId('signup-submit').click();
}

test.describe('the sign-up path', () => {
  test('Get Started opens the Create account tab with its own subtitle; Sign in keeps the Sign in tab', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('hero-get-started').click();
    await expect(page).toHaveURL(/\/api\/login\?mode=signup$/);
    await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('signup-first-name')).toBeVisible();
    await expect(page.getByTestId('sign-in-subtitle')).toHaveText(SIGN_UP_SUBTITLE);

    await page.goto('/');
    await page.getByTestId('cta-get-started').click();
    await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');

    await page.goto('/');
    await page.getByTestId('hero-sign-in').click();
    await expect(page).toHaveURL(/\/api\/login$/);
    await expect(page.getByTestId('tab-signin')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('sign-in-subtitle')).toHaveText(
      'Sign in to find events, RSVP and follow your Volunteer Journey.',
    );
  });

  test('a sign-up from Get Started goes on to the first-run questions', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('hero-get-started').click();
    await fillSignUp(page);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Let's find events for you, Noor");
    await expect(page.getByTestId('welcome-place')).toBeVisible();
  });

  test('a guest RSVPs, signs up and is back on the event with the RSVP done; a reload does not repeat it', async ({
    page,
    eventOfAnother,
  }) => {
    const event = await eventOfAnother({ maxAttendees: 20 });
    const toasts = await recordToasts(page);
    await page.goto(`/events/${event.id}`);
    await page.getByTestId('guest-rsvp').click();
    await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('sign-in-subtitle')).toHaveText(SIGN_UP_SUBTITLE);
    await fillSignUp(page);

    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expectToast(page, 'RSVP Updated', 'Your participation status has been updated.');
    await expect(page.getByTestId('participation-card')).toContainText('Attending');
    const answer = await page.request.get(`/api/events/${event.id}`);
    expect((await answer.json()).userRsvpStatus).toBe('attending');
    const rsvpCount = (await answer.json()).rsvpCount;

    await page.reload();
    await expect(page.getByTestId('participation-card')).toContainText('Attending');
    await page.waitForLoadState('networkidle');
    expect(toasts.filter((seen) => seen.text.includes('RSVP Updated'))).toHaveLength(1);
    expect((await (await page.request.get(`/api/events/${event.id}`)).json()).rsvpCount).toBe(rsvpCount);
  });

  test('on a full event the guest asks for the waitlist and gets it; an RSVP that finds it full shows it full', async ({
    page,
    eventOfAnother,
    newPerson,
  }) => {
    const event = await eventOfAnother({ maxAttendees: 1 });
    const other = await newPerson();
    await rsvpWith(other.request, event.id);

    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('guest-rsvp')).toHaveText('Join waitlist');
    await page.getByTestId('guest-rsvp').click();
    await fillSignUp(page);
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(page.getByTestId('waitlist-position')).toBeVisible();

    // Someone who asked for a place (the event filled meanwhile) is not put on the waitlist.
    const late = await newPerson();
    await page.context().clearCookies();
    await page
      .context()
      .request.post('/api/auth/login', { data: { email: late.user.email, password: late.user.password } });
    await page.goto(`/events/${event.id}?rsvp=attending`);
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    // The full state: joining the waitlist is the main action, offered, not taken.
    await expect(page.getByTestId('join-waitlist')).toBeVisible();
    await expect(page.getByTestId('waitlist-box')).toContainText('This event is full.');
    expect((await (await page.request.get(`/api/events/${event.id}`)).json()).userWaitlistPosition).toBeNull();
  });
});
