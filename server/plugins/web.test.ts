import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageData } from '../../contract/page-data';
import type { RouteManifest } from '../../contract/route-manifest';
import { DEFERRED_SCRIPTS_ELEMENT_ID } from '../../contract/page-data';
import { ROUTE_TABLE, SHELL_QUERIES } from '../../web/app/route-table';
import { createPageLoaders } from '../app';
import { OrganizationsService } from '../modules/organizations/organizations.service';
import { StatsService } from '../modules/stats/stats.service';
import { DEFERRED_SCRIPTS_LOADER_SOURCE } from '../lib/deferred-scripts';
import { SERVICE_WORKER_REGISTRATION_SOURCE } from '../lib/service-worker-registration';
import { createEventRow, daysFromNow } from '../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';
import { NO_SESSION_MARKER, RENDERINGS_AT_ONCE, RENDERINGS_WAITING } from './web';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><!-- head:start --><!-- head:end --><script type="module" crossorigin src="/assets/main-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="stylesheet" crossorigin href="/assets/styles-1.css"></head><body><div id="root"></div></body></html>';

const MANIFEST: RouteManifest = {
  signedIn: ['assets/signed-in-app-1.js', 'assets/query-1.js', 'assets/react-1.js'],
  shell: { namespaces: ['common', 'shell'], queries: ['/api/config'] },
  signedOut: { namespaces: ['common', 'landing'] },
  routes: [
    {
      pattern: '^\\/?$',
      keys: [],
      files: ['assets/home-page-1.js', 'assets/signed-in-app-1.js'],
      namespaces: ['events'],
      queries: [],
    },
    {
      pattern: '^\\/events\\/([^/]+?)\\/?$',
      keys: ['id'],
      files: ['assets/event-detail-page-1.js'],
      namespaces: ['events', 'share'],
      queries: ['/api/events/:id'],
    },
  ],
  localeLoaders: 'assets/locale-loaders-1.js',
  englishLocaleLoaders: 'assets/english-locale-loaders-1.js',
  locales: {
    'en/shell': 'assets/en-shell-1.js',
    'en/events': 'assets/en-events-1.js',
    'es/common': 'assets/es-common-1.js',
    'es/shell': 'assets/es-shell-1.js',
    'es/events': 'assets/es-events-1.js',
    'es/landing': 'assets/es-landing-1.js',
  },
};

/** A web build as Vite leaves it: the page, the sign-in page and the route manifest. */
function writeWebBuild(manifest: unknown): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'pitchin-web-plugin-'));
  writeFileSync(path.join(directory, 'index.html'), INDEX_HTML);
  writeFileSync(
    path.join(directory, 'sign-in.html'),
    '<!doctype html><html><head><title>Sign in</title></head><body></body></html>',
  );
  mkdirSync(path.join(directory, '.vite'));
  writeFileSync(path.join(directory, '.vite', 'route-manifest.json'), JSON.stringify(manifest));
  return directory;
}

/**
 * A stand-in for dist/web-ssr. The real rendering (web/app/server-render.tsx) is built with the web app
 * and exercised in the browser tests (e2e/server-rendering.spec.ts); this one lets the plugin's side of
 * the contract be checked here: where the markup goes, what the page says it was rendered with, the
 * scripts, and what happens when rendering fails.
 */
function writeRenderer(source: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'pitchin-web-ssr-'));
  writeFileSync(path.join(directory, 'server-render.js'), source);
  return directory;
}

function readPageData(html: string): PageData {
  const match = /<script type="application\/json" id="pitchin-page">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('The page carries no page data');
  return JSON.parse(match[1]) as PageData;
}

