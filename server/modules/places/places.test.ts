import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { searchPlaces } from './places.service';

let app: TestApp;
let person: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp();
  person = await signUpUser(app);
});

afterAll(async () => app.close());

describe('searchPlaces', () => {
  it('finds places by the start of their name, most populous first, with country and coordinates', () => {
    const [first, second] = searchPlaces('Vancou');
    expect(first).toEqual({
      name: 'Vancouver',
      country: 'CA',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(first!.latitude).toBeCloseTo(49.25, 1);
    expect(first!.longitude).toBeCloseTo(-123.12, 1);
    expect(second).toMatchObject({ name: 'Vancouver', country: 'US' });
  });

  it('ignores accents and case, and gives at most eight', () => {
    expect(searchPlaces('zur')[0]).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect(searchPlaces('SAO PAU')[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect(searchPlaces('san')).toHaveLength(8);
    expect(searchPlaces('qqqzzz')).toEqual([]);
  });
});

describe('GET /api/places', () => {
  it('answers a signed-in person', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/places?q=porto',
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ name: expect.stringMatching(/^Port/), country: expect.any(String) });
  });

  it('refuses a missing or too long search with 400, and a guest with 401', async () => {
    const empty = await app.inject({ method: 'GET', url: '/api/places?q=%20', headers: { cookie: person.cookie } });
    expect(empty.statusCode).toBe(400);
    const long = await app.inject({
      method: 'GET',
      url: `/api/places?q=${'a'.repeat(101)}`,
      headers: { cookie: person.cookie },
    });
    expect(long.statusCode).toBe(400);
    const guest = await app.inject({ method: 'GET', url: '/api/places?q=porto' });
    expect(guest.statusCode).toBe(401);
  });
});
