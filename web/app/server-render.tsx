import type { ReactNode } from 'react';
// The edge build, not Node's: Node's runs every rendering inside an AsyncLocalStorage, and on Node 20
// the first such run turns on async hooks for the whole process for good. Every await of every API
// request then cost about 2.5 times as much (the bench's event list fell from 30 000 to 10 000 answers
// a second). The edge build uses AsyncLocalStorage only where it is a global, which Node's is not.
import { prerender } from 'react-dom/static.edge';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18nInstance } from 'i18next';
import { Router } from 'wouter';
import type { PageData, RenderedWith } from '@contract/page-data';
import { LANGUAGE_CODES } from '@contract/languages';
import { i18n, normalizeLanguage } from '@/lib/i18n';
import { PagePathContext } from '@/lib/page-path';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot } from './app-root';
import { ROUTE_TABLE } from './route-table';

/**
 * The server's rendering of a page (built by `vite build` into dist/web-ssr, called by
 * server/plugins/web.ts): a signed-in user's screen, or a signed-out visitor's landing page. The HTML
 * shows the screen from the first response, where the browser alone needed the whole script first:
 * on a phone over slow 4G that is the difference between the screen at about 1 s and at 2 to 3 s.
 * The browser then hydrates the same tree (main.tsx).
 *
 * It renders the app the browser runs, with the same texts, the answers the page carries and the
 * theme and time zone the browser mirrored into cookies. Lists the page fetches itself render as
 * their loading state, exactly as the browser's first render shows them.
 */

// Every translation, loaded once: the server renders any language without waiting for a file.
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(localeFiles)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (language && namespace) (resources[language] ??= {})[namespace] = texts;
}

// The app-wide instance, which some modules use outside rendering, initialised once; each language
// renders through a clone sharing its texts.
void i18n.init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGE_CODES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly',
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  fallbackNS: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
  initAsync: false,
});
const instances = new Map<string, I18nInstance>(
  LANGUAGE_CODES.map((code) => [code, i18n.cloneInstance({ lng: code, initAsync: false })]),
);

export interface RenderInput {
  /** The page's path and query string, e.g. `/discover?search=park`. */
  url: string;
  page: Pick<PageData, 'user' | 'queries'>;
  renderedWith: RenderedWith;
  /** Rendering stops here and the page goes out without the server's HTML (the browser renders it). */
  timeoutMs: number;
}

/**
 * The HTML of the app for `#root`, or an error when any part of it failed to render or could not be
 * rendered without script. A page without a user is a signed-out visitor's.
 */
export async function renderPage(input: RenderInput): Promise<string> {
  // A lazy screen or chunk not loaded yet in this process suspends the first rendering of its page,
  // and React then sends that part afterwards with an inline script to put it in place, which the
  // CSP refuses. The second rendering finds it loaded.
  for (let attempt = 1; ; attempt += 1) {
    const html = await renderOnce(input);
    if (!html.includes('<script')) return html;
    if (attempt === 3) throw new Error(`The rendering of ${input.url} still suspends after ${attempt} attempts`);
  }
}

async function renderOnce({ url, page, renderedWith, timeoutMs }: RenderInput): Promise<string> {
  const [pathName = '/', search = ''] = url.split('?', 2);
  const i18nInstance = instances.get(normalizeLanguage(renderedWith.language)) ?? i18n;
  const errors: unknown[] = [];
  const tree: ReactNode = (
    <I18nextProvider i18n={i18nInstance}>
      <PagePathContext value={pathName}>
        <Router ssrPath={pathName} ssrSearch={search}>
          <AppRoot
            initialAuth={page.user ? { status: 'signedIn', user: page.user } : { status: 'signedOut' }}
            initialQueries={page.queries}
            renderedWith={renderedWith}
            queryClient={createQueryClient()}
          />
        </Router>
      </PagePathContext>
    </I18nextProvider>
  );
  const signal = AbortSignal.timeout(timeoutMs);
  const { prelude } = await prerender(tree, {
    signal,
    // React sends a large part on its own, placed by an inline script, which the CSP refuses: one piece.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  const html = await new Response(prelude).text();
  // Stopped by the timeout, React leaves loading states where the rest would be: not worth sending.
  if (signal.aborted) throw new Error(`The rendering of ${url} took over ${timeoutMs} ms`);
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html;
}

/**
 * Renders every screen once for a made-up user, and the landing page, and drops the result: a fresh process spent
 * 70-140 ms on the first rendering of each screen (loading its code, compiling it), which the first visitors' pages
 * would otherwise wait for. Call it after the server started listening.
 */
export async function warmUp(): Promise<void> {
  const user = {
    id: 'warm-up',
    firstName: 'Warm',
    lastName: 'Up',
    email: null,
    profileImageUrl: null,
    createdAt: new Date(0).toISOString(),
    emailVerified: true,
  };
  for (const route of ROUTE_TABLE) {
    const url = route.path.replace(/\/:[a-z]+\?/gi, '').replace(/:[a-z]+/gi, '0');
    await renderPage({
      url,
      page: { user, queries: [] },
      renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
      timeoutMs: 10_000,
    });
  }
  await renderPage({
    url: '/',
    page: { user: null, queries: [] },
    renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
    timeoutMs: 10_000,
  });
}
