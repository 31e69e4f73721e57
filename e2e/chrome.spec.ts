import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, signUpWith } from './support/accounts';
import { storeLanguage } from './support/language';

const PHONE = { width: 390, height: 844 };
const isAchievementPoll = (url: string) => new URL(url).pathname === '/api/user/achievements';

/**
 * The installed fake clock otherwise keeps flowing with real time, which on a busy machine makes
 * timings drift; from here on only runFor() moves it. Only once the page has loaded: data loading
 * settles through timers too.
 */
async function freezeClock(page: Page) {
  // The pause must lie ahead of the flowing clock when it is applied; a stalled machine (CI once took
  // over a second between reading the time and pausing) gets a wider margin on the next try.
  for (const margin of [1000, 5000, 20_000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(new Date(now + margin));
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
  throw new Error('the page clock ran ahead of every pause tried');
}

/** Resolves once the chrome's first achievement answer (the poll's baseline) has arrived. */
function firstPoll(page: Page) {
  return page.waitForResponse((response) => isAchievementPoll(response.url()));
}

test.describe('App chrome', () => {
  test('desktop header: brand, search, bell badge, avatar initial, main navigation, skip link', async ({
    page,
    signUp,
  }) => {
    await signUp({ firstName: 'zoe', lastName: 'Quinn' });
    await page.goto('/messages');

    const header = page.getByTestId('app-header');
    await expect(header.getByRole('link', { name: 'PitchIn home' })).toHaveAttribute('href', '/');
    await expect(header).toContainText('PitchIn');
    // The bell shows the real unread count (none yet for a new account, so no badge).
    await expect(page.getByRole('button', { name: 'Notifications (0 new)' })).toBeVisible();
    await expect(page.getByTestId('header-bell-badge')).toHaveCount(0);
    // The avatar falls back to the first letter of the first name, upper-cased.
    await expect(page.getByTestId('header-avatar').getByTestId('user-avatar-initial')).toHaveText('Z');
    await expect(page.getByTestId('header-sign-out')).toHaveText('Sign Out');
    await expect(page.getByTestId('theme-toggle')).toBeVisible();
    await expect(page.getByTestId('language-picker')).toContainText('en');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Events',
      'Friends',
      'Chat',
      'Journey',
      'Groups',
      'Profile',
      'My Events',
      'Messages',
    ]);
    await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeHidden();

    // Skip link: first stop of the keyboard, lands on <main>.
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText('Skip to main content');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();

    // Search opens Discover with the words as its filter.
    await page.getByTestId('header-search-input').fill('beach cleanup');
    await page.getByTestId('header-search-input').press('Enter');
    await expect(page).toHaveURL(/\/discover\?search=beach%20cleanup$/);

    await nav.getByRole('link', { name: 'Journey' }).click();
    await expect(page).toHaveURL(/\/journey$/);
    await expect(nav.getByRole('link', { name: 'Journey' })).toHaveAttribute('aria-current', 'page');
  });

  test('phone: five bottom entries with the active one marked, account menu, page clear of the bar', async ({
    page,
    signUp,
  }) => {
    await page.setViewportSize(PHONE);
    await signUp({ firstName: 'Mia' });
    await page.goto('/profile');

    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    const links = bottom.getByRole('link');
    await expect(links).toHaveText(['Home', 'Events', 'Friends', 'Chat', 'Journey']);
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([
      '/',
      '/events',
      '/friends',
      '/chat',
      '/journey',
    ]);
    await expect(bottom.locator('[aria-current="page"]')).toHaveCount(0);
    await links.filter({ hasText: 'Chat' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(bottom.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(page.getByTestId('header-sign-out')).toBeHidden();

    // The end of every page scrolls clear of the fixed bottom bar.
    const barHeight = await bottom.evaluate((element) => element.getBoundingClientRect().height);
    const mainPadding = await page
      .locator('main#main')
      .evaluate((element) => parseFloat(getComputedStyle(element).paddingBottom));
    expect(mainPadding).toBeGreaterThanOrEqual(barHeight);

    // The account menu carries what the five slots cannot, and Sign Out.
    await page.getByTestId('header-avatar').click();
    const menu = page.getByTestId('account-menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Profile',
      'My Events',
      'Messages',
      'Groups',
      'Journey',
      'Settings',
      'Sign Out',
    ]);
    await menu.getByRole('menuitem', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/messages$/);

    // The phone search sits behind a toggle.
    await page.getByRole('button', { name: 'Open search' }).click();
    await page.getByRole('searchbox', { name: 'Search events' }).fill('garden');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/discover\?search=garden$/);
  });

  test('theme toggle puts the dark class on <html> and keeps it across a reload', async ({ page, user }) => {
    await page.goto('/journey');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('language picker lists code, name and flag and switches the chrome', async ({ page, user }) => {
    await page.goto('/messages');
    await page.getByTestId('language-picker').click();
    const spanish = page.getByTestId('language-option-es');
    await expect(spanish).toContainText('Español');
    await expect(spanish).toContainText('es');
    await expect(spanish).toContainText('🇪🇸');
    await spanish.click();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link')).toHaveText([
      'Inicio',
      'Eventos',
      'Amigos',
      'Chat',
      'Trayectoria',
      'Grupos',
      'Perfil',
      'Mis eventos',
      'Mensajes',
    ]);
    await expect(page.getByTestId('header-sign-out')).toHaveText('Cerrar sesión');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tus mensajes');
  });

  test('Sign Out ends the session and the achievement poll stops', async ({ page, user }) => {
    await page.clock.install();
    const baseline = firstPoll(page);
    await page.goto('/');
    await baseline;

    await page.getByTestId('header-sign-out').click();
    await expect(page.getByTestId('header-sign-in')).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    let polls = 0;
    page.on('request', (request) => {
      if (isAchievementPoll(request.url())) polls += 1;
    });
    await page.clock.runFor(30_000);
    expect(polls).toBe(0);
  });

  test('a session ended elsewhere: the next poll gets 401, the app returns to the landing page and stops polling', async ({
    page,
    user,
  }) => {
    await page.clock.install();
    const baseline = firstPoll(page);
    await page.goto('/');
    await baseline;

    // Signing out through the API (as another tab would) deletes the session on the server.
    expect((await page.request.post('/api/logout')).status()).toBe(204);
    const unauthorizedPoll = page.waitForResponse(
      (response) => isAchievementPoll(response.url()) && response.status() === 401,
    );
    await page.clock.runFor(10_000);
    await unauthorizedPoll;
    await expect(page.getByTestId('header-sign-in')).toBeVisible();

    let polls = 0;
    page.on('request', (request) => {
      if (isAchievementPoll(request.url())) polls += 1;
    });
    await page.clock.runFor(30_000);
    expect(polls).toBe(0);
  });

  test('axe: the chrome has no serious or critical violation in either theme, desktop and phone', async ({
    page,
    user,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/messages');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('main-nav')).toBeVisible();
      await page.getByTestId('dev-panel-alerts-toggle').click();
      await expect(page.getByTestId('dev-panel-alerts')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    });
    await page.setViewportSize(PHONE);
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('bottom-nav')).toBeVisible();
      await page.getByTestId('dev-panel-effects-toggle').click();
      await page.getByTestId('dev-achievement').click();
      await expect(page.getByTestId('achievement-notice')).toBeVisible();
      await expect(page.getByTestId('bottom-nav-clear')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
});

test.describe('Developer test panels', () => {
  test('panel one: Confetti draws and clears its canvas; Achievement adds a sample notice', async ({ page, user }) => {
    await page.goto('/messages');
    const toggle = page.getByRole('button', { name: 'Test panel: effects' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('dev-panel-effects');
    await expect(panel.getByRole('button')).toHaveText(['', 'Confetti', 'Achievement']);

    await panel.getByRole('button', { name: 'Confetti' }).click();
    const canvas = page.locator('body > canvas');
    await expect(canvas).toHaveCount(1);
    // 3000–4000 ms of particles, then canvas-confetti removes its canvas.
    await expect(canvas).toHaveCount(0, { timeout: 8_000 });

    await panel.getByRole('button', { name: 'Achievement' }).click();
    await expect(page.getByTestId('achievement-notice')).toHaveCount(1);
    await expect(page.getByTestId('achievement-notice')).toContainText('Achievement Unlocked!');
    await expect(page.getByTestId('achievement-notice-name')).toHaveText('Test Achievement');
  });

  test('panel two: the three alerts show their toasts', async ({ page, user }) => {
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Test panel: alerts' }).click();
    const panel = page.getByTestId('dev-panel-alerts');
    await expect(panel.getByRole('button')).toHaveText([
      '',
      'Event Alert',
      'Message Alert',
      'Create New Event',
      'System Alert',
      'Test Share',
    ]);

    await panel.getByRole('button', { name: 'Event Alert' }).click();
    await expect(page.getByText('New event near you', { exact: true })).toBeVisible();
    await expect(page.getByText('A beach cleanup was just posted 2 miles away.', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Message Alert' }).click();
    await expect(page.getByText('New message', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'System Alert' }).click();
    await expect(page.getByText('System update', { exact: true })).toBeVisible();
    await expect(
      page.getByText('PitchIn will be briefly unavailable for maintenance tonight.', { exact: true }),
    ).toBeVisible();
    // One toast at a time: the system alert replaced the others.
    await expect(page.getByText('New event near you', { exact: true })).toHaveCount(0);
  });

  test('Create New Event posts a test event, toasts its title; only its creator sees it, under My Events', async ({
    page,
    playwright,
    baseURL,
    user,
  }) => {
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Test panel: alerts' }).click();
    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events' && response.request().method() === 'POST',
    );
    await page.getByTestId('dev-create-event').click();
    const response = await created;
    expect(response.status()).toBe(201);
    const event = await response.json();
    const body = response.request().postDataJSON();
    expect(body).toMatchObject({ categoryId: 1, maxAttendees: 25, location: 'Community Center' });
    expect(Date.parse(body.date) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(event.title).toMatch(/^Test Event /);

    await expect(page.getByText('Event created successfully!', { exact: true })).toBeVisible();
    await expect(page.getByText(event.title, { exact: true })).toBeVisible();
    const mine = await (await page.request.get('/api/my-events')).json();
    expect(mine.map((item: { title: string }) => item.title)).toEqual([event.title]);
    // A test, not an invitation: it is in no shared list, for its creator or anyone else.
    expect(body.isTest).toBe(true);
    const search = `/api/events?include=past&search=${encodeURIComponent(event.title)}`;
    const listed = async (request: typeof page.request) =>
      ((await (await request.get(search)).json()) as Array<{ id: number }>).map((item) => item.id);
    // A real event of the same title is found by the same search.
    const real = await createEventWith(page.request, { title: event.title });
    expect(await listed(page.request)).toEqual([real.id]);
    const other = await playwright.request.newContext({ baseURL });
    await signUpWith(other);
    expect(await listed(other)).toEqual([real.id]);
    await other.dispose();
  });

  test('Create New Event when signed out: Error Creating Event', async ({ page, user }) => {
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Test panel: alerts' }).click();
    // Signed out only once the panel is open: the app's own first calls would otherwise meet the dead
    // session and show the landing page, as they should.
    await expect(page.getByTestId('dev-create-event')).toBeVisible();
    expect((await page.request.post('/api/logout')).status()).toBe(204);
    await page.getByTestId('dev-create-event').click();
    await expect(page.getByText('Error Creating Event', { exact: true })).toBeVisible();
    await expect(page.getByText("Please make sure you're logged in first.", { exact: true })).toBeVisible();
  });

  test('Test Share copies the app link without native sharing, and uses it when present', async ({
    page,
    context,
    user,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/messages');
    const hasNativeShare = await page.evaluate(() => typeof navigator.share === 'function');
    test.info().annotations.push({ type: 'native share', description: String(hasNativeShare) });
    await page.getByRole('button', { name: 'Test panel: alerts' }).click();
    if (!hasNativeShare) {
      await page.getByTestId('dev-test-share').click();
      await expect(page.getByText('Link Copied!', { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(page.url()).origin);
    }

    // A device with a share sheet: record what it was given.
    await page.evaluate(() => {
      const shared: ShareData[] = [];
      (window as unknown as { sharedData: ShareData[] }).sharedData = shared;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    await page.getByTestId('dev-test-share').click();
    await expect(page.getByText('Shared', { exact: true })).toBeVisible();
    const shared = await page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);
    expect(shared).toEqual([
      { title: 'PitchIn', text: 'Find volunteer events near you on PitchIn.', url: new URL(page.url()).origin },
    ]);
  });
});

test.describe('Achievement notices', () => {
  test('stacked 120 px apart, each hides after 5000 ms, the red dot and Clear stay until cleared (phone)', async ({
    page,
    user,
  }) => {
    await page.setViewportSize(PHONE);
    await page.clock.install();
    await page.goto('/journey');
    await expect(page.getByRole('button', { name: 'Test panel: effects' })).toBeVisible();
    await freezeClock(page);
    await page.getByRole('button', { name: 'Test panel: effects' }).click();
    const add = page.getByTestId('dev-achievement');
    const notices = page.getByTestId('achievement-notice');

    await expect(page.getByTestId('bottom-nav-journey-dot')).toHaveCount(0);
    await expect(page.getByTestId('bottom-nav-clear')).toHaveCount(0);
    await add.click();
    await page.clock.runFor(1000);
    await add.click();
    await page.clock.runFor(1000);
    await add.click();
    await expect(notices).toHaveCount(3);
    const [top0 = 0, top1 = 0, top2 = 0] = await notices.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().top),
    );
    expect(top1 - top0).toBe(120);
    expect(top2 - top1).toBe(120);
    // Top right in a left-to-right language.
    const box = await notices.first().boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan(PHONE.width - 24);

    await expect(page.getByTestId('bottom-nav-journey-dot')).toBeVisible();
    await expect(page.getByTestId('bottom-nav-clear')).toHaveText('Clear');
    // The Clear row above the bar leaves the test panels' buttons beside it clickable.
    await page.getByRole('button', { name: 'Test panel: alerts' }).click();
    await expect(page.getByTestId('dev-panel-alerts')).toBeVisible();

    // The first notice was shown at t=0: it is still there at 4999 ms and gone at 5000 ms.
    await page.clock.runFor(2999);
    await expect(notices).toHaveCount(3);
    await page.clock.runFor(1);
    await expect(notices).toHaveCount(2);
    await page.clock.runFor(1000);
    await expect(notices).toHaveCount(1);
    await page.clock.runFor(1000);
    await expect(notices).toHaveCount(0);

    // Hidden notices are still new notifications: the dot and Clear remain until cleared.
    await expect(page.getByTestId('bottom-nav-journey-dot')).toBeVisible();
    await page.getByTestId('bottom-nav-clear').click();
    await expect(page.getByTestId('bottom-nav-journey-dot')).toHaveCount(0);
    await expect(page.getByTestId('bottom-nav-clear')).toHaveCount(0);
  });

  test('close one, then Clear all (desktop)', async ({ page, user }) => {
    await page.clock.install();
    await page.goto('/messages');
    await expect(page.getByRole('button', { name: 'Test panel: effects' })).toBeVisible();
    await freezeClock(page);
    await page.getByRole('button', { name: 'Test panel: effects' }).click();
    const add = page.getByTestId('dev-achievement');
    const notices = page.getByTestId('achievement-notice');
    for (let index = 0; index < 3; index += 1) await add.click();
    await expect(notices).toHaveCount(3);
    await expect(page.getByTestId('main-nav-journey-dot')).toBeVisible();

    await notices.nth(1).getByRole('button', { name: 'Dismiss Test Achievement' }).click();
    await expect(notices).toHaveCount(2);
    // The rest close ranks, 120 px apart again (after a short transition).
    await expect
      .poll(async () => {
        const [first = 0, second = 0] = await notices.evaluateAll((elements) =>
          elements.map((element) => element.getBoundingClientRect().top),
        );
        return Math.round(second - first);
      })
      .toBe(120);
    // Below the header and its navigation bar, at the top right.
    const header = await page.getByTestId('app-header').boundingBox();
    const first = await notices.first().boundingBox();
    expect(first && header && first.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(first && first.x + first.width).toBeGreaterThan(1280 - 24);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(notices).toHaveCount(0);
    await expect(page.getByTestId('main-nav-journey-dot')).toHaveCount(0);
  });

  test('a real unlock (RSVP through the API → First Step) shows within one poll; an unchanged poll is a 304', async ({
    page,
    playwright,
    baseURL,
    user,
  }) => {
    await page.clock.install();
    const baseline = firstPoll(page);
    await page.goto('/messages');
    const first = await baseline;
    expect(first.status()).toBe(200);
    expect(first.headers().etag).toBeTruthy();

    // Nothing changed: the next poll sends the ETag back and gets 304 Not Modified, no body.
    const unchanged = page.waitForResponse((response) => isAchievementPoll(response.url()));
    await page.clock.runFor(10_000);
    const second = await unchanged;
    expect(second.status()).toBe(304);
    expect(await second.request().headerValue('if-none-match')).toBe(first.headers().etag);
    await expect(page.getByTestId('achievement-notice')).toHaveCount(0);

    // Join an upcoming event through the API, as this user: one of its own, not one from the shared
    // list, whose counts other tests check (profile.spec.ts counts the attendees of its events).
    const organizer = await playwright.request.newContext({ baseURL });
    await signUpWith(organizer);
    const open = await createEventWith(organizer, { title: 'First Step check' });
    await organizer.dispose();
    expect((await page.request.post(`/api/events/${open.id}/rsvp`, { data: { status: 'attending' } })).status()).toBe(
      200,
    );

    const changed = page.waitForResponse((response) => isAchievementPoll(response.url()));
    await page.clock.runFor(10_000);
    expect((await changed).status()).toBe(200);
    const notice = page.getByTestId('achievement-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice.getByTestId('achievement-notice-name')).toHaveText('First Step');
    await expect(notice).toContainText('+25 XP');

    // Shown once: the following polls do not repeat it.
    await page.getByRole('button', { name: 'Dismiss First Step' }).click();
    await page.clock.runFor(10_000);
    await expect(page.getByTestId('achievement-notice')).toHaveCount(0);
  });

  test('Arabic: notices stack at the top left and the page is right-to-left', async ({ page, user }) => {
    await page.goto('/');
    await storeLanguage(page, 'ar');
    await page.goto('/messages');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'لوحة الاختبار: المؤثرات' }).click();
    await page.getByRole('button', { name: 'إنجاز', exact: true }).click();
    const notice = page.getByTestId('achievement-notice');
    await expect(notice).toContainText('تم فتح إنجاز!');
    const box = await notice.boundingBox();
    expect(box?.x).toBeLessThan(24);
    await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link').first()).toHaveText(
      'الرئيسية',
    );
  });
});
