import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { events } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotoRows, addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { categoryBadgeHexOf } from '../../../contract/category-colors';
import { countOgImageRenders } from './og-image';
import { OG_IMAGE_MISSES_PER_WINDOW, OG_IMAGE_TOO_MANY } from './social.routes';

let app: TestApp;
let organizerId: string;
let cookie: string;
const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-web-'));
writeFileSync(
  path.join(webDirectory, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8" /><!-- head:start --><title>PitchIn</title><!-- head:end --></head><body><div id="root"></div></body></html>',
);

beforeAll(async () => {
  app = await createTestApp({
    WEB_DIST_DIR: webDirectory,
    PUBLIC_URL: 'https://pitchin.example.org',
    TIME_ZONE: 'UTC',
  });
  const organizer = await signUpUser(app, { firstName: 'Grace', lastName: 'Hopper' });
  organizerId = organizer.user.id;
  cookie = organizer.cookie;
});
afterAll(async () => app?.close());

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('GET /api/events/{id}/og-image', () => {
  it("paints the category badge in the shared table's colour (contract/category-colors.ts), as the web app does", async () => {
    // Seeded category ids: 7 Healthcare, 9 Disaster Relief (once emerald on the event page), 12 Technology.
    for (const [categoryId, name] of [
      [7, 'Healthcare'],
      [9, 'Disaster Relief'],
      [12, 'Technology'],
    ] as const) {
      const event = await createEventRow(app.database.db, { organizerId, title: `Badge ${name}`, categoryId });
      const response = await app.inject({ method: 'GET', url: `/api/events/${event.id}/og-image` });
      // Inside the pill, left of its text: 14 px in from the badge's start, at its middle.
      const { data, info } = await sharp(response.rawPayload)
        .extract({ left: 86, top: 90, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const expected = categoryBadgeHexOf(name);
      const painted = `#${[...data.subarray(0, 3)].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
      expect(info.channels).toBeGreaterThanOrEqual(3);
      expect(painted, name).toBe(expected);
    }
  });

  it('draws a 1200×630 PNG without a session, cacheable with a validator', async () => {
    const event = await createEventRow(app.database.db, { organizerId, title: 'River cleanup', maxAttendees: 20 });
    const response = await app.inject({ method: 'GET', url: `/api/events/${event.id}/og-image` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toMatch(/public/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/og-image`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // A 304 that announces a length makes keep-alive clients wait for a body that never comes.
    expect(again.headers['content-length']).toBeUndefined();
    const attendee = await signUpUser(app);
    await addRsvpRow(app.database.db, event.id, attendee.user.id);
    const changed = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/og-image`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('draws an event once for many concurrent requests, and again only when the picture changes', async () => {
    const event = await createEventRow(app.database.db, { organizerId, title: 'Crowded preview' });
    const before = countOgImageRenders();
    const url = `/api/events/${event.id}/og-image`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app.inject({ method: 'GET', url, remoteAddress: `198.51.100.${index + 1}` }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    }
    expect(countOgImageRenders() - before).toBe(1);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(countOgImageRenders() - before).toBe(1);
    // A new RSVP changes the attendance drawn on the image: a new picture, drawn once.
    await addRsvpRow(app.database.db, event.id, (await signUpUser(app)).user.id);
    await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url })));
    expect(countOgImageRenders() - before).toBe(2);
  });

  it('limits how many new pictures one client address makes drawn per minute; other addresses still get theirs', async () => {
    const ids: number[] = [];
    for (let index = 0; index <= OG_IMAGE_MISSES_PER_WINDOW; index += 1)
      ids.push((await createEventRow(app.database.db, { organizerId, title: `Walk ${index}` })).id);
    const fetchAs = (id: number, remoteAddress: string) =>
      app.inject({ method: 'GET', url: `/api/events/${id}/og-image`, remoteAddress });
    for (const id of ids.slice(0, OG_IMAGE_MISSES_PER_WINDOW))
      expect((await fetchAs(id, '203.0.113.7')).statusCode).toBe(200);
    const before = countOgImageRenders();
    const refused = await fetchAs(ids.at(-1)!, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: OG_IMAGE_TOO_MANY, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(countOgImageRenders()).toBe(before);
    // Pictures already drawn cost nothing, so they are still served to that address.
    expect((await fetchAs(ids[0]!, '203.0.113.7')).statusCode).toBe(200);
    expect((await fetchAs(ids.at(-1)!, '203.0.113.8')).statusCode).toBe(200);
  });

  it('answers 404 for a missing event and 400 for a bad id', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/events/999999/og-image' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/events/abc/og-image' })).statusCode).toBe(400);
  });
});

describe('link previews in the HTML of /events/{id}', () => {
  it('carries the event title, description, article type, absolute image and card type, all escaped', async () => {
    const title = `Tom & Jerry's "<Cleanup>"`;
    const description = 'A'.repeat(120);
    const event = await createEventRow(app.database.db, {
      organizerId,
      title,
      description,
      location: 'Porto <Ribeira>',
      date: new Date('2031-06-07T09:30:00Z'),
    });
    const response = await app.inject({ method: 'GET', url: `/events/${event.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<Cleanup>');
    expect(html).toContain('<title>Tom &amp; Jerry&#39;s &quot;&lt;Cleanup&gt;&quot; | PitchIn</title>');
    const expectedDescription = `Join us for &quot;Tom &amp; Jerry&#39;s &quot;&lt;Cleanup&gt;&quot;&quot; on Saturday, June 7, 2031 in Porto &lt;Ribeira&gt;. ${'A'.repeat(100)}...`;
    expect(metaContent(html, 'name', 'description')).toBe(expectedDescription);
    expect(metaContent(html, 'property', 'og:description')).toBe(expectedDescription);
    expect(metaContent(html, 'property', 'og:title')).toBe(
      'Tom &amp; Jerry&#39;s &quot;&lt;Cleanup&gt;&quot; | PitchIn',
    );
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `https://pitchin.example.org/api/events/${event.id}/og-image`,
    );
    expect(metaContent(html, 'property', 'og:url')).toBe(`https://pitchin.example.org/events/${event.id}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(response.headers['cache-control']).toMatch(/no-cache/);
  });

  it('preloads the first photo for a signed-in visitor and a guest with the srcset and sizes of the event page', async () => {
    const event = await createEventRow(app.database.db, { organizerId, title: 'Beach day' });
    await addPhotoRows(app.database.db, event.id, ['first-photo', 'second-photo']);
    const signedIn = (await app.inject({ method: 'GET', url: `/events/${event.id}`, headers: { cookie } })).body;
    const preloads = signedIn.match(/<link rel="preload"[^>]*>/g);
    expect(preloads).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="no-referrer" href="/api/images/first-photo?size=card" imagesrcset="/api/images/first-photo?size=card 800w, /api/images/first-photo 1600w" imagesizes="(min-width: 1152px) 1104px, 100vw" />',
    ]);
    expect(signedIn.indexOf(preloads![0]!)).toBeLessThan(signedIn.indexOf('</head>'));
    // A guest opens the same page, so the photo is fetched early for them too.
    expect(
      (await app.inject({ method: 'GET', url: `/events/${event.id}` })).body.match(/<link rel="preload"[^>]*>/g),
    ).toEqual(preloads);
  });

  it('preloads a linked image as it is, and nothing for an event without a picture', async () => {
    const linked = await createEventRow(app.database.db, { organizerId });
    await app.database.db
      .update(events)
      .set({ imageUrl: 'https://images.example.org/a.jpg?w=1&h=2' })
      .where(eq(events.id, linked.id));
    const linkedHtml = (await app.inject({ method: 'GET', url: `/events/${linked.id}`, headers: { cookie } })).body;
    expect(linkedHtml.match(/<link rel="preload"[^>]*>/g)).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="no-referrer" href="https://images.example.org/a.jpg?w=1&amp;h=2" />',
    ]);
    const plain = await createEventRow(app.database.db, { organizerId });
    expect((await app.inject({ method: 'GET', url: `/events/${plain.id}`, headers: { cookie } })).body).not.toContain(
      'rel="preload"',
    );
    expect((await app.inject({ method: 'GET', url: '/discover', headers: { cookie } })).body).not.toContain(
      'rel="preload"',
    );
  });

  it('gives every other page, and a missing event, the defaults', async () => {
    for (const url of ['/', '/discover', '/events/999999', '/anything']) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html).toContain('<title>PitchIn</title>');
      expect(metaContent(html, 'property', 'og:image')).toBe('https://pitchin.example.org/og-image.png');
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'property', 'og:type')).toBe('website');
    }
  });
});

describe('link previews without PUBLIC_URL', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ WEB_DIST_DIR: webDirectory, TIME_ZONE: 'UTC' });
  });
  afterAll(async () => bare?.close());

  it('never echo the Host header: the image is root-relative and og:url is left out', async () => {
    const organizer = await signUpUser(bare);
    const event = await createEventRow(bare.database.db, { organizerId: organizer.user.id, title: 'Forged host' });
    for (const url of [`/events/${event.id}`, '/discover']) {
      const response = await bare.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('evil.example');
      expect(metaContent(response.body, 'property', 'og:url')).toBeUndefined();
    }
    const html = (await bare.inject({ method: 'GET', url: `/events/${event.id}`, headers: { host: 'evil.example' } }))
      .body;
    expect(metaContent(html, 'property', 'og:image')).toBe(`/api/events/${event.id}/og-image`);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`/api/events/${event.id}/og-image`);
    expect(
      metaContent(
        (await bare.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } })).body,
        'property',
        'og:image',
      ),
    ).toBe('/og-image.png');
  });
});