describe('pages for a browser that is not signed in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: writeWebBuild(MANIFEST) });
  });
  afterAll(async () => app.close());

  it('are marked signed out, so the app skips the auth check that would answer 401', async () => {
    // An event's page carries the event as a guest reads it (guest-page.test.ts).
    const publicStats = (await app.inject({ method: 'GET', url: '/api/stats/public' })).json();
    for (const url of ['/', '/discover']) {
      const response = await app.inject({ method: 'GET', url });
      // /discover is no route of this test's manifest: a missing page, 404 with the app's page (decisions §26).
      expect(response.statusCode).toBe(url === '/' ? 200 : 404);
      expect(response.body).toContain(NO_SESSION_MARKER);
      // No user; the landing page, left for the browser to render, still carries its figures.
      expect(readPageData(response.body)).toEqual({
        user: null,
        queries: url === '/' ? [{ url: '/api/stats/public', data: publicStats }] : [],
        renderedWith: null,
      });
    }
  });

  it('are marked signed out for a session cookie that names no live session too', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'pitchin_session=expired-or-forged' },
    });
    expect(response.body).toContain(NO_SESSION_MARKER);
    expect(readPageData(response.body).user).toBeNull();
  });

  it("are in the cookie's language, else English whatever the browser asks, from the first byte: lang and dir (decision 0013)", async () => {
    const pageOf = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/', headers })).body;
    expect(await pageOf({ cookie: 'pitchin_language=ar', 'accept-language': 'de' })).toContain(
      '<html lang="ar" dir="rtl">',
    );
    expect(await pageOf({ cookie: 'pitchin_language=pt' })).toContain('<html lang="pt" dir="ltr">');
    expect(await pageOf({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })).toContain('<html lang="en" dir="ltr">');
    expect(await pageOf({ cookie: 'pitchin_language=xx', 'accept-language': 'ar-EG' })).toContain(
      '<html lang="en" dir="ltr">',
    );
  });

  it('left for the browser to draw, hint the translations its first render waits for, in its language', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'pitchin_language=es' } });
    const hinted = [...body.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      (match) => match[1],
    );
    expect(hinted).toEqual(
      expect.arrayContaining(['assets/locale-loaders-1.js', 'assets/es-common-1.js', 'assets/es-landing-1.js']),
    );
  });

  it('the sign-in page too: lang, dir and its translations hinted, chosen the same way', async () => {
    const { body } = await app.inject({
      method: 'GET',
      url: '/api/login',
      headers: { cookie: 'pitchin_language=es', 'accept-language': 'ar' },
    });
    expect(body).toContain('<html lang="es" dir="ltr">');
    // es/auth has no file in this build: a namespace not yet translated is no hint.
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/locale-loaders-1.js"><link rel="modulepreload" crossorigin href="/assets/es-common-1.js"></head>',
    );
    const english = await app.inject({ method: 'GET', url: '/api/login' });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).not.toContain('modulepreload');
  });
});

