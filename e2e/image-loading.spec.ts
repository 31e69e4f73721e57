import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createEventWith, signInWith, signUpWith } from './support/accounts';
import { waitForLivePage } from './support/live-page';

/**
 * Lighthouse's mobile phone (Moto G Power): what `npm run bench:web` measures. The screen is the
 * phone's too: the project's Desktop Chrome defaults give a 1920 px screen, and Chromium's preload
 * scanner takes width=device-width from the screen, so it would fetch for a 1920 px wide page.
 */
const PHONE = {
  viewport: { width: 412, height: 823 },
  screen: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 }, screen: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

/** An event whose one photo is a plain PNG of the given size, uploaded as the create form sends it. */
async function createEventWithPhoto(
  request: APIRequestContext,
  size: { width: number; height: number },
): Promise<{ id: number; photo: string }> {
  const png = await sharp({ create: { ...size, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const event = (await createEventWith(request, {
    title: `Photo ${size.width}x${size.height} ${randomBytes(3).toString('hex')}`,
    images: [`data:image/png;base64,${png.toString('base64')}`],
  })) as { id: number; images: string[] };
  return { id: event.id, photo: event.images[0]! };
}

/** Every request the page makes, in order, as paths with their query. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    paths.push(url.pathname + url.search);
  });
  return paths;
}

async function signedInPage(
  browser: Browser,
  device: typeof PHONE | typeof DESKTOP,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({ ...device, baseURL: test.info().project.use.baseURL });
  await signInWith(context, account);
  return { context, page: await context.newPage() };
}

/**
 * Lighthouse (npm run bench:web) finds the event page's largest paint in its first photo, and its
 * "LCP request discovery" check wants that image fetched with high priority and never lazily.
 */
test('the first photo of an event page is fetched with high priority, not lazily', async ({ page }) => {
  await signInWith(page.context());
  const events = (await (await page.context().request.get('/api/events?limit=100')).json()) as Array<{
    id: number;
    images: string[];
  }>;
  const event = events.find((candidate) => candidate.images.length > 0);
  if (!event) throw new Error('The demo data has no upcoming event with a photo');
  await page.goto(`/events/${event.id}`);
  const hero = page.getByTestId('event-detail').locator('img').first();
  await expect(hero).toHaveAttribute('src', `${event.images[0]}?size=card`);
  await expect(hero).toHaveAttribute('srcset', `${event.images[0]}?size=card 800w, ${event.images[0]} 1600w`);
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).not.toHaveAttribute('loading', 'lazy');
});

/**
 * A photo one pixel wide (another test's upload came first in the list above and failed that test once):
 * drawn from its 1600w candidate, its naturalWidth reads 0, which the page took for a broken cover and
 * dropped.
 */
test('a photo one pixel wide is still the cover', async ({ page }) => {
  await signUpWith(page.context().request);
  const event = await createEventWithPhoto(page.context().request, { width: 1, height: 1 });
  await page.goto(`/events/${event.id}`);
  await waitForLivePage(page);
  const hero = page.getByTestId('event-detail').locator('img[fetchpriority="high"]');
  await expect(hero).toHaveCount(1);
  // Once the photo is decoded, the page has decided about it too: the cover stays.
  await hero.evaluate((element: HTMLImageElement) => element.decode());
  await expect(hero).toBeVisible();
  // The case this test is for: the 1600w candidate's density brings the one pixel's naturalWidth to 0.
  expect(await hero.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(0);
});

test('a cover that fails to load is dropped, as if there were no photo, even when it failed before the page was live', async ({
  page,
}) => {
  await signUpWith(page.context().request);
  const event = await createEventWith(page.context().request, {
    title: `Missing cover ${randomBytes(3).toString('hex')}`,
    imageUrl: 'https://images.example.org/missing.png',
  });
  // The other site answers at once, so the server-rendered image has failed before the app listens for it.
  await page.context().route('https://images.example.org/**', (route) => route.fulfill({ status: 404 }));
  await page.goto(`/events/${event.id}`);
  await waitForLivePage(page);
  await expect(page.getByTestId('event-detail').locator('img[fetchpriority="high"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('photos sized for their slot', () => {
  let account: { email: string; password: string };
  let event: { id: number; photo: string };
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    account = await signUpWith(request);
    // Wider than a card, so that it has a card rendition of its own.
    event = await createEventWithPhoto(request, { width: 2000, height: 1000 });
    await request.dispose();
  });

  test('a phone loads the 800 px card rendition in an event card, never the 1600 px photo', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, PHONE, account);
    const requests = recordRequests(page);
    await page.goto('/my-events');
    const image = page.locator(`[data-testid="event-card"][data-event-id="${event.id}"] img`).first();
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
    // naturalWidth is corrected by the srcset density, so the file is told by the URL the <img> shows.
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    expect(new URL(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).search).toBe('?size=card');
    expect(requests).toContain(`${event.photo}?size=card`);
    expect(requests).not.toContain(event.photo);
    await context.close();
  });

  for (const [name, device, expected] of [
    ['a phone', PHONE, 'card'],
    ['a desktop', DESKTOP, 'full'],
  ] as const) {
    test(`on ${name} the event page's first photo is preloaded with the HTML and fetched once, at the size the page shows`, async ({
      browser,
    }) => {
      const { context, page } = await signedInPage(browser, device, account);
      const requests = recordRequests(page);
      await page.goto(`/events/${event.id}`);
      const hero = page.getByTestId('event-detail').locator('img').first();
      await expect
        .poll(() => hero.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
        .toBe(true);
      const wanted = expected === 'card' ? `${event.photo}?size=card` : event.photo;
      const shown = new URL(await hero.evaluate((element: HTMLImageElement) => element.currentSrc));
      expect(shown.pathname + shown.search).toBe(wanted);

      // The preload carries exactly the <img>'s srcset and sizes, so the browser picks the same file.
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      await expect(preload).toHaveAttribute('fetchpriority', 'high');
      expect(await preload.getAttribute('imagesrcset')).toBe(await hero.getAttribute('srcset'));
      expect(await preload.getAttribute('imagesizes')).toBe(await hero.getAttribute('sizes'));

      // Fetched once, and before any script: found in the HTML. The event itself comes in the page
      // (decision 0010), so the app never asks for it.
      expect(requests.filter((path) => path === wanted)).toHaveLength(1);
      // The photo, preloaded from the HTML, can be complete before Playwright has reported the page's first script
      // request: wait for one, so that the order below compares two requests that were both seen.
      await expect.poll(() => requests.some((path) => path.endsWith('.js'))).toBe(true);
      expect(requests.indexOf(wanted)).toBeLessThan(requests.findIndex((path) => path.endsWith('.js')));
      expect(requests).not.toContain(`/api/events/${event.id}`);
      if (expected === 'card') expect(requests).not.toContain(event.photo);
      await context.close();
    });
  }
});
