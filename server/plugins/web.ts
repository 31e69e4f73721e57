import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pLimit from 'p-limit';
import { PAGE_DATA_ELEMENT_ID, type PageData, type RenderedWith } from '../../contract/page-data';
import { type RouteManifest, routeManifestSchema } from '../../contract/route-manifest';
import { PUBLIC_STATS_PATH } from '../../contract/stats';
import { isAppPageRequest } from '../lib/app-page';
import { deferPageScripts } from '../lib/deferred-scripts';
import { withDocumentLanguage } from '../lib/page-language';
import type { PageLoaders } from '../lib/page-loaders';
import { canRenderPages, loadPageRenderer, type PageRenderer, readRenderSettings } from '../lib/page-rendering';
import { toScriptJson } from '../lib/script-json';
import { SERVICE_WORKER_FILE, withServiceWorkerRegistration } from '../lib/service-worker-registration';
import type { WebDevelopmentSources } from '../lib/web-dev-server';
import { toUser } from '../modules/auth/auth.service';

type HeadRenderer = (request: FastifyRequest) => Promise<string | null>;

/** Marks in index.html between which the server may put page-specific tags (link previews). */
const HEAD_START = '<!-- head:start -->';
const HEAD_END = '<!-- head:end -->';
const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * Put in pages sent to a browser that is not signed in (no session cookie, or one that names no live
 * session). The app then knows the visitor is signed out without asking GET /api/auth/user, whose 401
 * (signed out) Chromium logs as a console error on every visitor's first page.
 */
export const NO_SESSION_MARKER = '<meta name="pitchin-session" content="none" />';
/** Put in a page that answers 404 (an unknown path, event or organization): not one for search engines to keep. */
export const NO_INDEX_MARKER = '<meta name="robots" content="noindex" />';
/** How long a page may take to render on the server before it goes out for the browser to render. */
const RENDER_TIMEOUT_MS = 2_000;
/**
 * Under `npm run dev` the first page of a screen waits for Vite to compile its modules for the server,
 * seconds on a busy laptop: the developer would rather wait for the server's rendering than get the
 * browser's in its place, which is not what production sends.
 */
const DEVELOPMENT_RENDER_TIMEOUT_MS = 60_000;
/**
 * A rendering is about 5-10 ms of CPU on this 2-core machine, so more than two at once only interleave
 * and hold more memory: twenty at once took the bench's server from 140 to 300 MB (its target is 200 MB).
 */
export const RENDERINGS_AT_ONCE = 2;
/**
 * Past this many waiting, a page goes out for the browser to render, as it did before server
 * rendering: under a burst the page stays quick to answer and the server's memory stays bounded.
 */
export const RENDERINGS_WAITING = 8;

type RouteMatch = { route: RouteManifest['routes'][number]; params: Record<string, string> } | null;

export function readRouteManifest(webDistDirectory: string, warn: (message: string) => void): RouteManifest | null {
  const file = path.join(webDistDirectory, '.vite', 'route-manifest.json');
  if (!existsSync(file)) return null;
  const parsed = routeManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (parsed.success) return parsed.data;
  // A build from another version of the app: its pages still work, only later and without data.
  warn(`Ignoring ${file}: ${parsed.error.message}`);
  return null;
}

type RouteMatcher = (pathName: string) => RouteMatch;

/** The manifest's route patterns compiled once, not for every page. */
function createRouteMatcher(manifest: RouteManifest): RouteMatcher {
  const patterns = manifest.routes.map((route) => ({ route, pattern: new RegExp(route.pattern) }));
  return (pathName) => {
    for (const { route, pattern } of patterns) {
      const match = pattern.exec(pathName);
      if (match)
        return { route, params: Object.fromEntries(route.keys.map((key, index) => [key, match[index + 1] ?? ''])) };
    }
    return null;
  };
}

