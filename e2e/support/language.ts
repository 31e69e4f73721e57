import type { BrowserContext, Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '../../contract/page-data';
import { E2E_BASE_URL } from './e2e-settings';

/**
 * The language a person chose earlier, kept as the app keeps it once applied (web/lib/i18n.ts): in the
 * page's storage, and in the cookie the server writes its pages in. With the storage alone, the first page
 * is written in the cookie's language and asks for itself again (web/pre-paint.js): a second page load per
 * change. That handshake has its own tests (e2e/first-paint.spec.ts, e2e/server-rendering.spec.ts); the
 * others start from where it ends.
 */
/** Where the app keeps the chosen language (web/lib/i18n.ts, web/pre-paint.js). */
const LANGUAGE_STORAGE_KEY = 'selectedLanguage';

async function writeLanguageCookie(context: BrowserContext, language: string): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: E2E_BASE_URL, sameSite: 'Lax' }]);
}

/** The language chosen, for a page already open on the app: its next load is in that language. */
export async function storeLanguage(page: Page, language: string): Promise<void> {
  await writeLanguageCookie(page.context(), language);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: language,
  });
}

/** The language chosen, for every page this page or context loads from now on. */
export async function useLanguage(target: Page | BrowserContext, language: string): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  await writeLanguageCookie(context, language);
  await target.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: language,
  });
}
