import { PAGE_DATA_ELEMENT_ID, type PageData } from '@contract/page-data';

/**
 * What the service worker (web/service-worker.ts) keeps for offline use, as plain functions the unit
 * tests can run (decision 0037). Both caches hold one person's data: they are deleted together whenever
 * the server says the person changed or left (`PERSONAL_CACHES`).
 */

/** Rendered pages, by address: the screens this person last saw. */
export const PAGES_CACHE = 'pitchin-pages';
/** GET answers of the API, by address: what those screens read, and the ticket. */
export const API_CACHE = 'pitchin-api';
export const PERSONAL_CACHES = [PAGES_CACHE, API_CACHE] as const;
/** Not a page: the entry of PAGES_CACHE that says whose pages the caches hold (a user id). */
export const CACHED_USER_PATH = '/offline-cache-owner';

/**
 * API reads never kept: the session and account calls (a shared phone must not answer them from a
 * cache), the sign-in pages, the live stream (SSE, never complete), the organizer's door (it keeps its
 * own list in IndexedDB, decision 0028, and its codes are other people's tickets), the calendar feed
 * (its address is its secret) and the API documents. Downloads (navigations to /api) are not kept either.
 */
const NEVER_CACHED_API = [
  /^\/api\/auth(\/|$)/,
  /^\/api\/(login|logout|callback)(\/|$)/,
  /^\/api\/stream$/,
  /^\/api\/events\/[^/]+\/check-(ins?|outs?)(\/|$)/,
  /^\/api\/calendar(-feed)?(\/|$)/,
  /^\/api\/docs(\/|$)/,
];

export function isCachedApiPath(pathName: string): boolean {
  return pathName.startsWith('/api/') && !NEVER_CACHED_API.some((pattern) => pattern.test(pathName));
}

/** Navigations the worker answers: the app's pages, not the sign-in pages the server serves under /api. */
export function isAppPagePath(pathName: string): boolean {
  return pathName !== '/api' && !pathName.startsWith('/api/');
}

const PAGE_DATA_PATTERN = new RegExp(
  `(<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">)([\\s\\S]*?)(</script>)`,
);

/** The page data the server put into a page (contract/page-data.ts), or null when it has none. */
export function readPageDataOf(html: string): PageData | null {
  const text = PAGE_DATA_PATTERN.exec(html)?.[2];
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData | null;
    return data && Array.isArray(data.queries) ? data : null;
  } catch {
    return null;
  }
}

/**
 * A page for an address never seen, made from one that was: the same person, no answers and no
 * rendering, so the app renders the address itself from its precached code and shows what it shows
 * offline (the screen's offline state), not the browser's error page or another screen's HTML.
 */
export function toOfflineShell(html: string): string | null {
  const page = readPageDataOf(html);
  if (!page?.user) return null;
  const shellData: PageData = { user: page.user, queries: [], renderedWith: null };
  let shell = html.replace(
    PAGE_DATA_PATTERN,
    (_match, opening: string, _text: string, closing: string) =>
      `${opening}${JSON.stringify(shellData).replace(/</g, '\\u003c')}${closing}`,
  );
  // The rendered screen goes: the app would otherwise show another address's screen until it rendered.
  const rootStart = shell.indexOf('<div id="root">');
  const bodyEnd = shell.lastIndexOf('</body>');
  const rootEnd = shell.lastIndexOf('</div>', bodyEnd);
  if (rootStart !== -1 && rootEnd > rootStart)
    shell = `${shell.slice(0, rootStart)}<div id="root"></div>${shell.slice(rootEnd + '</div>'.length)}`;
  // Without a rendering, the pre-paint script applies the stored language itself (web/pre-paint.js).
  return shell.replace(/ data-rendered-language="[^"]*"/, '');
}

/**
 * The ticket of an event page's person, to keep whenever the page is kept: the QR code at the door is
 * what a volunteer most needs when the venue has no signal (ticket-card.tsx shows it to people holding
 * a place). The server answers 404 for people who hold none; those answers are not kept.
 */
export function ticketUrlsOf(page: PageData): string[] {
  const urls: string[] = [];
  for (const { url, data } of page.queries) {
    const match = /^\/api\/events\/(\d+)$/.exec(url);
    const status = (data as { userRsvpStatus?: unknown } | null)?.userRsvpStatus;
    if (match && status !== null && status !== undefined)
      urls.push(`/api/events/${match[1]}/ticket`, `/api/events/${match[1]}/ticket/qr-code`);
  }
  return urls;
}
