/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@contract/languages';
import {
  API_CACHE,
  CACHED_LANGUAGE_PATH,
  CACHED_USER_PATH,
  DOOR_QUEUE_DATABASE,
  isAppPagePath,
  isCachedApiPath,
  LANGUAGE_CACHE,
  languageTextUrlsOf,
  PAGES_CACHE,
  PERSONAL_CACHES,
  readPageDataOf,
  readPageLanguageOf,
  SIGN_OUT_CACHE,
  SIGN_OUT_PENDING_PATH,
  type SignedOutTexts,
  ticketUrlsOf,
  toOfflineShell,
  toSignedOutPage,
} from '@/lib/service-worker-policy';

/**
 * The service worker (decision 0037): the build's code precached, rendered pages and API reads
 * network-first into per-person caches, and those caches deleted whenever the server says the person
 * changed or left. Built by vite-plugin-pwa (injectManifest) into /service-worker.js.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  /** `<language>/<namespace>` → translation file, written in by vite.config.ts when it builds this worker. */
  __LANGUAGE_TEXTS: Record<string, string>;
};

const LANGUAGE_TEXTS = self.__LANGUAGE_TEXTS;
/** Every language's translation files: answered from LANGUAGE_CACHE first. */
const LANGUAGE_TEXT_PATHS = new Set(Object.values(LANGUAGE_TEXTS).map((file) => `/${file}`));
/** The worker's own texts (the signed-out page), in every language: a few hundred bytes each. */
const SIGNED_OUT_TEXTS = Object.fromEntries(
  Object.entries(
    import.meta.glob<{ signedOut: SignedOutTexts }>('./locales/*/service-worker.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([file, texts]) => [file.split('/')[2], texts.signedOut]),
) as Record<string, SignedOutTexts>;

const DAY_SECONDS = 24 * 60 * 60;
/** Pages kept per person: the screens of the last days, not every event ever opened. */
const MAX_PAGES = 40;

// A new build takes over at once (decision 0037, "Updates"): pages are network-first, so an online page
// load already runs the new build's code whichever worker is active; waiting would only keep the old
// build's code and caches for offline loads until every tab closed, which on a phone is never.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The person's language's texts, kept whenever a page names the language (keepLanguageTexts).
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && LANGUAGE_TEXT_PATHS.has(url.pathname),
  new CacheFirst({ cacheName: LANGUAGE_CACHE }),
);

// What neither the precache nor the language cache holds (none in today's build: every script, style and
// font is precached, every translation file is the language route's), kept as screens load it.
// Fingerprinted names never change content, so the copy is always right.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'pitchin-assets', plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

/**
 * How many times this worker has emptied the personal caches. A read still on its way when they are emptied
 * (the page's last reads racing a sign-out) must not bring them back with the person's answers: `caches.open`
 * after a `caches.delete` makes the cache anew. Each read notes the count when it sets out and keeps nothing
 * if it changed before the answer came.
 */
let personalCachesEmptied = 0;

async function clearPersonalCaches() {
  personalCachesEmptied += 1;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

/** The language of the person's last kept page, English when none was kept. */
async function readCachedLanguage(): Promise<LanguageCode> {
  const language = await (await (await caches.open(LANGUAGE_CACHE)).match(CACHED_LANGUAGE_PATH))?.text();
  return isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

/** The language whose files this worker has kept (keepLanguageTexts), none at its start. */
let keptLanguage: LanguageCode | null = null;

/**
 * Keeps every translation file of the person's language (about 25 kB gzip), not only those their screens
 * loaded, so a screen never opened is in their language offline too (English is precached). A new
 * language replaces the old one's files, and a new build's files its predecessor's.
 */
async function keepLanguageTexts(language: LanguageCode) {
  // Every kept page asks; the files change only with the language or a new build (a new worker).
  if (language === keptLanguage) return;
  const cache = await caches.open(LANGUAGE_CACHE);
  const wanted = new Set(
    languageTextUrlsOf(LANGUAGE_TEXTS, language).map((url) => new URL(url, self.location.origin).href),
  );
  const languageEntry = new URL(CACHED_LANGUAGE_PATH, self.location.origin).href;
  const kept = (await cache.keys()).filter((request) => request.url !== languageEntry);
  await Promise.all(kept.filter((request) => !wanted.has(request.url)).map((request) => cache.delete(request)));
  const keptUrls = new Set(kept.map((request) => request.url));
  await cache.addAll([...wanted].filter((url) => !keptUrls.has(url)));
  await cache.put(CACHED_LANGUAGE_PATH, new Response(language));
  keptLanguage = language;
}

/**
 * A sign-out while offline (decision 0037, "Signing out offline"): what this device keeps of the person
 * goes at once (pages, reads and ticket, the door's unsent scans), and the sign-out is recorded so that
 * the server ends the session before this worker answers anything else.
 */
async function signOutOnDevice() {
  // Whose session to end: by the time the network is back, someone else may have signed in.
  const userId = (await readCachedUser()) ?? '';
  await (await caches.open(SIGN_OUT_CACHE)).put(SIGN_OUT_PENDING_PATH, new Response(userId));
  await clearPersonalCaches();
  await new Promise<void>((resolve) => {
    const deletion = indexedDB.deleteDatabase(DOOR_QUEUE_DATABASE);
    // A door tab holding it open closes it when asked (door-queue.ts); blocked otherwise until that tab goes.
    deletion.onsuccess = deletion.onerror = deletion.onblocked = () => resolve();
  });
}

/** Ends the session with the server: false when the network is still down. */
async function endServerSession(): Promise<boolean> {
  const response = await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
  return response?.ok === true;
}

let finishing: Promise<'none' | 'finished' | 'waiting'> | null = null;

/**
 * Tells the server of a sign-out made offline, when there is one: `none` pending, `finished` now, or
 * `waiting` while the network is still down. Only the session of the person who signed out is ended:
 * another who signed in since (on the sign-in page, which this worker does not serve) keeps theirs.
 */
function finishPendingSignOut(): Promise<'none' | 'finished' | 'waiting'> {
  // Reads at once (a page's several API reads) share one check, and one sign-out with the server.
  finishing ??= tellServerOfSignOut().finally(() => (finishing = null));
  return finishing;
}

async function tellServerOfSignOut(): Promise<'none' | 'finished' | 'waiting'> {
  const cache = await caches.open(SIGN_OUT_CACHE);
  const pending = await cache.match(SIGN_OUT_PENDING_PATH);
  if (!pending) return 'none';
  const signedOutId = await pending.text();
  const current = await fetch('/api/auth/user', { credentials: 'same-origin' }).catch(() => null);
  if (!current) return 'waiting';
  const user = current.ok ? ((await current.json().catch(() => null)) as { id?: unknown } | null) : null;
  const isSamePerson = user !== null && (signedOutId === '' || user.id === signedOutId);
  if (isSamePerson && !(await endServerSession())) return 'waiting';
  await cache.delete(SIGN_OUT_PENDING_PATH);
  // Whatever another tab read meanwhile with the old session.
  if (isSamePerson) await clearPersonalCaches();
  return 'finished';
}

async function answerSignedOut(): Promise<Response> {
  const language = await readCachedLanguage();
  const texts = SIGNED_OUT_TEXTS[language] ?? SIGNED_OUT_TEXTS[DEFAULT_LANGUAGE]!;
  return new Response(toSignedOutPage(texts, language), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The cached pages' owner: the user id the server last named, or null when nothing is cached. */
async function readCachedUser(): Promise<string | null> {
  const response = await (await caches.open(PAGES_CACHE)).match(CACHED_USER_PATH);
  return response ? response.text() : null;
}

/**
 * Whoever the server names now owns the caches: another person (an account switch), or nobody (signed
 * out, the session ended), empties them first.
 */
async function takeOwnership(userId: string | null) {
  const cachedUser = await readCachedUser();
  if (cachedUser === userId) return;
  await clearPersonalCaches();
  if (userId !== null) await (await caches.open(PAGES_CACHE)).put(CACHED_USER_PATH, new Response(userId));
}

/**
 * Keeps a page the network answered with its answers (the page data's reads, so the same screen
 * reached by a link inside the app has them too). A page loaded before this worker controlled it
 * (`isWithTicket`) also gets the person's ticket fetched: a page it controls reads the ticket and its
 * QR code through the worker, which keeps them then.
 */
async function keepPage(url: string, response: Response, isWithTicket = false) {
  if (!response.ok || !response.headers.get('content-type')?.startsWith('text/html')) return;
  const html = await response.clone().text();
  const page = readPageDataOf(html);
  await takeOwnership(page?.user?.id ?? null);
  if (!page?.user) return;
  const emptiedBefore = personalCachesEmptied;
  await keepLanguageTexts(readPageLanguageOf(html)).catch(() => {});
  // Signed out (or another person's page) meanwhile: opening the caches now would make them anew for this page.
  if (personalCachesEmptied !== emptiedBefore) return;
  const pages = await caches.open(PAGES_CACHE);
  const api = await caches.open(API_CACHE);
  await pages.delete(url);
  await pages.put(url, response);
  // Keys come back in the order they were put: the oldest pages go first.
  const kept = (await pages.keys()).filter((request) => !request.url.endsWith(CACHED_USER_PATH));
  await Promise.all(kept.slice(0, Math.max(0, kept.length - MAX_PAGES)).map((request) => pages.delete(request)));
  await Promise.all(
    page.queries
      .filter(({ url: apiUrl }) => isCachedApiPath(new URL(apiUrl, self.location.origin).pathname))
      .map(({ url: apiUrl, data }) =>
        api.put(apiUrl, new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } })),
      ),
  );
  if (!isWithTicket) return;
  await Promise.all(
    ticketUrlsOf(page).map(async (ticketUrl) => {
      const ticket = await fetch(ticketUrl, { credentials: 'same-origin' }).catch(() => null);
      if (ticket?.ok) await api.put(ticketUrl, ticket);
    }),
  );
}

/** Offline: the page as last seen, else the shell made from any page of the same person, else nothing. */
async function readOfflinePage(url: string): Promise<Response | undefined> {
  const pages = await caches.open(PAGES_CACHE);
  const seen = await pages.match(url, { ignoreVary: true });
  if (seen) return seen;
  const owner = new URL(CACHED_USER_PATH, self.location.origin).href;
  for (const request of await pages.keys()) {
    if (request.url === owner) continue;
    const cached = await pages.match(request);
    const shell = cached ? toOfflineShell(await cached.clone().text()) : null;
    if (!cached || !shell) continue;
    // The page's own headers (its CSP above all), less those that described the other page's body.
    const headers = new Headers(cached.headers);
    for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
    return new Response(shell, { headers });
  }
  return undefined;
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppPagePath(url.pathname),
  async ({ request, event }) => {
    const preloading =
      'preloadResponse' in event ? (event.preloadResponse as Promise<Response | undefined>) : undefined;
    // A sign-out made offline comes first: the page the browser asked for meanwhile (navigation preload)
    // went out with the old session, so once the server has ended it that page is not used.
    const signOut = await finishPendingSignOut();
    if (signOut === 'waiting') return answerSignedOut();
    if (signOut === 'finished') preloading?.catch(() => {});
    try {
      // The request the browser started while this worker woke up (navigation preload), else a new one.
      const preloaded = signOut === 'none' ? await preloading : undefined;
      const response = preloaded ?? (await fetch(request));
      const keeping = keepPage(request.url, response.clone()).catch(() => {});
      if ('waitUntil' in event) event.waitUntil(keeping);
      return response;
    } catch (error) {
      const offline = await readOfflinePage(request.url);
      if (offline) return offline;
      throw error;
    }
  },
);

// Sign Out is a navigation to /api/logout (sign-out.ts). Offline it cannot reach the server, so it ends
// on this device and the server is told when the network is back.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === '/api/logout',
  async ({ request, event }) => {
    try {
      const preloaded =
        'preloadResponse' in event ? ((await event.preloadResponse) as Response | undefined) : undefined;
      return preloaded ?? (await fetch(request));
    } catch {
      await signOutOnDevice();
      return answerSignedOut();
    }
  },
);

// The person's session as the server states it: a 401 means nobody, another id another person.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/api/auth/user',
  async ({ request }) => {
    // Another tab's read after a sign-out made offline: the session ends first.
    await finishPendingSignOut();
    const response = await fetch(request);
    const user = response.ok
      ? ((await response
          .clone()
          .json()
          .catch(() => null)) as { id?: unknown } | null)
      : null;
    if (response.status === 401) await clearPersonalCaches();
    else if (typeof user?.id === 'string' && (await readCachedUser()) !== null) await takeOwnership(user.id);
    return response;
  },
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    request.mode !== 'navigate' &&
    url.origin === self.location.origin &&
    isCachedApiPath(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      {
        // Another tab's read after a sign-out made offline: the session ends first, and the read is refused.
        requestWillFetch: async ({ request, state }) => {
          await finishPendingSignOut();
          if (state) state.emptiedBefore = personalCachesEmptied;
          return request;
        },
        // Only a whole answer (as Workbox's default), and only for the person the caches still belong to.
        cacheWillUpdate: async ({ response, state }) =>
          response.status === 200 && state?.emptiedBefore === personalCachesEmptied ? response : null,
        // The caches were emptied between the check above and the write: the write made the cache anew with
        // an answer that is no longer this device's to keep, so it goes, and so does the cache if it holds
        // nothing else.
        cacheDidUpdate: async ({ cacheName, request, state }) => {
          if (state?.emptiedBefore === personalCachesEmptied) return;
          const cache = await caches.open(cacheName);
          await cache.delete(request);
          if ((await cache.keys()).length === 0) await caches.delete(cacheName);
        },
        // Any read refused for want of a session: the person is gone, so is what they saw.
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await clearPersonalCaches();
          return response;
        },
      },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS }),
    ],
  }),
);

/**
 * The tabs open while this worker installed loaded their page before it could see it: kept now, so the
 * first visit's ticket is there offline too.
 */
async function keepOpenPages() {
  // Their pages would be fetched with the session a sign-out made offline is still to end.
  if ((await finishPendingSignOut()) === 'waiting') return;
  const windows = await self.clients.matchAll({ type: 'window' });
  await Promise.all(
    windows.map(async (window) => {
      const url = new URL(window.url);
      if (url.origin !== self.location.origin || !isAppPagePath(url.pathname)) return;
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
      if (response) await keepPage(url.href, response, true).catch(() => {});
    }),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      // A phone wakes a worker in tens of milliseconds: the page's request starts meanwhile, not after.
      self.registration.navigationPreload?.enable().catch(() => {}),
      keepOpenPages(),
    ]),
  );
});
