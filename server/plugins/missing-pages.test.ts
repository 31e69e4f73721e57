import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteManifest } from '../../contract/route-manifest';
import { createTestApp, createEvent, signUpUser, type SignedUpUser, type TestApp } from '../test/test-app';
import { NO_INDEX_MARKER } from './web';

/**
 * Decisions §26: missing pages answer 404 with the app's page (an unknown event, an unknown path), for
 * guests and the signed in, server-rendered or not; `/events/999999` and `/no-such-page` had answered 200.
 * The browser's side (the not-found screen shows): e2e/missing-pages.spec.ts.
 */
const route = (pattern: string, keys: string[], queries: string[] = []) => ({
  pattern,
  keys,
  files: [],
  namespaces: [],
  queries,
});
const MANIFEST: RouteManifest = {
  signedIn: [],
  shell: { namespaces: ['common'], queries: [] },
  signedOut: { namespaces: ['common', 'landing'] },
  routes: [
    route('^\\/?$', []),
    route('^\\/discover\\/?$', []),
    route('^\\/events\\/([^/]+?)\\/?$', ['id'], ['/api/events/:id']),
    route('^\\/o\\/([^/]+?)(?:\\/([^/]+?))?\\/?$', ['slug', 'section'], ['/api/organizations/:slug']),
  ],
  localeLoaders: 'assets/locale-loaders-1.js',
  englishLocaleLoaders: 'assets/english-locale-loaders-1.js',
  locales: {},
};

function writeDirectories() {
  const web = mkdtempSync(path.join(tmpdir(), 'pitchin-missing-web-'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="en"><head><!-- head:start --><!-- head:end --></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, '.vite', 'route-manifest.json'), JSON.stringify(MANIFEST));
  const ssr = mkdtempSync(path.join(tmpdir(), 'pitchin-missing-ssr-'));
  writeFileSync(
    path.join(ssr, 'server-render.js'),
    `export async function renderPage({ url }) { return '<main data-rendered>' + url + '</main>'; }
    export async function warmUp() {}`,
  );
  return { web, ssr };
}

let apps: TestApp[] = [];
let member: SignedUpUser;
let eventId: number;
beforeAll(async () => {
  const directories = writeDirectories();
  // Rendered on the server and not: the status is the page's, whoever renders it.
  apps = [
    await createTestApp({ WEB_DIST_DIR: directories.web, WEB_SSR_DIR: directories.ssr, SERVER_RENDERING: 'true' }),
    await createTestApp({ WEB_DIST_DIR: directories.web, SERVER_RENDERING: 'false' }),
  ];
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe.each([0, 1])('pages (server rendering %s)', (index) => {
  let app: TestApp;
  beforeAll(async () => {
    app = apps[index]!;
    member = await signUpUser(app);
    eventId = (await createEvent(app, member.cookie)).id;
  });

  const page = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('answers 404 with the app’s page and noindex for an unknown path, event or organization, guest or signed in', async () => {
    for (const cookie of [undefined, member.cookie])
      for (const url of ['/no-such-page', '/events/999999', '/events/abc', '/o/no-such-group']) {
        const response = await page(url, cookie);
        expect(response.statusCode, `${url} ${cookie ? 'signed in' : 'guest'}`).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain('<div id="root">');
        expect(response.body).toContain(NO_INDEX_MARKER);
      }
    expect((await page('/o/no-such-group/events', member.cookie)).statusCode).toBe(404);
    expect((await page('/no-such-page', member.cookie)).headers['cache-control']).toContain('no-store');
  });

  it('answers 200 without noindex for pages that exist', async () => {
    for (const [url, cookie] of [
      ['/', undefined],
      ['/', member.cookie],
      [`/events/${eventId}`, undefined],
      [`/events/${eventId}`, member.cookie],
      ['/discover', member.cookie],
      // A signed-in screen's path is no missing page for a guest, who signs in for it.
      ['/discover', undefined],
    ] as const) {
      const response = await page(url, cookie);
      expect(response.statusCode, `${url} ${cookie ? 'signed in' : 'guest'}`).toBe(200);
      expect(response.body).not.toContain(NO_INDEX_MARKER);
    }
  });
});