/** The chunks of the locale files `namespaces` in `language` and in English, every language's fallback. */
export function localeChunks(manifest: RouteManifest, namespaces: readonly string[], language: string): string[] {
  const filesOf = (code: string) =>
    namespaces.map((namespace) => manifest.locales[`${code}/${namespace}`]).filter((file) => file !== undefined);
  const english = filesOf('en');
  const other = language === 'en' ? [] : filesOf(language);
  // The tables of locale chunks come first: the app reaches every locale file through them.
  return [
    ...(english.length > 0 ? [manifest.englishLocaleLoaders] : []),
    ...(other.length > 0 ? [manifest.localeLoaders] : []),
    ...other,
    ...english,
  ];
}

/** modulepreload tags for `files`, once each, leaving out those the page already names (the entry's own). */
export function preloadTags(files: Iterable<string>, indexHtml: string): string {
  return [...new Set(files)]
    .filter((file) => !indexHtml.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * The modulepreload tags a signed-in page needs for the screen the path names: the signed-in app, the
 * page and their imports, and the locale files its first render reads in the visitor's language.
 * Without them a phone fetches these in three or four waves, each starting only when the previous one
 * has run (Lighthouse's largest paint waited on that chain).
 */
function signedInPreloadTags(manifest: RouteManifest, match: RouteMatch, language: string, indexHtml: string): string {
  const namespaces = [...manifest.shell.namespaces, ...(match?.route.namespaces ?? [])];
  return preloadTags(
    [...manifest.signedIn, ...(match?.route.files ?? []), ...localeChunks(manifest, namespaces, language)],
    indexHtml,
  );
}

type PageQuery = { template: string; url: string; params: Readonly<Record<string, string>> };

/** The GET calls a page starts with: the chrome's and the route's, with its path parameters filled in. */
function pageQueries(manifest: RouteManifest, match: RouteMatch): PageQuery[] {
  const params = match?.params ?? {};
  return [...manifest.shell.queries, ...(match?.route.queries ?? [])].map((template) => ({
    template,
    url: template.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? '')),
    params,
  }));
}

/** The landing page shows the public figures (decisions.md §21); it has no entry in the route table. */
const LANDING_QUERIES: PageQuery[] = [{ template: PUBLIC_STATS_PATH, url: PUBLIC_STATS_PATH, params: {} }];

/** The paths a guest opens as a page of its own (an event, an organization), besides the landing page. */
const GUEST_PAGE_PATTERN = /^\/(?:events|o)\/[^/]+\/?$/;

/** A guest's page (an event, an organization) needs the page and its translations, but none of the signed-in app. */
function guestPreloadTags(manifest: RouteManifest, match: RouteMatch, language: string, indexHtml: string): string {
  const namespaces = [...manifest.signedOut.namespaces, ...(match?.route.namespaces ?? [])];
  return preloadTags([...(match?.route.files ?? []), ...localeChunks(manifest, namespaces, language)], indexHtml);
}

interface WebPluginOptions {
  webDistDirectory: string;
  /** dist/web-ssr, or null to send pages for the browser to render (SERVER_RENDERING=false). */
  serverRenderDirectory: string | null;
  /** The zone dates are rendered in until the browser told its own (config TIME_ZONE). */
  timeZone: string;
  renderHead?: HeadRenderer;
  /** What reads each call of the route table's `queries` (server/lib/page-loaders.ts). */
  pageLoaders?: PageLoaders;
  /** `npm run dev`: the page, the renderer and the route table from the sources through Vite. */
  development?: WebDevelopmentSources;
}

/**
 * Serves the built web app: fingerprinted assets cached forever, pages never cached, and every other
 * non-API path answered with the app so client routing works on reload and shared links. A signed-in
 * browser's page carries its user, the answers its screen starts with, and the server's rendering of
 * that screen (web/app/server-render.tsx); a visitor's page, the rendering of the landing page. The
 * app hydrates them (decision 0010).
 */
async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const development = options.development ?? null;
  const indexPath = path.join(options.webDistDirectory, 'index.html');
  const hasBuild = development === null && existsSync(indexPath);
  const builtIndexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  const manifest = development
    ? development.manifest
    : hasBuild
      ? readRouteManifest(options.webDistDirectory, (message) => app.log.warn(message))
      : null;
  const matchRoute = manifest ? createRouteMatcher(manifest) : () => null;
  // Loaded once the server listens (its first answers must not wait for a megabyte of module code),
  // or by the first page if that comes sooner.
  let renderer: Promise<PageRenderer | null> | null = null;
  const renderingSlots = pLimit(RENDERINGS_AT_ONCE);
  const loadBuiltRenderer = () =>
    (renderer ??= canRenderPages(options.webDistDirectory, options.serverRenderDirectory)
      ? loadPageRenderer(options.serverRenderDirectory).catch((error: unknown) => {
          app.log.error({ err: error }, 'Pages are sent without server rendering: its build could not be loaded');
          return null;
        })
      : Promise.resolve(null));
  // Under `npm run dev` Vite hands back the renderer as the sources are now, so an edit shows on the next page.
  const loadRenderer = development
    ? () =>
        development.loadRenderer().catch((error: unknown) => {
          app.log.error({ err: error }, 'This page is sent without server rendering: the renderer failed to load');
          return null;
        })
    : loadBuiltRenderer;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDistDirectory,
      prefix: '/',
      index: false,
      // One wildcard route: a missing file falls through to the not-found handler (the app or a JSON 404).
      wildcard: true,
      // The HTML pages are always rendered by sendApp / the sign-in route, never served raw.
      // Nor the build's own records (.vite/: its route manifest), which are the server's to read.
      allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.startsWith('/.vite/'),
      preCompressed: true,
      setHeaders(response, filePath) {
        const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          'cache-control',
          isFingerprinted
            ? 'public, max-age=31536000, immutable'
            : // Checked with the server on every update check, so a deploy reaches the worker at once (decision 0037).
              path.basename(filePath) === SERVICE_WORKER_FILE
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });

    // The build's scripts, styles and translations (about 50 a page): a route per file, found once at
    // start, as the build does not change under a running server. The wildcard route above lists a file's
    // folder on every request, to refuse a name spelled in another case (an alias on a case-insensitive
    // disk); with 840 files in assets/ that listing was 15 % of the server's work in the browser tests
    // (docs/benchmarks.md). A name not in the build still reaches the wildcard, which finds nothing.
    const assetsDirectory = path.join(options.webDistDirectory, 'assets');
    if (existsSync(assetsDirectory)) {
      await app.register(fastifyStatic, {
        root: assetsDirectory,
        prefix: '/assets/',
        index: false,
        wildcard: false,
        decorateReply: false,
        preCompressed: true,
        setHeaders(response) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
  }

  const pageLoaders = options.pageLoaders ?? {};
  const templatesWithoutLoader = new Set<string>();

  /** The page's first answers, read by the loaders with the page's own user (decisions.md §17). */
  async function readAnswers(request: FastifyRequest, queries: PageQuery[]): Promise<PageData['queries']> {
    return (await readPageAnswers(request, queries, null)).queries;
  }

  /**
   * readAnswers, telling too whether the page's own subject is missing: a loader of one of the route's own
   * calls about a path parameter (`/api/events/:id`, not the chrome's) answered nothing, as it does for an
   * unknown event or organization or a malformed id.
   */
  async function readPageAnswers(
    request: FastifyRequest,
    queries: PageQuery[],
    match: RouteMatch,
  ): Promise<{ queries: PageData['queries']; isMissing: boolean }> {
    const ownTemplates = new Set((match?.route.queries ?? []).filter((template) => template.includes('/:')));
    let isMissing = false;
    const answers = await Promise.all(
      queries.map(async ({ template, url, params }) => {
        const load = pageLoaders[template];
        if (!load) {
          // A route table entry without its loader: the page still works, fetching the call itself.
          if (!templatesWithoutLoader.has(template)) request.log.warn({ template }, 'No page loader for this call');
          templatesWithoutLoader.add(template);
          return null;
        }
        const data = await load(request, params);
        if (data === undefined && ownTemplates.has(template)) isMissing = true;
        return data === undefined ? null : { url, data };
      }),
    );
    return { queries: answers.filter((answer) => answer !== null), isMissing };
  }

  async function renderPage(
    request: FastifyRequest,
    url: string,
    page: Omit<PageData, 'renderedWith'>,
    settings: RenderedWith,
  ): Promise<string | null> {
    const loaded = await loadRenderer();
    if (!loaded) return null;
    if (renderingSlots.pendingCount >= RENDERINGS_WAITING) {
      request.log.debug('Too many pages waiting for a rendering; this one goes out for the browser to render');
      return null;
    }
    try {
      return await renderingSlots(() =>
        loaded.renderPage({
          url,
          page,
          renderedWith: settings,
          timeoutMs: development ? DEVELOPMENT_RENDER_TIMEOUT_MS : RENDER_TIMEOUT_MS,
        }),
      );
    } catch (error) {
      // The page still works: the browser renders it, as it does without server rendering.
      request.log.error({ err: error }, 'Server rendering failed; the page goes out for the browser to render');
      return null;
    }
  }

  // A signed-out page holds nothing of its visitor: one rendering serves everyone with the same
  // language, theme and starting answers, and visitors arriving together share the one being made. The
  // year is in the key for the landing page's footer; the answers (the public figures, read at most once
  // per five minutes) so that new figures get a new rendering.
  const signedOutPages = new Map<string, Promise<string | null>>();
  async function renderSignedOutPage(
    request: FastifyRequest,
    settings: RenderedWith,
  ): Promise<{ rendered: string | null; queries: PageData['queries'] }> {
    const isLanding = (request.url.split('?')[0] ?? '/') === '/';
    // Without its figures the landing page still goes out: it then asks for them itself.
    const queries = isLanding
      ? await readAnswers(request, LANDING_QUERIES).catch((error: unknown) => {
          request.log.error({ err: error }, 'The landing page goes out without its figures');
          return [];
        })
      : [];
    const page = { user: null, queries };
    if (development)
      return { rendered: await renderPage(request, isLanding ? '/' : request.url, page, settings), queries };
    const key = `${isLanding ? 'landing' : 'not-found'} ${settings.language} ${settings.theme} ${new Date().getUTCFullYear()} ${JSON.stringify(queries)}`;
    let rendering = signedOutPages.get(key);
    if (rendering === undefined) {
      // Bounded by the languages, themes and the two pages (and the figures of the last minutes);
      // cleared rather than grown past that.
      if (signedOutPages.size >= 100) signedOutPages.clear();
      rendering = renderPage(request, isLanding ? '/' : request.url, page, settings);
      signedOutPages.set(key, rendering);
      // A failed rendering is tried again by the next visitor.
      void rendering.then((rendered) => {
        if (rendered === null) signedOutPages.delete(key);
      });
    }
    return { rendered: await rendering, queries };
  }

  /**
   * Puts the page data, the hints and, when the server rendered it, the screen into the page. The
   * scripts of a rendered page load after its first paint (server/lib/deferred-scripts.ts).
   */
  function fillPage(html: string, hints: string, pageData: PageData, rendered: string | null): string {
    // Replacer functions: the user's names and the rendering may hold `$&` and its kin.
    let filled = html.replace(
      '</head>',
      () =>
        `${hints}<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${toScriptJson(pageData)}</script></head>`,
    );
    if (rendered === null || pageData.renderedWith === null) return filled;
    // Vite's client and hot reload start as Vite wrote them; only a build's scripts wait for the first paint.
    if (!development) filled = deferPageScripts(filled);
    filled = filled.replace(ROOT_ELEMENT, () => `<div id="root">${rendered}</div>`);
    // The pre-paint script compares it with the stored language (index.html, decision 0010).
    return filled.replace('<html ', `<html data-rendered-language="${pageData.renderedWith.language}" `);
  }

  /** An event's and an organization's page are the pages besides the landing page a guest may open. */
  function matchGuestPage(url: string): RouteMatch {
    const pathName = url.split('?')[0] ?? '/';
    return GUEST_PAGE_PATTERN.test(pathName) ? matchRoute(pathName) : null;
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const indexHtml = development ? await development.readIndexHtml(request.url) : builtIndexHtml;
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does it for you).');
    }
    let html = indexHtml;
    const head = options.renderHead ? await options.renderHead(request) : null;
    if (head !== null) {
      const start = html.indexOf(HEAD_START);
      const end = html.indexOf(HEAD_END);
      if (start !== -1 && end > start) html = html.slice(0, start + HEAD_START.length) + head + html.slice(end);
    }
    const settings = readRenderSettings(request.cookies, options.timeZone);
    // Rendered or not, the page is in this language from its first paint: the browser starts in it
    // unless a stored choice says otherwise (decision 0013).
    html = withDocumentLanguage(html, settings.language);
    // The session plugin resolved the cookie for this page (isAppPageRequest).
    const guestMatch = request.user ? null : matchGuestPage(request.url);
    // Missing pages answer 404 with the app's page, which shows "not found" (decisions §26); search engines
    // are asked not to keep them.
    let isMissing: boolean;
    const pathName = request.url.split('?')[0] ?? '/';
    if (guestMatch) {
      // A guest's event or organization page, rendered with the answer as a guest reads it (no session,
      // userRsvpStatus null, viewerRole null). It is per page, so not among the shared signed-out renderings.
      html = html.replace('</head>', `${NO_SESSION_MARKER}</head>`);
      const answers = manifest
        ? await readPageAnswers(request, pageQueries(manifest, guestMatch), guestMatch)
        : { queries: [], isMissing: false };
      isMissing = answers.isMissing;
      const page = { user: null, queries: answers.queries };
      const rendered = await renderPage(request, request.url, page, settings);
      const hints = manifest ? guestPreloadTags(manifest, guestMatch, settings.language, indexHtml) : '';
      html = fillPage(html, hints, { ...page, renderedWith: rendered === null ? null : settings }, rendered);
    } else if (!request.user) {
      // A path of no route of the app (a signed-in screen's path is not missing: the guest signs in for it).
      isMissing = manifest !== null && matchRoute(pathName) === null;
      html = html.replace('</head>', `${NO_SESSION_MARKER}</head>`);
      const { rendered, queries } = await renderSignedOutPage(request, settings);
      const hints = manifest
        ? preloadTags(localeChunks(manifest, manifest.signedOut.namespaces, settings.language), indexHtml)
        : '';
      // A page left for the browser to render waits for these translations before its first paint, and
      // carries the landing page's figures all the same: the landing page has no fetch of its own.
      html = fillPage(
        html,
        hints,
        { user: null, queries, renderedWith: rendered === null ? null : settings },
        rendered,
      );
    } else {
      // The loading state (the landing page while the auth check runs) never shows: the page
      // carries the user, and the screen itself when the server could render it.
      const match = matchRoute(pathName);
      const answers = manifest
        ? await readPageAnswers(request, pageQueries(manifest, match), match)
        : { queries: [], isMissing: false };
      // No route of the app's route table: the signed-in app shows its not-found page.
      isMissing = manifest !== null && (match === null || answers.isMissing);
      const page = { user: toUser(request.user), queries: answers.queries };
      const rendered = await renderPage(request, request.url, page, settings);
      const hints = manifest ? signedInPreloadTags(manifest, match, settings.language, indexHtml) : '';
      html = fillPage(html, hints, { ...page, renderedWith: rendered === null ? null : settings }, rendered);
      // A build's pages only: under `npm run dev` there is no worker to register.
      if (!development) html = withServiceWorkerRegistration(html);
    }
    if (isMissing) html = html.replace('</head>', `${NO_INDEX_MARKER}</head>`);
    return reply
      .status(isMissing ? 404 : 200)
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/', { schema: { hide: true } }, sendApp);

  // Once listening, so neither delays the start (the first answer must come within 2 s).
  app.addHook('onListen', async () => {
    if (development) return;
    setImmediate(() => {
      void loadRenderer()
        .then((loaded) => loaded?.warmUp())
        .catch((error: unknown) => app.log.warn({ err: error }, 'Warming up the page renderer failed'));
    });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (isAppPageRequest(request.method, request.url)) return sendApp(request, reply);
    return reply
      .status(404)
      .send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}

export default fp(webPlugin, { name: 'web' });
