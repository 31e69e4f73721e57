import { PAGE_DATA_ELEMENT_ID, type PageData } from '@contract/page-data';

/**
 * What the server put in the page (contract/page-data.ts), or null when the page carries nothing: a
 * signed-out visitor's page it did not render, or a page not sent by the app's server (the Vite dev
 * server). Trusted as the server wrote it: parsing it with zod would bring zod into every first load.
 */
export function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData | null;
    const isUser = data?.user === null || typeof data?.user?.id === 'string';
    return data && isUser && Array.isArray(data.queries) ? data : null;
  } catch {
    return null;
  }
}

const COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Writes a cookie for the server's renderings: for a year, or with `isSession` until the browser closes.
 * Through the Cookie Store API where there is one: Chromium files every document.cookie use as a
 * performance issue (it blocks the main thread), which Lighthouse and the browser tests count.
 */
export function writePageCookie(name: string, value: string, { isSession = false } = {}): void {
  if (typeof cookieStore !== 'undefined') {
    const expires = isSession ? undefined : Date.now() + COOKIE_LIFETIME_MS;
    cookieStore.set({ name, value, path: '/', expires, sameSite: 'lax' }).catch(() => {
      // Cookies can be blocked; the server then renders with its defaults and the app corrects them.
    });
    return;
  }
  const pair = `${name}=${encodeURIComponent(value)}`;
  if (document.cookie.split('; ').includes(pair)) return;
  document.cookie = `${pair}; path=/; ${isSession ? '' : `max-age=${COOKIE_LIFETIME_MS / 1000}; `}samesite=lax`;
}

/**
 * Mirrors one of the browser's own settings (language, theme, time zone) into a cookie for a year, so
 * the server renders the next page with it. The stored setting stays the truth.
 */
export function mirrorToCookie(name: string, value: string): void {
  writePageCookie(name, value);
}
