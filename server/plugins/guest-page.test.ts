import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../contract/page-data';
import type { RouteManifest } from '../../contract/route-manifest';
import { daysFromNow } from '../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';
import { NO_SESSION_MARKER } from './web';

/** A guest's event page, as server/plugins/web.ts makes it (the real rendering: e2e/guest-event.spec.ts). */

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><!-- head:start --><!-- head:end --><script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>';

const MANIFEST: RouteManifest = {
  signedIn: ['assets/signed-in-app-1.js', 'assets/query-1.js'],
  shell: { namespaces: ['common', 'shell'], queries: [] },
  signedOut: { namespaces: ['common', 'landing'] },
  routes: [
    {
      pattern: '^\\/events\\/([^/]+?)\\/?$',
      keys: ['id'],
      files: ['assets/event-detail-page-1.js'],
      namespaces: ['events', 'event-detail'],
      queries: ['/api/events/:id'],
    },
  ],
  localeLoaders: 'assets/locale-loaders-1.js',
  englishLocaleLoaders: 'assets/english-locale-loaders-1.js',
  locales: {
    'en/common': 'assets/en-common-1.js',
    'en/event-detail': 'assets/en-event-detail-1.js',
    'en/shell': 'assets/en-shell-1.js',
  },
};

function writeDirectories() {
  const web = mkdtempSync(path.join(tmpdir(), 'pitchin-guest-web-'));
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(web, 'sign-in.html'), '<!doctype html><html><head></head><body></body></html>');
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, '.vite', 'route-manifest.json'), JSON.stringify(MANIFEST));
  const ssr = mkdtempSync(path.join(tmpdir(), 'pitchin-guest-ssr-'));
  writeFileSync(
    path.join(ssr, 'server-render.js'),
    `export async function renderPage({ url, page }) {
      const event = page.queries[0]?.data;
      return '<main data-rendered>' + (page.user ? page.user.id : 'guest') + ' ' + url + ' ' + (event ? event.title + ' ' + event.userRsvpStatus : 'no event') + '</main>';
    }
    export async function warmUp() {}`,
  );
  return { web, ssr };
}

function readPageData(html: string): PageData {
  const match = /<script type="application\/json" id="pitchin-page">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no page data');
  return JSON.parse(match[1]) as PageData;
}

let app: TestApp;
let eventId: number;
let attendeeCookie: string;

beforeAll(async () => {
  const directories = writeDirectories();
  app = await createTestApp({
    WEB_DIST_DIR: directories.web,
    WEB_SSR_DIR: directories.ssr,
    SERVER_RENDERING: 'true',
    AUTH_RATE_LIMIT: '1000',
  });
  const organizer = await signUpUser(app);
  const attendee = await signUpUser(app);
  attendeeCookie = attendee.cookie;
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: organizer.cookie },
    payload: {
      title: 'Tree planting',
      description: 'Spades provided.',
      location: 'Sintra',
      date: daysFromNow(5).toISOString(),
      categoryId: 1,
    },
  });
  eventId = created.json().id;
  await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/rsvp`,
    headers: { cookie: attendee.cookie },
    payload: { status: 'attending' },
  });
});
afterAll(async () => app?.close());

describe("a guest's event page", () => {
  it('is rendered with the event as a guest reads it, with preview tags and no user', async () => {
    const response = await app.inject({ method: 'GET', url: `/events/${eventId}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(NO_SESSION_MARKER);
    expect(response.body).toContain('<meta property="og:title"');
    const page = readPageData(response.body);
    expect(page.user).toBeNull();
    expect(page.queries).toEqual([
      { url: `/api/events/${eventId}`, data: expect.objectContaining({ id: eventId, userRsvpStatus: null }) },
    ]);
    expect(response.body).toContain(
      `<div id="root"><main data-rendered>guest /events/${eventId} Tree planting null</main></div>`,
    );
    // The page and its translations, none of the signed-in app's chunks.
    const preload = JSON.parse(/id="pitchin-scripts">(.*?)<\/script>/.exec(response.body)?.[1] ?? '{}')
      .preload as string[];
    expect(preload).toEqual(expect.arrayContaining(['/assets/event-detail-page-1.js', '/assets/en-event-detail-1.js']));
    expect(preload).not.toContain('/assets/signed-in-app-1.js');
  });

  it("never carries a member's RSVP status, even right after that member's page was made", async () => {
    const member = await app.inject({ method: 'GET', url: `/events/${eventId}`, headers: { cookie: attendeeCookie } });
    expect(member.body).toContain('Tree planting attending');
    const guest = await app.inject({
      method: 'GET',
      url: `/events/${eventId}`,
      headers: { cookie: 'pitchin_session=expired-or-forged' },
    });
    expect(guest.body).toContain('Tree planting null');
    expect(readPageData(guest.body).queries[0]?.data).toMatchObject({ userRsvpStatus: null });
    const memberAgain = await app.inject({
      method: 'GET',
      url: `/events/${eventId}`,
      headers: { cookie: attendeeCookie },
    });
    expect(memberAgain.body).toContain('Tree planting attending');
  });

  it('other paths stay the not-found page for a guest', async () => {
    const response = await app.inject({ method: 'GET', url: '/my-events' });
    expect(readPageData(response.body)).toMatchObject({ user: null, queries: [] });
    expect(response.body).toContain('<main data-rendered>guest /my-events no event</main>');
  });
});