describe('pages for a signed-in browser', () => {
  let app: TestApp;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: writeWebBuild(MANIFEST) });
    const signedUp = await signUpUser(app, {
      firstName: '</script><script>alert(1)</script>',
      lastName: 'Pay $& $1 $$',
    });
    cookie = signedUp.cookie;
    userId = signedUp.user.id;
  });
  afterAll(async () => app.close());

  it('carry the user exactly as GET /api/auth/user answers, so the app needs no auth check', async () => {
    const page = await app.inject({ method: 'GET', url: '/discover', headers: { cookie } });
    const user = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(page.body).not.toContain(NO_SESSION_MARKER);
    expect(readPageData(page.body).user).toEqual(user.json());
  });

  it('cannot be broken out of by what a user typed: no markup of theirs and no replacement pattern survives', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<\/script>/g)?.length).toBe(body.match(/<script\b/g)?.length);
    const { user } = readPageData(body);
    expect(user?.firstName).toBe('</script><script>alert(1)</script>');
    expect(user?.lastName).toBe('Pay $& $1 $$');
  });

  it("carry the answers their first render needs: the chrome's settings, and an event page's event", async () => {
    const event = await createEventRow(app.database.db, { organizerId: userId, date: daysFromNow(3) });
    const page = readPageData(
      (await app.inject({ method: 'GET', url: `/events/${event.id}`, headers: { cookie } })).body,
    );
    const answer = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: { cookie } })).json() as unknown;
    expect(page.queries).toEqual([
      { url: '/api/config', data: await answer('/api/config') },
      { url: `/api/events/${event.id}`, data: await answer(`/api/events/${event.id}`) },
    ]);
    expect(page.renderedWith).toBeNull();
  });

  it('read those answers with loaders that call the services: no request goes through the router again', async () => {
    const event = await createEventRow(app.database.db, { organizerId: userId, date: daysFromNow(3) });
    const inject = vi.spyOn(app, 'inject');
    try {
      const page = readPageData(
        (await app.inject({ method: 'GET', url: `/events/${event.id}`, headers: { cookie } })).body,
      );
      expect(page.queries.map((query) => query.url)).toEqual(['/api/config', `/api/events/${event.id}`]);
      // The test's own request, and nothing inside it.
      expect(inject).toHaveBeenCalledTimes(1);
    } finally {
      inject.mockRestore();
    }
  });

  it('have a loader for every call the route table puts in a page', () => {
    const loaders = createPageLoaders(
      app.database.db,
      app.config,
      new StatsService(app.database.db, { timeZone: app.config.timeZone }),
      new OrganizationsService(app.database.db, app.config.sessionSecret),
    );
    const templates = [...SHELL_QUERIES, ...ROUTE_TABLE.flatMap((route) => route.queries ?? [])];
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.filter((template) => !(template in loaders))).toEqual([]);
  });

  it('leave out an answer that is not a plain success, for the page to fetch and show itself', async () => {
    for (const url of ['/events/999999', '/events/not-a-number']) {
      const page = readPageData((await app.inject({ method: 'GET', url, headers: { cookie } })).body);
      expect(page.queries.map((query) => query.url)).toEqual(['/api/config']);
    }
  });

  it("hint the signed-in app, the screen's chunks and its translation files in the visitor's language, once each", async () => {
    const { body } = await app.inject({
      method: 'GET',
      url: '/events/5',
      headers: { cookie: `${cookie}; pitchin_language=es` },
    });
    const hinted = [...body.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      (match) => match[1],
    );
    // react-1.js is the entry's own import, already named by the page.
    expect(hinted.sort()).toEqual(
      [
        'assets/react-1.js',
        'assets/signed-in-app-1.js',
        'assets/query-1.js',
        'assets/event-detail-page-1.js',
        'assets/locale-loaders-1.js',
        'assets/english-locale-loaders-1.js',
        'assets/es-common-1.js',
        'assets/es-shell-1.js',
        'assets/es-events-1.js',
        'assets/en-shell-1.js',
        'assets/en-events-1.js',
      ].sort(),
    );
  });

  it('hint English translations for a language the app does not have', async () => {
    const { body } = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${cookie}; pitchin_language=xx` },
    });
    expect(body).toContain('assets/en-shell-1.js');
    expect(body).not.toMatch(/es-(common|shell)-1/);
  });
});

describe('a web build without a usable route manifest', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: writeWebBuild({ signedIn: 'not a list' }) });
    cookie = (await signUpUser(app)).cookie;
  });
  afterAll(async () => app.close());

  it('still serves signed-in pages with their user, only without hints or answers', async () => {
    const { statusCode, body } = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(statusCode).toBe(200);
    expect(readPageData(body).queries).toEqual([]);
    expect(body.match(/modulepreload/g)).toHaveLength(1);
  });
});

describe('the service worker', () => {
  let app: TestApp;
  beforeAll(async () => {
    const directory = writeWebBuild(MANIFEST);
    writeFileSync(path.join(directory, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
    mkdirSync(path.join(directory, 'assets'));
    writeFileSync(path.join(directory, 'assets', 'main-1.js'), 'export {};');
    writeFileSync(path.join(directory, 'assets', 'main-1.js.br'), brotliCompressSync('export {};'));
    app = await createTestApp({ WEB_DIST_DIR: directory });
  });
  afterAll(async () => app.close());

  it('is served as a script the browser checks for updates on every visit, at the root, needing no wider scope', async () => {
    const worker = await app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // Not an hour in the HTTP cache as other root files: a deploy must reach the worker at its next check.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    // The fingerprinted files it precaches keep their year.
    const asset = await app.inject({ method: 'GET', url: '/assets/main-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('files of the build go out by their exact names, compressed where the browser takes it; nothing else of the folder does', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/main-1.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('export {};');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/main-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.body).toBe('export {};');
    for (const url of [
      '/assets/missing-1.js',
      '/assets/MAIN-1.js',
      '/assets//main-1.js',
      '/assets/%2e%2e/index.html',
      '/.vite/route-manifest.json',
      '/index.html',
      '/sign-in.html',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toBe('export {};');
      expect(response.body, url).not.toBe(INDEX_HTML);
      expect(response.body, url).not.toBe(JSON.stringify(MANIFEST));
      expect(response.body, url).not.toContain('<title>Sign in</title></head><body></body>');
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it("is registered by signed-in pages only, by a script the CSP allows by its hash, and the CSP allows workers from the app's origin", async () => {
    const { cookie } = await signUpUser(app);
    const signedIn = await app.inject({ method: 'GET', url: '/discover', headers: { cookie } });
    expect(signedIn.body).toContain("navigator.serviceWorker.register('/service-worker.js')");
    const policy = signedIn.headers['content-security-policy'] as string;
    expect(policy).toContain(SERVICE_WORKER_REGISTRATION_SOURCE);
    expect(policy).toContain("worker-src 'self'");
    for (const url of ['/', '/discover']) {
      const signedOut = await app.inject({ method: 'GET', url });
      expect(signedOut.body).not.toContain('serviceWorker');
    }
  });
});

describe('pages the server renders', () => {
  let app: TestApp;
  let cookie: string;
  const rendererDirectory = writeRenderer(`
    export let renderings = 0;
    let open;
    export const slow = { active: 0, most: 0, opened: new Promise((resolve) => (open = resolve)), open: () => open() };
    export async function renderPage({ url, page, renderedWith }) {
      if (url.startsWith('/broken')) throw new Error('the screen failed to render');
      if (url.startsWith('/slow')) {
        slow.active += 1;
        slow.most = Math.max(slow.most, slow.active);
        await slow.opened;
        slow.active -= 1;
      }
      renderings += 1;
      return '<main data-rendered>' + (page.user ? page.user.id : 'visitor') + ' ' + url + ' ' + JSON.stringify(renderedWith) + '</main>';
    }
    export async function warmUp() {}
  `);
  beforeAll(async () => {
    app = await createTestApp({
      WEB_DIST_DIR: writeWebBuild(MANIFEST),
      WEB_SSR_DIR: rendererDirectory,
      SERVER_RENDERING: 'true',
    });
    cookie = (await signUpUser(app)).cookie;
  });
  afterAll(async () => app.close());

  it('hold the rendering in #root and say what it was rendered with, from the cookies the app mirrors', async () => {
    const { body } = await app.inject({
      method: 'GET',
      url: '/discover?search=park',
      headers: {
        cookie: `${cookie}; pitchin_language=fr; pitchin_theme=dark; pitchin_time_zone=Europe/Lisbon; pitchin_email_reminder_dismissed=0b9e5c2a-7d1f-4c3e-9a6b-2f8d4e1c7a90`,
      },
    });
    const settings = {
      language: 'fr',
      theme: 'dark',
      timeZone: 'Europe/Lisbon',
      emailReminderDismissedBy: '0b9e5c2a-7d1f-4c3e-9a6b-2f8d4e1c7a90',
    };
    const page = readPageData(body);
    expect(page.renderedWith).toEqual(settings);
    expect(body).toContain(
      `<div id="root"><main data-rendered>${page.user?.id} /discover?search=park ${JSON.stringify(settings)}</main></div>`,
    );
    expect(body).toContain('<html data-rendered-language="fr" ');
  });

  it('render in English, light, the server time zone and the reminder not dismissed when the cookies are missing or not valid', async () => {
    const { body } = await app.inject({
      method: 'GET',
      url: '/',
      headers: {
        cookie: `${cookie}; pitchin_language=klingon; pitchin_theme=neon; pitchin_time_zone=Mars/Olympus; pitchin_email_reminder_dismissed=${encodeURIComponent('"><script>')}`,
      },
    });
    expect(readPageData(body).renderedWith).toEqual({ language: 'en', theme: 'light', timeZone: 'UTC' });
  });

  it('load their scripts only after the first paint: no script or module preload left in the HTML for the browser to start early', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(body).not.toMatch(/<script type="module"/);
    expect(body).not.toContain('rel="modulepreload"');
    const scripts = JSON.parse(
      new RegExp(`<script type="application/json" id="${DEFERRED_SCRIPTS_ELEMENT_ID}">(.*?)</script>`).exec(
        body,
      )?.[1] ?? 'null',
    ) as { entry: string; preload: string[] };
    expect(scripts.entry).toBe('/assets/main-1.js');
    expect(scripts.preload).toEqual(
      expect.arrayContaining([
        '/assets/react-1.js',
        '/assets/signed-in-app-1.js',
        '/assets/home-page-1.js',
        '/assets/en-shell-1.js',
      ]),
    );
    // The stylesheet stays: the page paints with it.
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/styles-1.css">');
  });

  it('allow the script loader by its hash in the CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(response.headers['content-security-policy']).toContain(DEFERRED_SCRIPTS_LOADER_SOURCE);
  });

  it('go out for the browser to render when rendering fails, with their scripts as usual', async () => {
    const { statusCode, body } = await app.inject({ method: 'GET', url: '/broken', headers: { cookie } });
    // A path of no route: 404 (decisions §26), with the app's page all the same.
    expect(statusCode).toBe(404);
    expect(readPageData(body).renderedWith).toBeNull();
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('<script type="module" crossorigin src="/assets/main-1.js">');
  });

  it('render at most two at a time, and past eight waiting send the page for the browser to render', async () => {
    const renderer = (await import(path.join(rendererDirectory, 'server-render.js'))) as {
      slow: { active: number; most: number; open: () => void };
    };
    const count = RENDERINGS_AT_ONCE + RENDERINGS_WAITING + 4;
    const answered: { body: string; isBeforeOpening: boolean }[] = [];
    let isOpen = false;
    const requests = Array.from({ length: count }, (_, index) =>
      app
        .inject({ method: 'GET', url: `/slow-${index}`, headers: { cookie } })
        .then(({ body }) => answered.push({ body, isBeforeOpening: !isOpen })),
    );
    // Every request past the two rendering and the eight waiting is answered while the renderings hang:
    // on a busy machine some reach the queue only after the first few were answered.
    await vi.waitFor(
      () => {
        expect(renderer.slow.active).toBe(RENDERINGS_AT_ONCE);
        expect(answered.length).toBeGreaterThanOrEqual(count - RENDERINGS_AT_ONCE - RENDERINGS_WAITING);
      },
      { timeout: 10_000 },
    );
    isOpen = true;
    renderer.slow.open();
    await Promise.all(requests);
    expect(renderer.slow.most).toBe(RENDERINGS_AT_ONCE);
    const unrendered = answered.filter(({ body }) => readPageData(body).renderedWith === null);
    expect(unrendered.length).toBeGreaterThanOrEqual(count - RENDERINGS_AT_ONCE - RENDERINGS_WAITING);
    // They did not wait for the renderings: the page works without one.
    for (const { body, isBeforeOpening } of unrendered) {
      expect(isBeforeOpening).toBe(true);
      expect(body).toContain('<div id="root"></div>');
      expect(body).toContain('<script type="module" crossorigin src="/assets/main-1.js">');
    }
    expect(answered.length - unrendered.length).toBeGreaterThanOrEqual(RENDERINGS_AT_ONCE);
  });

  it('for a signed-out visitor hold no user, and one rendering serves every visitor with the same language and theme', async () => {
    const renderer = (await import(path.join(rendererDirectory, 'server-render.js'))) as { renderings: number };
    const before = renderer.renderings;
    const publicStats = (await app.inject({ method: 'GET', url: '/api/stats/public' })).json();
    expect(publicStats).toEqual(expect.objectContaining({ volunteers: expect.any(Number) }));
    const pages = await Promise.all(
      ['/', '/', '/?utm_source=mail'].map(
        async (url) => (await app.inject({ method: 'GET', url, headers: { cookie: 'pitchin_language=es' } })).body,
      ),
    );
    for (const body of pages) {
      expect(body).toContain(NO_SESSION_MARKER);
      expect(body).toContain(
        `<div id="root"><main data-rendered>visitor / ${JSON.stringify({ language: 'es', theme: 'light', timeZone: 'UTC' })}</main></div>`,
      );
      // Rendered with the public figures, which the page carries for the app to hydrate with the same ones.
      expect(readPageData(body)).toEqual({
        user: null,
        queries: [{ url: '/api/stats/public', data: publicStats }],
        renderedWith: { language: 'es', theme: 'light', timeZone: 'UTC' },
      });
      // The landing page's Spanish, ahead of the script that will ask for it.
      expect(JSON.parse(/id="pitchin-scripts">(.*?)<\/script>/.exec(body)?.[1] ?? '{}').preload).toEqual(
        expect.arrayContaining(['/assets/es-common-1.js', '/assets/es-landing-1.js']),
      );
    }
    expect(renderer.renderings - before).toBe(1);
    await app.inject({ method: 'GET', url: '/', headers: { cookie: 'pitchin_language=es; pitchin_theme=dark' } });
    expect(renderer.renderings - before).toBe(2);
  });
});
