import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../contract/page-data';
import type { RouteManifest } from '../../../contract/route-manifest';
import { daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { NO_SESSION_MARKER } from '../../plugins/web';

/** /o/{slug} as a guest gets it from server/plugins/web.ts (the real rendering: e2e/organizations-more.spec.ts). */

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><!-- head:start --><title>PitchIn</title><!-- head:end --><script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>';

const MANIFEST: RouteManifest = {
  signedIn: ['assets/signed-in-app-1.js'],
  shell: { namespaces: ['common', 'shell'], queries: [] },
  signedOut: { namespaces: ['common', 'landing'] },
  routes: [
    {
      pattern: '^\\/o\\/([^/]+?)(?:\\/([^/]+?))?\\/?$',
      keys: ['slug', 'section'],
      files: ['assets/organizations-page-1.js'],
      namespaces: ['organizations'],
      queries: ['/api/organizations/:slug'],
    },
  ],
  localeLoaders: 'assets/locale-loaders-1.js',
  englishLocaleLoaders: 'assets/english-locale-loaders-1.js',
  locales: { 'en/common': 'assets/en-common-1.js', 'en/organizations': 'assets/en-organizations-1.js' },
};

function writeDirectories() {
  const web = mkdtempSync(path.join(tmpdir(), 'pitchin-organization-web-'));
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(web, 'sign-in.html'), '<!doctype html><html><head></head><body></body></html>');
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, '.vite', 'route-manifest.json'), JSON.stringify(MANIFEST));
  const ssr = mkdtempSync(path.join(tmpdir(), 'pitchin-organization-ssr-'));
  writeFileSync(
    path.join(ssr, 'server-render.js'),
    `export async function renderPage({ url, page }) {
      const organization = page.queries[0]?.data;
      return '<main data-rendered>' + (page.user ? 'member' : 'guest') + ' ' + url + ' ' +
        (organization ? organization.upcomingEvents.length + ' events ' + organization.viewerRole : 'none') + '</main>';
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

function metaContent(html: string, property: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
}

let app: TestApp;
let owner: SignedUpUser;
const slug = 'tide-<keepers>';
const safeSlug = 'tide-keepers';

beforeAll(async () => {
  const directories = writeDirectories();
  app = await createTestApp({
    WEB_DIST_DIR: directories.web,
    WEB_SSR_DIR: directories.ssr,
    SERVER_RENDERING: 'true',
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: 'https://pitchin.example',
  });
  owner = await signUpUser(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { cookie: owner.cookie },
    payload: {
      name: 'Tide <Keepers> & "Friends"',
      slug: safeSlug,
      description: `We clean beaches every month. ${'Bring gloves and a bottle of water. '.repeat(10)}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: owner.cookie },
    payload: {
      title: 'Beach clean-up',
      description: 'Gloves provided.',
      location: 'Cascais',
      date: daysFromNow(4).toISOString(),
      categoryId: 1,
      organizationId: created.json().id,
    },
  });
  expect(event.statusCode, event.body).toBe(201);
});
afterAll(async () => app?.close());

describe("a guest's organization page", () => {
  it('is rendered with the organization as a guest reads it, its events, and escaped preview tags', async () => {
    const response = await app.inject({ method: 'GET', url: `/o/${safeSlug}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(NO_SESSION_MARKER);
    expect(response.body).toContain(`<main data-rendered>guest /o/${safeSlug} 1 events null</main>`);
    const page = readPageData(response.body);
    expect(page.user).toBeNull();
    expect(page.queries).toEqual([
      {
        url: `/api/organizations/${safeSlug}`,
        data: expect.objectContaining({ slug: safeSlug, viewerRole: null, isFollowing: false }),
      },
    ]);
    // The name is the organization's to choose: it reaches the head escaped, never as markup.
    expect(response.body).not.toContain('<Keepers>');
    expect(response.body).toContain('<title>Tide &lt;Keepers&gt; &amp; &quot;Friends&quot; | PitchIn</title>');
    expect(metaContent(response.body, 'og:title')).toBe('Tide &lt;Keepers&gt; &amp; &quot;Friends&quot; | PitchIn');
    const description = metaContent(response.body, 'og:description')!;
    expect(description.startsWith('We clean beaches every month.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(201);
    expect(description.endsWith('…')).toBe(true);
    expect(metaContent(response.body, 'og:image')).toBe('https://pitchin.example/og-image.png');
    expect(metaContent(response.body, 'og:url')).toBe(`https://pitchin.example/o/${safeSlug}`);
    // The page and its translations, none of the signed-in app's chunks.
    const preload = JSON.parse(/id="pitchin-scripts">(.*?)<\/script>/.exec(response.body)?.[1] ?? '{}')
      .preload as string[];
    expect(preload).toEqual(expect.arrayContaining(['/assets/organizations-page-1.js']));
    expect(preload).not.toContain('/assets/signed-in-app-1.js');
  });

  it("shows a member their role, and a guest never the member's, whichever came first", async () => {
    const member = await app.inject({ method: 'GET', url: `/o/${safeSlug}`, headers: { cookie: owner.cookie } });
    expect(member.body).toContain(`<main data-rendered>member /o/${safeSlug} 1 events owner</main>`);
    const guest = await app.inject({ method: 'GET', url: `/o/${safeSlug}` });
    expect(guest.body).toContain('1 events null');
  });

  it('an unknown or malformed slug gets 404 (decisions §26), the default tags and no data', async () => {
    for (const url of ['/o/nobody-here', `/o/${encodeURIComponent(slug)}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(readPageData(response.body).queries).toEqual([]);
      expect(response.body).toContain('<title>PitchIn</title>');
    }
  });
});
