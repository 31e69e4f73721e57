import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { createEventWith, signUpWith } from './support/accounts';
import { useLanguage } from './support/language';
import { gotoReadingPublicStats } from './support/public-stats';

/**
 * Copy in every language: people's own text keeps its own direction, figures are written the
 * language's way, and labels fit (the Journey chart's months, the category badges, both navigations).
 */

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar'] as const;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('copy and languages', () => {
  test('in Arabic, titles, descriptions and messages people wrote are laid out by their own direction', async ({
    page,
    user,
    newPerson,
  }) => {
    await useLanguage(page, 'ar');
    const title = `Beach cleanup (Lisbon)! ${Date.now()}`;
    const event = await createEventWith(page.request, {
      title,
      description: 'Bring gloves, water & a hat.',
      location: 'Praia da Rainha, Cascais',
    });
    await page.goto('/my-events');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = page.getByTestId('event-card').filter({ hasText: title });
    await expect(card.getByRole('link', { name: title, exact: true })).toHaveAttribute('dir', 'auto');
    await expect(card.getByTestId('event-card-description')).toHaveAttribute('dir', 'auto');

    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('dir', 'auto');
    await expect(page.getByTestId('event-description')).toHaveAttribute('dir', 'auto');

    const friend = await newPerson({ firstName: 'Bea' });
    const sent = await friend.request.post('/api/messages', {
      data: { receiverId: user.id, content: 'See you at 9 (by the pier)!' },
    });
    expect(sent.status()).toBe(201);
    await page.goto(`/chat/${friend.user.id}`);
    const message = page.getByTestId('thread-message-content').last();
    await expect(message).toHaveText('See you at 9 (by the pier)!');
    await expect(message).toHaveAttribute('dir', 'auto');
    // Laid out left to right inside the right-to-left page: the "!" stays at the end of the English.
    expect(await message.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');

    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toHaveAttribute('dir', 'auto');
    // An address inside a translated sentence is isolated, so its "-" and "." keep their places.
    await expect(page.getByTestId('email-verification-banner')).toContainText(`\u2068${user.email}\u2069`);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the Journey chart's month labels in Arabic neither overlap nor leave the chart (${viewport.width}px)`, async ({
      page,
      user,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, 'ar');
      await page.goto('/journey');
      const chart = page.getByTestId('hours-chart');
      const labels = chart.getByTestId('hours-chart-label');
      await expect(labels).toHaveCount(12);
      const area = (await chart.getByTestId('hours-chart-labels').boundingBox())!;
      const placed = await labels.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return {
            month: element.getAttribute('data-month'),
            text: element.textContent,
            isClipped: element.scrollWidth > element.clientWidth,
            box: { x: box.x, y: box.y, width: box.width, height: box.height },
          };
        }),
      );
      const bars = await chart.getByTestId('hours-chart-bar').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { month: element.getAttribute('data-month'), left: box.left, right: box.right };
        }),
      );
      for (const label of placed) {
        expect(label.isClipped, `${label.text} is cut off`).toBe(false);
        expect(label.box.x, `${label.text} starts inside the chart`).toBeGreaterThanOrEqual(area.x - 0.5);
        expect(label.box.x + label.box.width, `${label.text} ends inside the chart`).toBeLessThanOrEqual(
          area.x + area.width + 0.5,
        );
        // Under its own bar: time runs right to left in Arabic, the labels with it.
        const bar = bars.find((candidate) => candidate.month === label.month)!;
        const center = label.box.x + label.box.width / 2;
        const barCenter = (bar.left + bar.right) / 2;
        const slot = area.width / 12;
        expect(Math.abs(center - barCenter), `${label.text} sits under its bar`).toBeLessThanOrEqual(slot);
      }
      for (let first = 0; first < placed.length; first += 1)
        for (let second = first + 1; second < placed.length; second += 1)
          expect(
            overlaps(placed[first]!.box, placed[second]!.box),
            `${placed[first]!.text} and ${placed[second]!.text} overlap`,
          ).toBe(false);
    });
  }

  test('figures are written the German way, on the landing page and on Home', async ({ page }) => {
    await useLanguage(page, 'de');
    const stats = await gotoReadingPublicStats(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const compact = new Intl.NumberFormat('de', { notation: 'compact', maximumFractionDigits: 1 });
    await expect(page.locator('section[aria-labelledby="stats-title"] span[dir="ltr"]')).toHaveText([
      compact.format(stats.volunteers),
      compact.format(stats.eventsThisMonth),
      compact.format(stats.verifiedHours),
      compact.format(stats.communities),
    ]);
    // Intl's German has no short form for thousands: no English "2.3k" on a German page.
    expect(compact.format(2330)).toBe('2330');

    await signUpWith(page.context().request);
    const read = await gotoReadingPublicStats(page, '/');
    await expect(page.getByTestId('stat-verifiedHours')).toContainText(compact.format(read.verifiedHours));
    await expect(page.getByTestId('stat-volunteers')).toContainText(compact.format(read.volunteers));
  });

  test('the phone tab bar and the desktop navigation use the same words in every language', async ({ page, user }) => {
    await page.goto('/journey');
    // Each language chosen in the header's menu, as a person switches: the page draws itself again in it, with
    // no page load (two per language before, a reload and the language handshake's second one).
    for (const language of LANGUAGES) {
      await page.getByTestId('language-picker').click();
      await page.getByTestId(`language-option-${language}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('language-menu')).toBeHidden();
      // Drawn in the language chosen, not the one before it: its Home (web/locales/<language>/common.json).
      const common = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, `../web/locales/${language}/common.json`), 'utf8'),
      ) as { nav: { home: string } };
      await expect(page.getByTestId('bottom-nav').getByTestId('bottom-nav-label').first()).toHaveText(common.nav.home);
      await expect(page.getByTestId('main-nav').getByRole('link').first()).toHaveText(common.nav.home);
      const tabs = await page.getByTestId('bottom-nav').getByTestId('bottom-nav-label').allTextContents();
      const links = await page.getByTestId('main-nav').getByRole('link').allTextContents();
      expect(tabs, language).toHaveLength(5);
      expect(
        tabs.map((text) => text.trim()),
        language,
      ).toEqual(links.slice(0, 5).map((text) => text.trim()));
    }
  });

  for (const viewport of [PHONE, { width: 1024, height: 800 }, DESKTOP]) {
    test(`category badges are whole in German (${viewport.width}px)`, async ({ page, user }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, 'de');
      const categories = (await (await page.request.get('/api/categories')).json()) as Array<{
        id: number;
        name: string;
      }>;
      const longest = categories.find((category) => category.name === 'Food Distribution') ?? categories[0]!;
      const event = await createEventWith(page.request, { categoryId: longest.id });
      await page.goto('/my-events');
      const card = page.getByTestId('event-card').filter({ hasText: event.title });
      const badges = [card.getByTestId('event-card-category'), card.getByTestId('event-card-category-label')];
      await expect(badges[1]!).toHaveText('Lebensmittelausgabe');
      await page.goto(`/events/${event.id}`);
      badges.push(page.getByTestId('category-badge'), page.getByTestId('category-badge-label'));
      await expect(page.getByTestId('category-badge-label')).toHaveText('Lebensmittelausgabe');
      for (const badge of badges.slice(2)) {
        const { scrollWidth, clientWidth } = await badge.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }
      await page.goto('/my-events');
      for (const badge of badges.slice(0, 2)) {
        const { scrollWidth, clientWidth } = await badge.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }
    });
  }
});
