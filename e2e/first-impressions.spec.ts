import { type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/fixtures';
import { createEventWith } from './support/accounts';
import { navigateInApp } from './support/navigation';
import { storeLanguage, useLanguage } from './support/language';

/** First impressions: what a first visit shows must work and be true. */

// A busy machine (several test runs on two cores) is slow to serve the first pages.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('Confetti', () => {
  test('draws on its canvas under the page Content-Security-Policy, with no policy violation', async ({
    page,
    user,
  }) => {
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Test panel: effects' }).click();
    await page.getByTestId('dev-panel-effects').getByRole('button', { name: 'Confetti' }).click();

    // Particles are drawn on the page's own canvas: count its painted pixels while they fly.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const canvas = document.querySelector<HTMLCanvasElement>('body > canvas');
            if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
            let context: CanvasRenderingContext2D | null;
            try {
              context = canvas.getContext('2d');
            } catch {
              // Handed over to a worker (transferControlToOffscreen): the page can no longer draw on it.
              return -1;
            }
            if (!context) return 0;
            const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
            let painted = 0;
            for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) painted += 1;
            return painted;
          }),
        { timeout: 3_000, intervals: [100] },
      )
      .toBeGreaterThan(100);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});

test.describe('Discover search debounce', () => {
  test('a card clicked while the typed search is still pending opens the event, and stays there', async ({
    page,
    user,
    throttle,
  }) => {
    await page.goto('/discover');
    const card = page.getByTestId('event-card').first();
    await expect(card).toBeVisible();
    const href = await card.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^\/events\/\d+$/);

    // A phone on a slow network (real throttling, not a mock): the event page is still loading when
    // the search's pause ends.
    await throttle(800);
    await page.getByTestId('discover-search').pressSequentially('a');
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    // Well past the debounce (300 ms) and the slow answers: the pending search must not take the address back.
    await page.waitForTimeout(3_000);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('event-detail')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Discover Volunteer Opportunities');
  });
});

const PHONE = { width: 360, height: 740 };
type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not visible');
  return box;
}

/** Five labels, none cut short and none over its neighbour. */
async function expectBottomNavigationLabelsWhole(page: Page) {
  const labels = page.getByTestId('bottom-nav').getByTestId('bottom-nav-label');
  await expect(labels).toHaveCount(5);
  const cut = await labels.evaluateAll((elements) =>
    elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent),
  );
  expect(cut, 'bottom navigation labels cut short').toEqual([]);
  const boxes = await Promise.all([0, 1, 2, 3, 4].map((index) => boxOf(labels.nth(index))));
  for (let index = 1; index < boxes.length; index += 1)
    expect(overlaps(boxes[index - 1]!, boxes[index]!), `bottom navigation labels ${index} and ${index + 1}`).toBe(
      false,
    );
}

