import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPhotos, events, photoFiles } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  cookie = (await signUpUser(app)).cookie;
});
afterAll(async () => app?.close());

const FORMAT_MESSAGE = 'Each photo must be a PNG, JPEG, WebP or GIF image';

function dataUrl(type: string, bytes: Buffer): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

function createWithImages(images: string[]) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie },
    payload: {
      title: 'Mural painting',
      description: 'Paint the school wall.',
      location: 'Braga',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      categoryId: 11,
      images,
    },
  });
}

async function storedCounts() {
  const [eventRows] = await app.database.db.select({ value: count() }).from(events);
  const [photoRows] = await app.database.db.select({ value: count() }).from(eventPhotos);
  return { events: eventRows!.value, photos: photoRows!.value };
}

const png = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .toBuffer();

describe('event photos', () => {
  it('stores re-encoded photos without metadata and serves them publicly with immutable caching', async () => {
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await createWithImages([dataUrl('image/png', await png()), dataUrl('image/jpeg', jpeg)]);
    expect(response.statusCode, response.body).toBe(201);
    const { images, id } = response.json() as { id: number; images: string[] };
    expect(images).toHaveLength(2);
    for (const url of images) expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{20,}$/);

    const [first, second] = await Promise.all(images.map((url) => app.inject({ method: 'GET', url })));
    for (const photo of [first!, second!]) {
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(photo.headers.etag).toMatch(/^".+"$/);
      // Other sites' link previews load photos: the route's policy is not replaced by the app's same-site one.
      expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(photo.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
    }
    const large = await sharp(first!.rawPayload).metadata();
    expect(large.width).toBe(1600);
    expect(large.height).toBe(800);
    expect((await sharp(second!.rawPayload).metadata()).width).toBe(64);

    const notModified = await app.inject({
      method: 'GET',
      url: images[0]!,
      headers: { 'if-none-match': first!.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // A 304 that announces a length makes keep-alive clients wait for a body that never comes.
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const listed = await app.inject({ method: 'GET', url: '/api/events?location=Braga', headers: { cookie } });
    expect(listed.json().find((event: { id: number }) => event.id === id).images).toEqual(images);
  });

  it('stores an 800 px card rendition with each wider photo, in the same create, and serves it on its own URL', async () => {
    const response = await createWithImages([
      dataUrl('image/png', await png()),
      dataUrl('image/jpeg', await jpegWithGps()),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [wide, small] = response.json().images as string[];
    const readFile = (url: string) =>
      app.database.db
        .select({ cardBytes: photoFiles.cardBytes })
        .from(eventPhotos)
        .innerJoin(photoFiles, eq(photoFiles.id, eventPhotos.fileId))
        .where(eq(eventPhotos.id, url.split('/').pop()!));
    const [wideRow] = await readFile(wide!);
    const [smallRow] = await readFile(small!);
    expect(wideRow!.cardBytes).not.toBeNull();
    // A photo no wider than a card is its own card rendition: nothing is stored twice.
    expect(smallRow!.cardBytes).toBeNull();

    const full = await app.inject({ method: 'GET', url: wide! });
    const card = await app.inject({ method: 'GET', url: `${wide}?size=card` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const cardMetadata = await sharp(card.rawPayload).metadata();
    expect(cardMetadata).toMatchObject({ format: 'webp', width: 800, height: 400 });
    expect(cardMetadata.exif).toBeUndefined();
    expect(card.rawPayload.length).toBeLessThan(full.rawPayload.length);
    // Each rendition has its own validator, so a cache never answers one with the other.
    expect(card.headers.etag).toMatch(/^".+"$/);
    expect(card.headers.etag).not.toBe(full.headers.etag);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `${wide}?size=card`,
          headers: { 'if-none-match': card.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `${wide}?size=card`,
          headers: { 'if-none-match': full.headers.etag as string },
        })
      ).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${wide}?size=full` })).rawPayload.equals(full.rawPayload)).toBe(
      true,
    );

    const smallCard = await app.inject({ method: 'GET', url: `${small}?size=card` });
    expect(smallCard.statusCode).toBe(200);
    expect((await sharp(smallCard.rawPayload).metadata()).width).toBe(64);

    expect((await app.inject({ method: 'GET', url: `${wide}?size=huge` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/images/no-such-photo?size=card' })).statusCode).toBe(404);
  });

  it('serves a photo stored without a card rendition (before renditions existed) for the card size too', async () => {
    const created = await createWithImages([]);
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#48c' } })
      .webp()
      .toBuffer();
    const id = randomBytes(16).toString('base64url');
    await app.database.db.insert(photoFiles).values({ id, bytes });
    await app.database.db.insert(eventPhotos).values({
      id,
      eventId: created.json().id,
      position: 0,
      contentType: 'image/webp',
      width: 1600,
      height: 900,
      fileId: id,
    });
    const card = await app.inject({ method: 'GET', url: `/api/images/${id}?size=card` });
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts WebP and GIF photos, checked by content rather than by the declared type', async () => {
    const webp = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#00f8' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0' } })
      .gif()
      .toBuffer();
    const response = await createWithImages([dataUrl('image/png', webp), dataUrl('image/jpeg', gif)]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().images).toHaveLength(2);
  });

  const halfPngWithHtml = async () => {
    const bytes = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    return Buffer.concat([bytes.subarray(0, bytes.length / 2), Buffer.from('<html><script>alert(1)</script></html>')]);
  };
  const tiff = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();

  it.each([
    ['a text file disguised as a PNG', async () => Buffer.from('just some text, not an image at all')],
    [
      'an SVG disguised as a PNG',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    ],
    ['a PNG cut in half with HTML appended', halfPngWithHtml],
    ['a TIFF', tiff],
  ])('refuses %s with 400 and stores nothing', async (_label, makeImage) => {
    const before = await storedCounts();
    const good = dataUrl(
      'image/png',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const response = await createWithImages([good, dataUrl('image/png', await makeImage())]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: FORMAT_MESSAGE,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'images.1', message: FORMAT_MESSAGE }],
    });
    expect(await storedCounts()).toEqual(before);
  });

  it('keeps nothing of what a polyglot file hides after a valid image', async () => {
    const image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([image, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const response = await createWithImages([dataUrl('image/jpeg', polyglot)]);
    expect(response.statusCode, response.body).toBe(201);
    const photo = await app.inject({ method: 'GET', url: response.json().images[0] });
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses a data URL of another type, more than 10 photos, and a photo over 5 MB', async () => {
    const html = await createWithImages([dataUrl('text/html', Buffer.from('<b>hi</b>'))]);
    expect(html.statusCode).toBe(400);
    expect(html.json().errors[0].path).toBe('images.0');

    const tiny = dataUrl(
      'image/png',
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const eleven = await createWithImages(Array(11).fill(tiny));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe('At most 10 photos');

    const tooLarge = await createWithImages([dataUrl('image/png', Buffer.alloc(5 * 1024 * 1024 + 1, 7))]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      message: 'Each photo must be at most 5 MB',
      code: 'PAYLOAD_TOO_LARGE',
      errors: [{ path: 'images.0', message: 'Each photo must be at most 5 MB' }],
    });
  });

  it('accepts a body with ten photos of almost 5 MB each', async () => {
    // Random pixels do not compress, so a small canvas gives a large file quickly.
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 1100 * 1100 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 1100, height: 1100, channels: 3 } },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(noisy.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const response = await createWithImages(Array(10).fill(dataUrl('image/png', noisy)));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    expect(response.json().images).toHaveLength(10);
  }, 120_000);

  it("copies the organizer's own stored photos on the server, in the list's order, each under a new id", async () => {
    const original = await createWithImages([dataUrl('image/png', await png())]);
    expect(original.statusCode).toBe(201);
    const [stored] = original.json().images as string[];
    const newPhoto = dataUrl('image/jpeg', await jpegWithGps());
    const before = await storedCounts();
    const copy = await createWithImages([newPhoto, stored!]);
    expect(copy.statusCode, copy.body).toBe(201);
    const [added, copied] = copy.json().images as string[];
    expect(copied).not.toBe(stored);
    expect(added).not.toBe(stored);
    expect(await storedCounts()).toEqual({ events: before.events + 1, photos: before.photos + 2 });
    // The same bytes and rendition, not a re-encoding of them.
    const read = async (url: string) =>
      app.database.db
        .select({ bytes: photoFiles.bytes, cardBytes: photoFiles.cardBytes, position: eventPhotos.position })
        .from(eventPhotos)
        .innerJoin(photoFiles, eq(photoFiles.id, eventPhotos.fileId))
        .where(eq(eventPhotos.id, url.split('/').pop()!));
    const [source] = await read(stored!);
    const [target] = await read(copied!);
    expect(Buffer.compare(target!.bytes, source!.bytes)).toBe(0);
    expect(Buffer.compare(target!.cardBytes!, source!.cardBytes!)).toBe(0);
    expect(target!.position).toBe(1);
  });

  it("refuses another organizer's photo or an unknown one with 400 at its place in the list, storing nothing", async () => {
    const stranger = await signUpUser(app);
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: stranger.cookie },
      payload: {
        title: 'Their event',
        description: 'Not yours.',
        location: 'Faro',
        date: new Date(Date.now() + 86_400_000).toISOString(),
        categoryId: 11,
        images: [dataUrl('image/png', await png())],
      },
    });
    const [theirPhoto] = theirs.json().images as string[];
    const before = await storedCounts();
    for (const images of [[theirPhoto!], ['/api/images/no-such-photo']]) {
      const response = await createWithImages([dataUrl('image/jpeg', await jpegWithGps()), ...images]);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'images.1', message: "Each photo URL must be one of your events' photos" },
      ]);
    }
    expect(await storedCounts()).toEqual(before);
  });
});
