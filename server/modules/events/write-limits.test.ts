import { deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { consumeWriteLimit, WRITE_LIMITS, wouldExceedWriteLimit } from '../limits/limits.service';
import { readPhotoDecodeCounts } from '../../lib/photo-uploads';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

function dataUrl(bytes: Buffer): string {
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

function postEvent(cookie: string, images: string[] = []) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie },
    payload: {
      title: 'Limits',
      description: 'd',
      location: 'Faro',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      categoryId: 1,
      images,
    },
  });
}

async function eventsOf(organizerId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ value: count() })
    .from(events)
    .where(eq(events.organizerId, organizerId));
  return row!.value;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/** 68 bytes whose header claims a 10 000 × 10 000 RGB canvas: 300 MB once decoded. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('photos over 40 megapixels', () => {
  it('are refused with 413 from their header, before anything is decoded', async () => {
    const { cookie, user } = await signUpUser(app);
    const message = 'Each photo must be at most 40 megapixels';
    // A real 100-megapixel PNG of one colour is about 300 kB; the crafted header is 68 bytes.
    const real = await photo(10_000, 10_000);
    for (const bomb of [pngClaiming(10_000, 10_000), pngClaiming(8000, 5001), real]) {
      const before = readPhotoDecodeCounts().started;
      const response = await postEvent(cookie, [dataUrl(await photo(40, 30)), dataUrl(bomb)]);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toEqual({ message, code: 'PAYLOAD_TOO_LARGE', errors: [{ path: 'images.1', message }] });
      expect(readPhotoDecodeCounts().started).toBe(before);
    }
    expect(await eventsOf(user.id)).toBe(0);
    // 40 megapixels exactly is still a photo.
    const largest = await postEvent(cookie, [dataUrl(await photo(8000, 5000))]);
    expect(largest.statusCode, largest.body).toBe(201);
  });
});

describe('photo decoding', () => {
  it('runs at most two decodes at once in the process, however many photos arrive together', async () => {
    const [first, second] = await Promise.all([signUpUser(app), signUpUser(app)]);
    const images = await Promise.all([photo(1200, 800), photo(1100, 700), photo(1000, 600), photo(900, 500)]);
    const before = readPhotoDecodeCounts().started;
    const responses = await Promise.all([
      postEvent(first.cookie, images.map(dataUrl)),
      postEvent(second.cookie, images.map(dataUrl)),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const counts = readPhotoDecodeCounts();
    expect(counts.started - before).toBe(8);
    expect(counts.mostAtOnce).toBe(2);
    expect(counts.running).toBe(0);
  });
});

describe('per-user write limits', () => {
  it('refuses photos past 50 MB a day with 429 and Retry-After, before decoding them', async () => {
    const { cookie, user } = await signUpUser(app);
    const image = await photo(600, 400);
    const response = await postEvent(cookie, [dataUrl(image)]);
    expect(response.statusCode, response.body).toBe(201);
    // The create counted the photo's bytes, in its transaction.
    expect(
      await wouldExceedWriteLimit(
        app.database.db,
        WRITE_LIMITS.photoBytes,
        user.id,
        WRITE_LIMITS.photoBytes.limit - image.length,
      ),
    ).toBe(false);
    expect(
      await wouldExceedWriteLimit(
        app.database.db,
        WRITE_LIMITS.photoBytes,
        user.id,
        WRITE_LIMITS.photoBytes.limit - image.length + 1,
      ),
    ).toBe(true);
    // Most of today's allowance spent (as by ten earlier uploads of 5 MB): the next photo does not fit.
    await consumeWriteLimit(
      app.database.db,
      WRITE_LIMITS.photoBytes,
      user.id,
      WRITE_LIMITS.photoBytes.limit - image.length - 100,
    );
    const before = readPhotoDecodeCounts().started;
    const refused = await postEvent(cookie, [dataUrl(image)]);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ message: WRITE_LIMITS.photoBytes.message, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 60 * 60);
    expect(readPhotoDecodeCounts().started).toBe(before);
    expect(await eventsOf(user.id)).toBe(1);
    // An event without photos still goes through.
    expect((await postEvent(cookie)).statusCode).toBe(201);
  });

  it('refuses an 11th event within the hour with 429 and Retry-After, even sent all at once', async () => {
    const { cookie, user } = await signUpUser(app);
    const responses = await Promise.all(Array.from({ length: 12 }, () => postEvent(cookie)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: WRITE_LIMITS.events.message, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect(await eventsOf(user.id)).toBe(10);
    // Another organizer is not affected.
    expect((await postEvent((await signUpUser(app)).cookie)).statusCode).toBe(201);
  });

  it('refuses a 61st edit of events within the hour with 429 and Retry-After, and the event keeps the 60th', async () => {
    const { cookie } = await signUpUser(app);
    const created = await postEvent(cookie);
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id;
    const edit = (location: string) =>
      app.inject({ method: 'PATCH', url: `/api/events/${eventId}`, headers: { cookie }, payload: { location } });
    for (let index = 1; index <= 60; index += 1) expect((await edit(`Place ${index}`)).statusCode).toBe(200);
    const refused = await edit('Place 61');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: WRITE_LIMITS.eventEdits.message, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    const [row] = await app.database.db
      .select({ location: events.location })
      .from(events)
      .where(eq(events.id, eventId));
    expect(row!.location).toBe('Place 60');
    // Another organizer is not affected.
    const other = await signUpUser(app);
    const theirs = (await postEvent(other.cookie)).json().id;
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/events/${theirs}`,
          headers: { cookie: other.cookie },
          payload: { location: 'Lagos' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
