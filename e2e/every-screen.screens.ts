import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { createEventWith } from './support/accounts';

/**
 * Every screen at a phone's 360×740 and a laptop's 1280×800, light and dark, in English and Arabic (right
 * to left): `npx playwright test -c e2e/screenshots.config.ts e2e/every-screen.screens.ts`, into
 * screenshots/every-screen/, to be looked at before a change to the look is called done.
 */
const DIRECTORY = path.resolve(import.meta.dirname, '../screenshots/every-screen');
const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SIGNED_IN_SCREENS = [
  '/',
  '/discover',
  '/my-events',
  '/messages',
  '/friends',
  '/groups',
  '/chat',
  '/profile',
  '/journey',
  '/settings',
  '/no-such-page',
];

async function choose(page: Page, theme: 'light' | 'dark', language: string) {
  await page.evaluate(
    ([themeValue, languageValue]) => {
      localStorage.setItem('theme', themeValue!);
      localStorage.setItem('selectedLanguage', languageValue!);
    },
    [theme, language],
  );
}

function nameOf(screen: string) {
  return screen === '/' ? 'home' : screen.slice(1).replaceAll('/', '-');
}

for (const language of ['en', 'ar']) {
  test(`every screen in ${language}`, async ({ page, browser, signUp }) => {
    test.setTimeout(900_000);
    mkdirSync(DIRECTORY, { recursive: true });
    await signUp({ firstName: 'Nadia' });
    const event = await createEventWith(page.context().request, { title: 'Beach clean-up at dawn', categoryId: 2 });
    const screens = [...SIGNED_IN_SCREENS, `/events/${event.id}`];
    const guest = await browser.newPage();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await guest.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        const file = (name: string) => path.join(DIRECTORY, `${language}-${name}-${theme}-${size.name}.png`);
        await page.goto('/');
        await choose(page, theme, language);
        for (const screen of screens) {
          await page.goto(screen);
          await page.locator('html[data-screen-live="true"]').waitFor({ state: 'attached' });
          await page.waitForTimeout(700);
          await page.screenshot({ path: file(screen.startsWith('/events/') ? 'event' : nameOf(screen)) });
        }
        // What a visitor without a session sees: the landing page, the sign-in page and a shared event.
        await guest.goto('/');
        await choose(guest, theme, language);
        for (const [name, screen] of [
          ['landing', '/'],
          ['sign-in', '/api/login'],
          ['guest-event', `/events/${event.id}`],
        ] as const) {
          await guest.goto(screen);
          await guest.waitForTimeout(900);
          await guest.screenshot({ path: file(name) });
        }
      }
    }
    await guest.close();
  });
}
