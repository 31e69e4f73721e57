import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, eventsOfNewOrganizers, joinEvents, signInWith, signUpWith } from './support/accounts';
import { storeLanguage } from './support/language';

const DAY = 24 * 60 * 60 * 1000;

const badges = (page: Page) => page.getByTestId('profile-badge');

test.describe('Profile', () => {
  test('a new volunteer: identity, Joined date, New Volunteer, zero figures, empty lists', async ({ page, signUp }) => {
    const me = await signUp({ firstName: 'Lea', lastName: 'Moss' });
    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toHaveText('Lea Moss');
    await expect(page.getByTestId('profile-email')).toHaveText(me.email);
    const joined = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
    await expect(page.getByTestId('profile-joined')).toHaveText(`Joined ${joined}`);
    await expect(page.getByTestId('user-avatar-initial').last()).toHaveText('L');
    await expect(badges(page)).toHaveText(['New Volunteer']);
    await expect(page.getByTestId('stat-organized')).toContainText('0Events Organized');
    await expect(page.getByTestId('stat-joined')).toContainText('0Events Joined');
    await expect(page.getByTestId('stat-hours')).toContainText('0Hours Volunteered');
    await expect(page.getByTestId('stat-rating')).toContainText('0.0Average Rating');
    await expect(page.getByTestId('recent-organized')).toContainText("You haven't organized any events yet.");
    await expect(page.getByTestId('recent-joined')).toContainText("You haven't joined any events yet.");
    await expect(page.getByTestId('impact-total-events')).toContainText('0');
    await expect(page.getByTestId('community-impact')).toContainText('Community Impact');
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();

    await page.getByTestId('profile-sign-out').click();
    await expect(page.getByTestId('header-sign-in')).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('Event Leader at 5 organized events, not at 4; the 3 most recent with rating and attendees; People Helped', async ({
    page,
    playwright,
    baseURL,
    user: me,
  }) => {
    const titles: string[] = [];
    const suffix = Date.now().toString(36);
    for (let index = 1; index <= 4; index += 1) {
      const event = await createEventWith(page.request, {
        title: `Organized ${index} ${suffix}`,
        date: new Date(Date.now() + (index + 1) * DAY).toISOString(),
        location: `Street ${index}`,
      });
      titles.push(event.title);
    }
    await page.goto('/profile');
    await expect(page.getByTestId('stat-organized-value')).toHaveText('4');
    await expect(badges(page)).toHaveText(['New Volunteer']);

    const fifth = await createEventWith(page.request, {
      title: `Organized 5 ${suffix}`,
      date: new Date(Date.now() + 6 * DAY).toISOString(),
      location: 'Street 5',
    });
    // Two other people join the newest event: People Helped counts them.
    for (const name of ['Ana', 'Ben']) {
      const other = await playwright.request.newContext({ baseURL });
      await signUpWith(other, { firstName: name });
      expect((await other.post(`/api/events/${fifth.id}/rsvp`, { data: { status: 'attending' } })).status()).toBe(200);
      await other.dispose();
    }
    await page.reload();
    await expect(page.getByTestId('stat-organized-value')).toHaveText('5');
    await expect(badges(page)).toHaveText(['Event Leader']);
    // Hours are verified hours: organizing plans hours but verifies none.
    await expect(page.getByTestId('stat-hours-value')).toHaveText('0');

    const recent = page.getByTestId('recent-organized').getByTestId('recent-event');
    await expect(recent.getByTestId('recent-event-title')).toHaveText([fifth.title, titles[3], titles[2]]);
    await expect(recent.first()).toContainText('Street 5');
    await expect(recent.first().getByTestId('recent-rating')).toHaveText('Rating0.0');
    await expect(recent.first().getByTestId('recent-attendees')).toHaveText('2 attendees');
    await expect(recent.nth(1).getByTestId('recent-attendees')).toHaveText('0 attendees');
    await expect(page.getByTestId('impact-people-helped-value')).toHaveText('2');
    await expect(page.getByTestId('impact-total-events-value')).toHaveText('5');
    expect(me.id).toBeTruthy();
  });

  test('Community Champion at 10 joined, not at 9; no Time Giver on 50 planned hours; Going badges', async ({
    page,
    playwright,
    user,
  }) => {
    test.setTimeout(120_000);
    for (let index = 0; index < 5; index += 1)
      await createEventWith(page.request, { date: new Date(Date.now() + (index + 2) * DAY).toISOString() });
    const events = await eventsOfNewOrganizers(playwright, 10);
    await joinEvents(page.request, events.slice(0, 9));
    await page.goto('/profile');
    // 5 × 4 + 9 × 3 = 47 planned hours, none verified.
    await expect(page.getByTestId('stat-hours-value')).toHaveText('0');
    await expect(page.getByTestId('stat-joined-value')).toHaveText('9');
    await expect(badges(page)).toHaveText(['Event Leader']);

    await joinEvents(page.request, events.slice(9));
    await page.reload();
    // 50 planned hours: Time Giver counts verified hours, of which organizers confirmed none.
    await expect(page.getByTestId('stat-hours-value')).toHaveText('0');
    await expect(badges(page)).toHaveText(['Event Leader', 'Community Champion']);
    await expect(page.getByTestId('impact-hours-value')).toHaveText('0');
    await expect(page.getByTestId('impact-total-events-value')).toHaveText('15');
    const joined = page.getByTestId('recent-joined').getByTestId('recent-event');
    await expect(joined).toHaveCount(3);
    await expect(joined.getByTestId('rsvp-badge')).toHaveText(['Going', 'Going', 'Going']);
  });

  test('Spanish and Arabic', async ({ page, signUp }) => {
    await signUp({ firstName: 'Sam', lastName: 'Roe' });
    await page.goto('/');
    await storeLanguage(page, 'es');
    await page.goto('/profile');
    await expect(badges(page)).toHaveText(['Nuevo voluntario']);
    await expect(page.getByTestId('stat-organized')).toContainText('Eventos organizados');
    await expect(page.getByTestId('profile-joined')).toContainText('Miembro desde');
    await expect(page.getByRole('link', { name: 'Editar perfil' })).toBeVisible();

    await storeLanguage(page, 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(badges(page)).toHaveText(['متطوع جديد']);
    await expect(page.getByTestId('community-impact')).toContainText('الأثر المجتمعي');
  });

  test('axe: no serious or critical violation in both themes', async ({ page, user }) => {
    // Four full axe passes over a long page.
    test.setTimeout(300_000);
    await createEventWith(page.request);
    await page.goto('/profile');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('stat-organized-value')).toHaveText('1');
      await expectNoSeriousAccessibilityViolations(page);
    });
  });

  test("Recent sign-ins: sign-up, sign-in, a stranger's failed attempts and lockout flagged; axe in both themes; Arabic", async ({
    page,
    playwright,
    baseURL,
    user: me,
  }) => {
    // Two full axe passes over a long page.
    test.setTimeout(180_000);
    await signInWith(page.context(), me);
    // A script guessing the password: five failures, then the sixth is refused.
    const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'User-Agent': 'curl/8.5.0' } });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (
          await stranger.post('/api/auth/login', { data: { email: me.email, password: `wrong guess ${attempt}` } })
        ).status(),
      ).toBe(401);
    }
    expect(
      (await stranger.post('/api/auth/login', { data: { email: me.email, password: 'wrong guess 6' } })).status(),
    ).toBe(429);
    await stranger.dispose();

    await page.goto('/profile');
    const card = page.getByTestId('recent-sign-ins');
    await expect(card.getByRole('heading', { name: 'Recent sign-ins' })).toBeVisible();
    const events = card.getByTestId('security-event');
    await expect(events.getByTestId('security-event-kind')).toHaveText([
      'Sign-ins paused after failed attempts',
      ...Array<string>(5).fill('Failed sign-in attempt'),
      'Signed in',
      'Account created',
    ]);
    const locked = events.first();
    await expect(locked.getByTestId('security-event-device')).toHaveText('Devicecurl');
    await expect(locked.getByTestId('security-event-address')).toHaveText(/^IP address[\d.:a-f]+$/);
    await expect(locked.getByTestId('security-event-hint')).toHaveText(
      'Further attempts were refused for a while to protect your account.',
    );
    await expect(events.nth(1).getByTestId('security-event-hint')).toHaveText(
      'Not you? Someone who knows your e-mail address may be trying to guess your password.',
    );
    // The hint once per run of one kind, not on each of the five failures.
    await expect(card.getByTestId('security-event-hint')).toHaveCount(2);
    const signedIn = events.nth(6);
    // The config's 'Desktop Chrome' device sends a Windows Chrome User-Agent.
    await expect(signedIn.getByTestId('security-event-device')).toHaveText('DeviceChrome on Windows');
    await expect(signedIn.getByTestId('security-event-hint')).toHaveCount(0);
    await expect(signedIn.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

    await inBothThemes(page, async () => {
      await expect(events).toHaveCount(8);
      await expect(page.getByTestId('stat-organized-value')).toHaveText('0');
      await expectNoSeriousAccessibilityViolations(page);
    });

    await storeLanguage(page, 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(card.getByRole('heading', { name: 'عمليات تسجيل الدخول الأخيرة' })).toBeVisible();
    await expect(events.first().getByTestId('security-event-kind')).toHaveText(
      'تم إيقاف تسجيل الدخول مؤقتًا بعد محاولات فاشلة',
    );
    await expect(events.nth(1).getByTestId('security-event-kind')).toHaveText('محاولة تسجيل دخول فاشلة');
  });
});
