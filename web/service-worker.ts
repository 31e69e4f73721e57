/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  CACHED_USER_PATH,
  isAppPagePath,
  isCachedApiPath,
  PAGES_CACHE,
  PERSONAL_CACHES,
  readPageDataOf,
  ticketUrlsOf,
  toOfflineShell,
} from '@/lib/service-worker-policy';

/**
 * The service worker (decision 0037): the build's code precached, rendered pages and API reads
 * network-first into per-person caches, and those caches deleted whenever the server says the person
 * changed or left. Built by vite-plugin-pwa (injectManifest) into /service-worker.js.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

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

// What the precache leaves out (the other languages' texts): kept as the person's screens load them.
// Fingerprinted names never change content, so the copy is always right.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'pitchin-assets', plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

async function clearPersonalCaches() {
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
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
    try {
      // The request the browser started while this worker woke up (navigation preload), else a new one.
      const preloaded =
        'preloadResponse' in event ? ((await event.preloadResponse) as Response | undefined) : undefined;
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

// The person's session as the server states it: a 401 means nobody, another id another person.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/api/auth/user',
  async ({ request }) => {
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
