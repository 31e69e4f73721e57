import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import { events } from '../../db/schema';
import { createEventRow, daysFromNow } from '../../test/fixtures';
import { createEvent, createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { boundingBoxOf } from './events.repository';

/** decisions §21: near and radius, the Advanced Filters, coordinates from the place picker, places in search. */
let app: TestApp;
let organizer: SignedUpUser;

const PORTO = { latitude: 41.14961, longitude: -8.61099 };
const BRAGA = { latitude: 41.55032, longitude: -8.42005 }; // about 47 km north of Porto
const LISBON = { latitude: 38.71667, longitude: -9.13333 }; // about 274 km south
const SUVA = { latitude: -18.14161, longitude: 178.44149 }; // Fiji, west of the antimeridian
const TAVEUNI = { latitude: -16.85, longitude: -179.95 }; // Fiji too, east of it: about 200 km from Suva

async function placeEvent(title: string, place: { latitude: number; longitude: number } | null, days = 5) {
  const row = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    title,
    date: daysFromNow(days),
    ...place,
  });
  return row.id;
}

async function list(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/events?${query}` });
  return {
    status: response.statusCode,
    events: response.statusCode === 200 ? (response.json() as Event[]) : [],
    response,
  };
}

beforeAll(async () => {
  app = await createTestApp();
  organizer = await signUpUser(app);
  await placeEvent('Braga walk', BRAGA, 3);
  await placeEvent('Porto walk', PORTO, 9);
  await placeEvent('Lisbon walk', LISBON, 4);
  await placeEvent('Nowhere walk', null, 2);
  await placeEvent('Suva walk', SUVA);
  await placeEvent('Taveuni walk', TAVEUNI);
});

afterAll(async () => app.close());

describe('GET /api/events?near=', () => {
  it('lists only the events within the radius, nearest first whatever their dates, each with its distance', async () => {
    const { status, events: found } = await list(`near=${PORTO.latitude},${PORTO.longitude}&radiusKm=100`);
    expect(status).toBe(200);
    expect(found.map((event) => event.title)).toEqual(['Porto walk', 'Braga walk']);
    expect(found[0]!.distanceKm).toBe(0);
    expect(found[1]!.distanceKm).toBeGreaterThan(45);
    expect(found[1]!.distanceKm).toBeLessThan(48);
    const wide = await list(`near=${PORTO.latitude},${PORTO.longitude}&radiusKm=500`);
    expect(wide.events.map((event) => event.title)).toEqual(['Porto walk', 'Braga walk', 'Lisbon walk']);
    // Without near there is no distance.
    expect((await list('')).events.every((event) => event.distanceKm === null)).toBe(true);
  });

  it('takes 50 km when no radius is given, and finds places across the antimeridian', async () => {
    expect((await list(`near=${BRAGA.latitude},${BRAGA.longitude}`)).events.map((event) => event.title)).toEqual([
      'Braga walk',
      'Porto walk',
    ]);
    const fiji = await list(`near=${SUVA.latitude},${SUVA.longitude}&radiusKm=300`);
    expect(fiji.events.map((event) => event.title)).toEqual(['Suva walk', 'Taveuni walk']);
  });

  it('pages by distance with the Link header, every event once', async () => {
    const first = await list(`near=${PORTO.latitude},${PORTO.longitude}&radiusKm=500&limit=2`);
    expect(first.events.map((event) => event.title)).toEqual(['Porto walk', 'Braga walk']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.response.headers.link))![1]!;
    const second = await app.inject({ method: 'GET', url: next });
    expect((second.json() as Event[]).map((event) => event.title)).toEqual(['Lisbon walk']);
    expect(second.headers.link).toBeUndefined();
  });

  it('answers 400, never 5xx, for a point off the globe, a radius out of range, or a radius alone', async () => {
    for (const query of [
      'near=91,0',
      'near=0,181',
      'near=abc',
      'near=1,2,3',
      'near=',
      'near=NaN,NaN',
      'near=1e3,1',
      'near=0,0&radiusKm=0',
      'near=0,0&radiusKm=501',
      'near=0,0&radiusKm=Infinity',
      'near=0,0&radiusKm=x',
      'radiusKm=10',
      'near=0,0&cursor=eyJkIjoiMjAyNi0wMS0wMVQwMDowMDowMFoiLCJpIjoxfQ',
    ]) {
      const { status, response } = await list(query);
      expect(status, query).toBe(400);
      expect(response.json(), query).toMatchObject({ message: expect.any(String) });
    }
  });

  it('has a bounding box that holds the whole radius, also by a pole', () => {
    const box = boundingBoxOf({ ...PORTO, radiusKm: 100 });
    expect(box.latitudes[0]).toBeCloseTo(PORTO.latitude - 0.8993, 3);
    expect(box.longitudes).toHaveLength(1);
    expect(boundingBoxOf({ latitude: 89.5, longitude: 0, radiusKm: 100 }).longitudes).toBeNull();
  });
});

describe('Advanced Filters', () => {
  it('keeps the events in a date range, with places left, of an organization', async () => {
    const inRange = await list(
      `from=${encodeURIComponent(daysFromNow(3.5).toISOString())}&to=${encodeURIComponent(daysFromNow(6).toISOString())}`,
    );
    expect(inRange.events.map((event) => event.title).sort()).toEqual(['Lisbon walk', 'Suva walk', 'Taveuni walk']);
    const full = await placeEvent('Full walk', null);
    await app.database.db.update(events).set({ maxAttendees: 1, rsvpCount: 1 }).where(eq(events.id, full));
    const titles = async (query: string) => (await list(query)).events.map((event) => event.title);
    expect(await titles('')).toContain('Full walk');
    expect(await titles('placesLeft=true')).not.toContain('Full walk');
    expect(await titles('organizationId=999')).toEqual([]);
    expect((await list('from=yesterday')).status).toBe(400);
    expect((await list('placesLeft=yes')).status).toBe(400);
  });
});

describe('coordinates and places', () => {
  it('stores the place picker coordinates, refuses half of them, and forgets them when the place is retyped', async () => {
    const created = await createEvent(app, organizer.cookie, { location: 'Porto', ...PORTO });
    expect(created).toMatchObject({ latitude: PORTO.latitude, longitude: PORTO.longitude, distanceKm: null });
    const half = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: organizer.cookie },
      payload: {
        title: 'Half',
        description: 'x',
        location: 'Porto',
        date: daysFromNow(3).toISOString(),
        categoryId: 1,
        latitude: 41,
      },
    });
    expect(half.statusCode).toBe(400);
    const offGlobe = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: organizer.cookie },
      payload: {
        title: 'Off',
        description: 'x',
        location: 'Mars',
        date: daysFromNow(3).toISOString(),
        categoryId: 1,
        latitude: 100,
        longitude: 0,
      },
    });
    expect(offGlobe.statusCode).toBe(400);
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}`,
      headers: { cookie: organizer.cookie },
      payload: { location: 'Braga', ...BRAGA },
    });
    expect(moved.json()).toMatchObject({ location: 'Braga', latitude: BRAGA.latitude });
    const retyped = await app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}`,
      headers: { cookie: organizer.cookie },
      payload: { location: 'Behind the old mill' },
    });
    expect(retyped.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('finds events by the words of their location in search', async () => {
    await createEvent(app, organizer.cookie, {
      title: 'Litter pick',
      description: 'Bags provided',
      location: 'Stanley Park, Vancouver',
    });
    const found = await list('search=park');
    expect(found.events.map((event) => event.title)).toContain('Litter pick');
    const moved = (await list('search=stanley')).events.find((event) => event.title === 'Litter pick')!;
    await app.inject({
      method: 'PATCH',
      url: `/api/events/${moved.id}`,
      headers: { cookie: organizer.cookie },
      payload: { location: 'Montréal' },
    });
    expect((await list('search=stanley')).events.map((event) => event.title)).not.toContain('Litter pick');
    expect((await list('search=montreal')).events.map((event) => event.title)).toContain('Litter pick');
  });
});
