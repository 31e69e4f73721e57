import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@contract/languages';
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
 * The person's language's translation files, which the precache leaves out (it holds English only):
 * filled whenever a kept page names a language, so a screen never opened is in that language offline too.
 * Not personal (the same files for everyone reading the language), so signing out keeps them.
 */
export const LANGUAGE_CACHE = 'pitchin-language';
/** Not a file: the entry of LANGUAGE_CACHE that names the language its files are of. */
export const CACHED_LANGUAGE_PATH = '/offline-language';
/**
 * A sign-out made offline, recorded in a cache of its own (SIGN_OUT_PENDING_PATH, the user id): outside the
 * personal caches, which the sign-out empties, and outside the language cache, whose files are replaced
 * whenever a page is kept. The session cookie cannot be removed by script (HttpOnly), so the worker ends the
 * session with the server before anything else once the network is back.
 */
export const SIGN_OUT_CACHE = 'pitchin-sign-out';
export const SIGN_OUT_PENDING_PATH = '/offline-sign-out-pending';
/** The organizer's door queue (web/features/check-in/door-queue.ts): scans not yet sent, deleted by a sign-out. */
export const DOOR_QUEUE_DATABASE = 'pitchin-door';

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

/** The language a page was written in (its `lang`), English when it names none the app ships. */
export function readPageLanguageOf(html: string): LanguageCode {
  const language = /<html\b[^>]*?\slang="([^"]*)"/.exec(html)?.[1];
  return isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The translation files to keep for a language, from the build's table of `<language>/<namespace>` →
 * file (vite.config.ts): none for English, which the precache holds.
 */
export function languageTextUrlsOf(locales: Readonly<Record<string, string>>, language: LanguageCode): string[] {
  if (language === DEFAULT_LANGUAGE) return [];
  return Object.entries(locales)
    .filter(([key]) => key.startsWith(`${language}/`))
    .map(([, file]) => `/${file}`)
    .sort();
}

export type SignedOutTexts = { title: string; hint: string; home: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

/**
 * The page the worker answers a sign-out made offline with, and every page until the server has been
 * told: no app (its code would read the person's session), only what happened, in the person's language.
 */
export function toSignedOutPage(texts: SignedOutTexts, language: LanguageCode): string {
  const direction = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(texts.title)} · PitchIn</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 28rem; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
a { display: inline-block; margin-top: 1rem; padding: 0.625rem 1rem; border-radius: 0.5rem; background: #047857; color: #fff; text-decoration: none; font-weight: 600; }
@media (prefers-color-scheme: dark) { a { background: #34d399; color: #04281d; } }
</style>
</head>
<body>
<main data-testid="signed-out-offline">
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.hint)}</p>
<a href="/">${escapeHtml(texts.home)}</a>
</main>
</body>
</html>
`;
}
