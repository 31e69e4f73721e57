import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { eventPhotos, events } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
let organizerId: string;
let cookie: string;
const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-web-'));
writeFileSync(
  path.join(webDirectory, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8" /><!-- head:start --><title>PitchIn</title><!-- head:end --></head><body><div id="root"></div></body></html>',
);

beforeAll(async () => {
  app = await createTestApp({ WEB_DIST_DIR: webDirectory, PUBLIC_URL: 'https://pitchin.example.org', TIME_ZONE: 'UTC' });
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
    const again = await app.inject({ method: 'GET', url: `/api/events/${event.id}/og-image`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A 304 that announces a length makes keep-alive clients wait for a body that never comes.
    expect(again.headers['content-length']).toBeUndefined();
    const attendee = await signUpUser(app);
    await addRsvpRow(app.database.db, event.id, attendee.user.id);
    const changed = await app.inject({ method: 'GET', url: `/api/events/${event.id}/og-image`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
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
    expect(metaContent(html, 'property', 'og:title')).toBe('Tom &amp; Jerry&#39;s &quot;&lt;Cleanup&gt;&quot; | PitchIn');
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toBe(`https://pitchin.example.org/api/events/${event.id}/og-image`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(response.headers['cache-control']).toMatch(/no-cache/);
  });

  it('preloads the first photo for a signed-in visitor with the srcset and sizes of the event page', async () => {
    const event = await createEventRow(app.database.db, { organizerId, title: 'Beach day' });
    const bytes = Buffer.from('not read here');
    const photo = (id: string, position: number) => ({ id, eventId: event.id, position, contentType: 'image/webp', width: 1600, height: 900, bytes });
    await app.database.db.insert(eventPhotos).values([photo('second-photo', 1), photo('first-photo', 0)]);
    const signedIn = (await app.inject({ method: 'GET', url: `/events/${event.id}`, headers: { cookie } })).body;
    const preloads = signedIn.match(/<link rel="preload"[^>]*>/g);
    expect(preloads).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/api/images/first-photo?size=card" imagesrcset="/api/images/first-photo?size=card 800w, /api/images/first-photo 1600w" imagesizes="(min-width: 1152px) 1104px, 100vw" />',
    ]);
    expect(signedIn.indexOf(preloads![0]!)).toBeLessThan(signedIn.indexOf('</head>'));
    // Crawlers and signed-out visitors never see the event page, so they are not made to fetch it.
    expect((await app.inject({ method: 'GET', url: `/events/${event.id}` })).body).not.toContain('rel="preload"');
  });

  it('preloads a linked image as it is, and nothing for an event without a picture', async () => {
    const linked = await createEventRow(app.database.db, { organizerId });
    await app.database.db.update(events).set({ imageUrl: 'https://images.example.org/a.jpg?w=1&h=2' }).where(eq(events.id, linked.id));
    const linkedHtml = (await app.inject({ method: 'GET', url: `/events/${linked.id}`, headers: { cookie } })).body;
    expect(linkedHtml.match(/<link rel="preload"[^>]*>/g)).toEqual(['<link rel="preload" as="image" fetchpriority="high" href="https://images.example.org/a.jpg?w=1&amp;h=2" />']);
    const plain = await createEventRow(app.database.db, { organizerId });
    expect((await app.inject({ method: 'GET', url: `/events/${plain.id}`, headers: { cookie } })).body).not.toContain('rel="preload"');
    expect((await app.inject({ method: 'GET', url: '/discover', headers: { cookie } })).body).not.toContain('rel="preload"');
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
