import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Page, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { SCREENSHOT_DIRECTORY } from './support/screens';
import { storeLanguage } from './support/language';

/**
 * A guest (a browser with NO cookies) opens an event's page,
 * server-rendered with its link-preview tags; the RSVP button signs in and comes back; "Add to
 * calendar" offers the .ics file and Google and Outlook links.
 */

type ListedEvent = {
  id: number;
  title: string;
  location: string;
  date: string;
  durationMinutes: number;
  status: string;
  maxAttendees: number | null;
  rsvpCount: number;
  slotCount: number;
  images: string[];
};

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar'] as const;

/**
 * An upcoming demo event with free places, read as a guest (no cookie): the list is open to guests. The
 * list is followed page by page: parallel tests' own events, sooner than the seed's, may fill the first.
 * An event with a schedule is joined slot by slot and has no RSVP button: the demo's weekly series falls on
 * the next Saturday, so on some weekdays it is the first upcoming event.
 */
async function guestReadableEvent(
  request: APIRequestContext,
  options: { withPhoto?: boolean } = {},
): Promise<ListedEvent> {
  let address: string | undefined = '/api/events?limit=100';
  while (address) {
    const response: APIResponse = await request.get(address, { headers: { cookie: '' } });
    expect(response.status()).toBe(200);
    const events = (await response.json()) as ListedEvent[];
    const event = events.find(
      (candidate) =>
        candidate.status === 'scheduled' &&
        candidate.slotCount === 0 &&
        new Date(candidate.date).getTime() > Date.now() + 2 * 24 * 60 * 60 * 1000 &&
        (candidate.maxAttendees === null || candidate.maxAttendees - candidate.rsvpCount >= 5) &&
        (!options.withPhoto || candidate.images.length > 0),
    );
    if (event) return event;
    address = /<([^>]+)>; rel="next"/.exec(response.headers()['link'] ?? '')?.[1];
  }
  throw new Error('no roomy upcoming demo event');
}

function readLocale(language: string, namespace: string): Record<string, Record<string, string>> {
  return JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../web/locales/${language}/${namespace}.json`), 'utf8'),
  );
}

async function expectNoCookies(page: Page) {
  expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('session'))).toEqual([]);
}

test.describe('a guest on an event page', () => {
  test('gets it server-rendered with preview tags, and RSVP opens the sign-up form', async ({ page, request }) => {
    await expectNoCookies(page);
    const event = await guestReadableEvent(request);
    const eventPath = `/events/${event.id}`;

    // What a crawler (or a phone before any script) receives: the tags and the page itself.
    const html = await (await request.get(eventPath, { headers: { cookie: '' } })).text();
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card"');
    expect(html).toContain(`/api/events/${event.id}/og-image`);
    expect(html).toMatch(/<div id="root">.*data-testid="event-detail"/s);
    expect(html).toContain('data-testid="guest-rsvp"');
    expect(html).toContain(`href="/api/login?mode=signup&amp;returnTo=%2Fevents%2F${event.id}%3Frsvp%3Dattending"`);
    expect(html).not.toContain('@pitchin.app');

    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(eventPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    await expect(page.getByTestId('guest-header')).toBeVisible();
    await expect(page.getByTestId('header-sign-in')).toBeVisible();
    await expect(page.getByTestId('add-to-calendar')).toBeVisible();
    // None of the signed-in chrome, and no RSVP menu that would answer 401.
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await expect(page.getByTestId('share-button')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);

    // RSVP opens the Create account tab and carries the wish back (the full round trip has its own test).
    await page.getByTestId('guest-rsvp').click();
    await expect(page).toHaveURL(
      new RegExp(`/api/login\\?mode=signup&returnTo=%2Fevents%2F${event.id}%3Frsvp%3Dattending$`),
    );
    await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
  });

  test('"Add to calendar" gives the .ics file and correct Google and Outlook links', async ({ page, request }) => {
    const event = await guestReadableEvent(request);
    await page.goto(`/events/${event.id}`);
    const card = page.getByTestId('add-to-calendar');
    await expect(card).toBeVisible();
    const start = new Date(event.date);
    const end = new Date(start.getTime() + event.durationMinutes * 60_000);
    const compact = (date: Date) =>
      date
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');

    await expect(page.getByTestId('calendar-google')).toHaveAttribute('href', /calendar\.google\.com/);
    const google = new URL((await page.getByTestId('calendar-google').getAttribute('href'))!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('text')).toBe(event.title);
    expect(google.searchParams.get('dates')).toBe(`${compact(start)}/${compact(end)}`);
    expect(google.searchParams.get('location')).toBe(event.location);
    // Filled in once the page runs in the browser (the server has no address of its own to put there).
    await expect
      .poll(async () =>
        new URL((await page.getByTestId('calendar-google').getAttribute('href'))!).searchParams.get('details'),
      )
      .toContain(`/events/${event.id}`);

    const outlook = new URL((await page.getByTestId('calendar-outlook').getAttribute('href'))!);
    expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(outlook.searchParams.get('subject')).toBe(event.title);
    expect(outlook.searchParams.get('startdt')).toBe(start.toISOString());
    expect(outlook.searchParams.get('enddt')).toBe(end.toISOString());
    await expect(page.getByTestId('calendar-outlook')).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('calendar-outlook')).toHaveAttribute('rel', 'noopener noreferrer');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('calendar-ics').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`pitchin-event-${event.id}.ics`);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toMatch(new RegExp(`UID:pitchin-event-${event.id}@`));
    expect(text).toContain(`DTSTART:${compact(start)}`);
    expect(text).toContain(`DTEND:${compact(end)}`);
  });

  test('is translated in all ten languages, right to left in Arabic', async ({ page, request }) => {
    // Ten page loads, each rendered again in the stored language (the cookie still names the last one).
    test.setTimeout(150_000);
    const event = await guestReadableEvent(request);
    for (const language of LANGUAGES) {
      await page.goto('/');
      await storeLanguage(page, language);
      await page.goto(`/events/${event.id}`);
      const texts = readLocale(language, 'event-detail');
      const common = readLocale(language, 'common');
      await expect(page.getByTestId('add-to-calendar').getByRole('heading')).toHaveText(texts.calendar!.title!);
      await expect(page.getByTestId('guest-rsvp')).toHaveText(texts.rsvp!.cta!);
      await expect(page.getByTestId('header-sign-in')).toHaveText(common.nav!.signIn!);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    }
  });

  test('looks right on a phone and a laptop, light and dark (screenshots)', async ({ page, request }) => {
    test.setTimeout(180_000);
    const event = await guestReadableEvent(request, { withPhoto: true });
    mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
    for (const viewport of [
      { name: 'phone', width: 360, height: 740 },
      { name: 'desktop', width: 1280, height: 800 },
    ]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const theme of ['light', 'dark'] as const) {
        await page.goto('/');
        await page.evaluate((value) => {
          localStorage.setItem('theme', value);
          localStorage.setItem('selectedLanguage', 'en');
        }, theme);
        await page.goto(`/events/${event.id}`);
        await expect(page.getByTestId('add-to-calendar')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect
          .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
          .toBe(theme === 'dark');
        await expectNoSeriousAccessibilityViolations(page);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIRECTORY, `guest-event-${theme}-${viewport.name}.png`),
          fullPage: true,
        });
        await page.screenshot({
          path: path.join(SCREENSHOT_DIRECTORY, `guest-event-${theme}-${viewport.name}-fold.png`),
        });
      }
    }
  });
});