/** Once the screen has settled (a card sliding in or a figure still loading may pass the edge for a moment). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${what} scrolls sideways`,
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

test.describe('Phone layout at 360×740', () => {
  test.use({ viewport: PHONE });

  test('a toast covers neither the achievement notice nor the bottom navigation', async ({ page, user }) => {
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Test panel: effects' }).click();
    await page.getByTestId('dev-achievement').click();
    await page.getByRole('button', { name: 'Test panel: alerts' }).click();
    await page.getByTestId('dev-event-alert').click();
    const toast = page.locator('li[data-state="open"]');
    await expect(toast).toContainText('New event near you');
    const notice = page.getByTestId('achievement-notice');
    await expect(notice).toBeVisible();
    // Both have finished sliding in.
    await page.waitForTimeout(600);
    const toastBox = await boxOf(toast);
    expect(overlaps(toastBox, await boxOf(notice))).toBe(false);
    expect(overlaps(toastBox, await boxOf(page.getByTestId('bottom-nav')))).toBe(false);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(PHONE.height);
  });

  test("a toast leaves the share dialog's header readable", async ({ page, context, user }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const event = await createEventWith(page.context().request, { title: 'Toast and dialog check' });
    await page.goto(`/events/${event.id}`);
    await page.getByTestId('share-button').click();
    const dialog = page.getByRole('dialog', { name: 'Share Event' });
    await dialog.getByRole('button', { name: 'Copy Link', exact: true }).click();
    const toast = page.locator('li[data-state="open"]');
    await expect(toast).toContainText('Link Copied');
    await page.waitForTimeout(600);
    const header = dialog.getByRole('heading', { name: 'Share Event' });
    expect(overlaps(await boxOf(toast), await boxOf(header))).toBe(false);
  });

  test('the floating buttons leave the end of the page clear', async ({ page, user }) => {
    await page.goto('/');
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    // Cards below the fold take their real height only once drawn: scroll until the end stays put.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            await new Promise((resolve) => setTimeout(resolve, 300));
            return Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) <= 1;
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    // The lowest piece of the page's own content (not what floats), once scrolled to the end.
    const contentBottom = await page.evaluate(() => {
      const isFloating = (element: Element | null): boolean =>
        !!element && (getComputedStyle(element).position === 'fixed' || isFloating(element.parentElement));
      const rects = [...document.querySelectorAll('main *')]
        .filter((element) => !isFloating(element))
        .map((element) => element.getBoundingClientRect());
      return Math.max(...rects.filter((rect) => rect.width > 1 && rect.height > 1).map((rect) => rect.bottom));
    });
    const floating = [
      page.getByTestId('floating-create'),
      page.getByTestId('dev-panel-effects-toggle'),
      page.getByTestId('dev-panel-alerts-toggle'),
    ];
    const navTop = (await boxOf(page.getByTestId('bottom-nav'))).y;
    for (const button of floating) {
      const box = await boxOf(button);
      expect(box.y, (await button.getAttribute('data-testid')) ?? '').toBeGreaterThanOrEqual(contentBottom);
      expect(box.y + box.height).toBeLessThanOrEqual(navTop);
    }
    const [create, effects, alerts] = await Promise.all(floating.map(boxOf));
    expect(overlaps(create!, effects!) || overlaps(create!, alerts!)).toBe(false);
  });

  test('the focus ring of a category chip is not clipped by the scrolling row', async ({ page, user }) => {
    await page.goto('/');
    const chips = page.getByTestId('category-chips').getByRole('button');
    await expect(chips.nth(3)).toBeVisible();
    await chips.first().focus();
    for (let index = 1; index <= 6; index += 1) {
      await page.keyboard.press('Tab');
      await expect(chips.nth(index)).toBeFocused();
      // Polled: focus scrolls the row to the chip first.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const focused = document.activeElement as HTMLElement;
              const ring = 3;
              const rect = focused.getBoundingClientRect();
              const problems: string[] = [];
              for (let element = focused.parentElement; element; element = element.parentElement) {
                const style = getComputedStyle(element);
                if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
                const box = element.getBoundingClientRect();
                if (
                  rect.top - ring < box.top ||
                  rect.bottom + ring > box.bottom ||
                  rect.left - ring < box.left ||
                  rect.right + ring > box.right
                )
                  problems.push(element.dataset.testid ?? element.tagName);
              }
              return problems;
            }),
          { message: `chip ${index}`, timeout: 5_000 },
        )
        .toEqual([]);
    }
  });

  for (const language of ['de', 'fr', 'es', 'it', 'pt', 'en', 'ar', 'ja', 'ko', 'zh']) {
    // One test per language walks every screen once: the bottom navigation's labels are checked on the Journey
    // it visits, where they had a test of their own that loaded the same screen again in a fresh browser.
    test(`no screen is wider than the phone, the header fits and the bottom navigation shows every label whole, in ${language}`, async ({
      page,
      browser,
      user,
    }) => {
      const event = await createEventWith(page.context().request, { title: 'Narrow screen check' });
      // What a visitor without a session sees first: the landing page and a shared event.
      const guest = await browser.newPage({ viewport: PHONE });
      await useLanguage(guest, language);
      for (const path of ['/', `/events/${event.id}`]) {
        await guest.goto(path);
        await expect(guest.locator('html')).toHaveAttribute('lang', language);
        await expect(guest.getByTestId('header-sign-in')).toBeVisible();
        const widths = await guest.evaluate(() => ({
          view: window.innerWidth,
          header: [...document.querySelectorAll('[data-testid="guest-header"] :is(a, button)')].map((element) => {
            const box = element.getBoundingClientRect();
            return { left: box.left, right: box.right };
          }),
        }));
        await expectNoSidewaysScroll(guest, `the guest page ${path}`);
        const outside = widths.header.filter((box) => box.left < -0.5 || box.right > widths.view + 0.5);
        expect(outside, `${path}: guest header controls outside the screen`).toEqual([]);
      }
      await guest.close();
      await useLanguage(page, language);
      // One load, then the screens one after another as the app's links open them (each screen's own load
      // is tested in its spec): the layout checked is the same, for a seventh of the browser's work.
      await page.goto('/');
      let previousHeading: string | null = null;
      for (const path of ['/', '/discover', '/my-events', '/messages', '/journey', '/profile', '/settings']) {
        if (path !== '/') await navigateInApp(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        // The screen opened, not the one before it still on its way out.
        if (previousHeading !== null) await expect(heading).not.toHaveText(previousHeading);
        previousHeading = await heading.textContent();
        const widths = await page.evaluate(() => {
          const header = document.querySelector('[data-testid="app-header"]')!.getBoundingClientRect();
          return {
            view: window.innerWidth,
            headerStart: header.left,
            headerEnd: header.right,
          };
        });
        await expectNoSidewaysScroll(page, path);
        // Every control of the header is inside the screen.
        const controls = await page
          .getByTestId('app-header')
          .locator('a:visible, button:visible, input:visible')
          .evaluateAll((elements) =>
            elements.map((element) => ({
              name: element.getAttribute('aria-label') ?? element.textContent,
              ...element.getBoundingClientRect().toJSON(),
            })),
          );
        const outside = controls.filter((control) => control.left < -0.5 || control.right > widths.view + 0.5);
        expect(outside, `${path}: header controls outside the screen`).toEqual([]);
        if (path === '/journey') await expectBottomNavigationLabelsWhole(page);
      }
    });
  }
});

test.describe('Truth on screen', () => {
  test("a new user is welcomed (not welcomed back), and every tab says its screen, then ' | PitchIn'", async ({
    page,
    signUp,
  }) => {
    await signUp({ firstName: 'Noor' });
    const event = await createEventWith(page.context().request, { title: 'Tab title check' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Noor!');
    await expect(page).toHaveTitle('Home | PitchIn');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [link, title] of [
      ['Events', 'Discover | PitchIn'],
      ['Friends', 'Friends | PitchIn'],
      ['Chat', 'Chat | PitchIn'],
      ['Journey', 'Journey | PitchIn'],
      ['Groups', 'Groups | PitchIn'],
      ['Profile', 'Profile | PitchIn'],
      ['My Events', 'My Events | PitchIn'],
      ['Messages', 'Messages | PitchIn'],
      ['Home', 'Home | PitchIn'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveTitle(title);
    }
    await page.goto(`/events/${event.id}`);
    await expect(page).toHaveTitle('Tab title check | PitchIn');
    // Leaving the event page by a link: the event's title does not stay behind.
    await nav.getByRole('link', { name: 'My Events', exact: true }).click();
    await expect(page).toHaveTitle('My Events | PitchIn');
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('404 Page Not Found | PitchIn');
    // In the user's language.
    await storeLanguage(page, 'de');
    await page.goto('/friends');
    await expect(page).toHaveTitle('Freunde | PitchIn');
  });

  test("an event nobody rated says 'No ratings yet' (in the user's language), on the card and on its page", async ({
    page,
    user,
  }) => {
    const title = `Unrated ${Date.now().toString(36)}`;
    const event = await createEventWith(page.context().request, { title });
    await page.goto(`/discover?search=${encodeURIComponent(title)}`);
    const card = page.getByTestId('event-card').filter({ hasText: title });
    await expect(card.getByTestId('event-card-rating')).toHaveText('No ratings yet');
    await expect(card).not.toContainText('0.0');
    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('stat-rating')).toContainText('No ratings yet');
    await expect(page.getByTestId('stat-rating')).not.toContainText('0.0');
    await storeLanguage(page, 'de');
    await page.reload();
    await expect(page.getByTestId('stat-rating')).toContainText('Noch keine Bewertungen');
  });

  test('a rated event still shows its average to one decimal', async ({ page, user }) => {
    const events = (await (await page.context().request.get('/api/events?include=past&limit=100')).json()) as Array<{
      id: number;
      ratingCount: number;
      averageRating: number;
    }>;
    const rated = events.find((event) => event.ratingCount > 0);
    expect(rated, 'the demo data has a rated event').toBeTruthy();
    await page.goto(`/events/${rated!.id}`);
    await expect(page.getByTestId('stat-rating')).toContainText(rated!.averageRating.toFixed(1));
  });
});

test.describe('One definition of each category colour', () => {
  test('Healthcare is red on the card, on the event page and on the share image of the server', async ({
    page,
    user,
  }) => {
    const title = `Clinic ${Date.now().toString(36)}`;
    // The seed makes Healthcare category 7.
    const event = await createEventWith(page.context().request, { title, categoryId: 7 });
    await page.goto(`/discover?search=${encodeURIComponent(title)}`);
    const card = page.getByTestId('event-card').filter({ hasText: title });
    await expect(card.getByTestId('event-card-category')).toHaveText('Healthcare');
    await expect(card.getByTestId('event-card-category')).toHaveClass(/bg-red-100/);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('category-badge')).toHaveText('Healthcare');
    await expect(page.getByTestId('category-badge')).toHaveClass(/bg-red-100/);
  });
});

test('phone 360×740: the header keeps every control on the screen', async ({ page, user }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/messages');
  const header = page.getByTestId('app-header');
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  const outside = await header.locator('a, button').evaluateAll((elements) =>
    elements
      .filter((element) => element.getBoundingClientRect().width > 0)
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.left < 0 || rect.right > window.innerWidth;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent),
  );
  expect(outside).toEqual([]);
});
