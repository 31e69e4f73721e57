import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import type { Series } from '../../../contract/series';
import { selectRows } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';
import { daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';

/**
 * Decisions §22: the dates of a series share one stored photo (3 photos on 52 dates had stored 156 rows of
 * bytes), and every date counts against the write limits (a series had counted once).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

const photo = async (background: string) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 1600, height: 900, channels: 3, background } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, person?: SignedUpUser, payload?: object) {
  return app.inject({
    method,
    url,
    ...(person ? { headers: { cookie: person.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

function postSeries(person: SignedUpUser, count: number, images: string[] = []) {
  return call('POST', '/api/events', person, {
    title: 'Weekly food bank',
    description: 'Sort and pack donations.',
    location: 'Coimbra',
    date: daysFromNow(2).toISOString(),
    categoryId: 1,
    images,
    ...(count > 1 ? { recurrence: { frequency: 'weekly', count } } : {}),
  });
}

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ count: number }>(app.database.db, query);
  return row!.count;
}

const organizersFiles = (person: SignedUpUser) =>
  countOf(sql`SELECT count(DISTINCT p.file_id)::int AS count FROM event_photos p JOIN events e ON e.id = p.event_id
    WHERE e.organizer_id = ${person.user.id}`);
const allFiles = () => countOf(sql`SELECT count(*)::int AS count FROM photo_files`);
const eventsOf = (person: SignedUpUser) =>
  countOf(sql`SELECT count(*)::int AS count FROM events WHERE organizer_id = ${person.user.id}`);

describe('the dates of a series share one stored photo', () => {
  it('stores each photo once for every date; a date deleted keeps the others’ photos; the last one frees it', async () => {
    const organizer = await signUpUser(app);
    const filesBefore = await allFiles();
    const created = await postSeries(organizer, 4, [await photo('#2a6'), await photo('#a26')]);
    expect(created.statusCode, created.body).toBe(201);
    const series = (await call('GET', `/api/series/${(created.json() as Event).seriesId}`)).json() as Series;
    expect(series.occurrences).toHaveLength(4);
    expect(await allFiles()).toBe(filesBefore + 2);
    expect(await organizersFiles(organizer)).toBe(2);
    expect(
      await countOf(sql`SELECT count(*)::int AS count FROM event_photos p JOIN events e ON e.id = p.event_id
        WHERE e.organizer_id = ${organizer.user.id}`),
    ).toBe(8);

    const [first, second, ...rest] = series.occurrences.map((occurrence) => occurrence.id) as [number, number, number];
    const imagesOf = async (eventId: number) =>
      ((await call('GET', `/api/events/${eventId}`, organizer)).json() as Event).images;
    const firstImages = await imagesOf(first);
    const secondImages = await imagesOf(second);
    expect(secondImages).toHaveLength(2);
    expect(secondImages).not.toEqual(firstImages);
    const firstBytes = (await call('GET', firstImages[0]!)).rawPayload;
    expect((await call('GET', secondImages[0]!)).rawPayload.equals(firstBytes)).toBe(true);

    // One date's photo taken off in an edit, then the date deleted: the others still show theirs.
    const edited = await call('PATCH', `/api/events/${first}`, organizer, { images: [firstImages[1]] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('DELETE', `/api/events/${first}`, organizer)).statusCode).toBe(204);
    expect(await allFiles()).toBe(filesBefore + 2);
    const shown = await call('GET', secondImages[0]!);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(firstBytes)).toBe(true);
    expect((await call('GET', `${secondImages[1]}?size=card`)).statusCode).toBe(200);

    for (const eventId of [second, ...rest])
      expect((await call('DELETE', `/api/events/${eventId}`, organizer)).statusCode).toBe(204);
    expect(await allFiles()).toBe(filesBefore);
  });

  it('duplicating an event with a stored photo references the same file', async () => {
    const organizer = await signUpUser(app);
    const original = await postSeries(organizer, 1, [await photo('#26a')]);
    expect(original.statusCode, original.body).toBe(201);
    const duplicate = await postSeries(organizer, 1, (original.json() as Event).images);
    expect(duplicate.statusCode, duplicate.body).toBe(201);
    expect(await organizersFiles(organizer)).toBe(1);
  });
});

describe('every date of a series counts against the write limits', () => {
  it(`refuses a series of more dates than the ${WRITE_LIMITS.events.limit} events an hour, whole, with 429`, async () => {
    const organizer = await signUpUser(app);
    const tooMany = await postSeries(organizer, WRITE_LIMITS.events.limit + 1);
    expect(tooMany.statusCode, tooMany.body).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(tooMany.headers['retry-after']).toBeDefined();
    expect(await eventsOf(organizer)).toBe(0);
    expect(
      await countOf(sql`SELECT count(*)::int AS count FROM event_series WHERE organizer_id = ${organizer.user.id}`),
    ).toBe(0);

    const full = await postSeries(organizer, WRITE_LIMITS.events.limit);
    expect(full.statusCode, full.body).toBe(201);
    const one = await postSeries(organizer, 1);
    expect(one.statusCode).toBe(429);
    expect(await eventsOf(organizer)).toBe(WRITE_LIMITS.events.limit);
  });

  it('counts the photo bytes of every date against the daily photo limit, and refuses a series over it whole', async () => {
    const organizer = await signUpUser(app);
    const image = await photo('#6a2');
    const imageBytes = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').length;
    // What is left of the day's allowance: room for three dates of this photo, not four.
    await consumeWriteLimit(
      app.database.db,
      WRITE_LIMITS.photoBytes,
      organizer.user.id,
      WRITE_LIMITS.photoBytes.limit - 3 * imageBytes,
    );
    const filesBefore = await allFiles();
    const four = await postSeries(organizer, 4, [image]);
    expect(four.statusCode, four.body).toBe(429);
    expect(four.json()).toMatchObject({ code: 'RATE_LIMITED', message: WRITE_LIMITS.photoBytes.message });
    expect(await eventsOf(organizer)).toBe(0);
    expect(await allFiles()).toBe(filesBefore);
    const three = await postSeries(organizer, 3, [image]);
    expect(three.statusCode, three.body).toBe(201);
    expect(await eventsOf(organizer)).toBe(3);
    await app.database.db.delete(rateLimitCounters);
  });
});
