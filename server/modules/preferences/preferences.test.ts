import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { eq } from 'drizzle-orm';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

function put(cookie: string, payload: unknown) {
  return app.inject({ method: 'PUT', url: '/api/preferences', headers: { cookie }, payload: payload as object });
}

describe('preferences', () => {
  it('starts empty, saves the answers (trimmed, a blank place as none) and ends the first run', async () => {
    const me = await signUpUser(app);
    const before = await app.inject({ method: 'GET', url: '/api/preferences', headers: { cookie: me.cookie } });
    expect(before.json()).toEqual({
      place: null,
      categoryIds: [],
      hasFinishedOnboarding: false,
      hasDismissedTips: false,
    });

    const saved = await put(me.cookie, { place: '  Porto  ', categoryIds: [2, 1] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      place: 'Porto',
      categoryIds: [2, 1],
      hasFinishedOnboarding: true,
      hasDismissedTips: false,
    });

    expect((await put(me.cookie, { place: '   ', categoryIds: [] })).json()).toMatchObject({
      place: null,
      categoryIds: [],
    });
    const other = await signUpUser(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/preferences', headers: { cookie: other.cookie } })).json(),
    ).toMatchObject({ place: null, hasFinishedOnboarding: false });
  });

  it('skipping ends the first run and keeps earlier answers; dismissing the tips lasts', async () => {
    const me = await signUpUser(app);
    await put(me.cookie, { place: 'Braga', categoryIds: [3] });
    const skipped = await app.inject({ method: 'POST', url: '/api/preferences/skip', headers: { cookie: me.cookie } });
    expect(skipped.json()).toMatchObject({ place: 'Braga', categoryIds: [3], hasFinishedOnboarding: true });

    const fresh = await signUpUser(app);
    const freshSkip = await app.inject({
      method: 'POST',
      url: '/api/preferences/skip',
      headers: { cookie: fresh.cookie },
    });
    expect(freshSkip.json()).toEqual({
      place: null,
      categoryIds: [],
      hasFinishedOnboarding: true,
      hasDismissedTips: false,
    });
    const dismissed = await app.inject({
      method: 'POST',
      url: '/api/preferences/tips-dismissed',
      headers: { cookie: fresh.cookie },
    });
    expect(dismissed.json()).toMatchObject({ hasDismissedTips: true, hasFinishedOnboarding: true });
    await put(fresh.cookie, { place: 'Faro', categoryIds: [] });
    expect(
      (await app.inject({ method: 'GET', url: '/api/preferences', headers: { cookie: fresh.cookie } })).json(),
    ).toMatchObject({ place: 'Faro', hasDismissedTips: true });
  });

  it('refuses bad answers with a 400 and changes nothing', async () => {
    const me = await signUpUser(app);
    await put(me.cookie, { place: 'Lisbon', categoryIds: [1] });
    const refused = [
      { place: 'x'.repeat(101), categoryIds: [] },
      { place: 'Lis\u0000bon', categoryIds: [] },
      { place: 'Lis\nbon', categoryIds: [] },
      { place: 42, categoryIds: [] },
      { place: 'Lisbon', categoryIds: [1, 2, 3, 4, 5, 6] },
      { place: 'Lisbon', categoryIds: [1, 1] },
      { place: 'Lisbon', categoryIds: [0] },
      { place: 'Lisbon', categoryIds: [1.5] },
      { place: 'Lisbon', categoryIds: [99999] },
      { place: 'Lisbon', categoryIds: 'cleanup' },
      { place: 'Lisbon' },
    ];
    for (const payload of refused) {
      const response = await put(me.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBeTypeOf('string');
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/preferences', headers: { cookie: me.cookie } })).json(),
    ).toMatchObject({ place: 'Lisbon', categoryIds: [1] });
    expect((await app.inject({ method: 'GET', url: '/api/preferences' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/preferences', payload: { place: null, categoryIds: [] } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/preferences/matching-events', () => {
  it('lists upcoming events in the place and categories first, then the place, then the categories', async () => {
    const organizer = await signUpUser(app);
    const me = await signUpUser(app);
    const db = app.database.db;
    // A place unique to this test, so events of other tests do not match it.
    const place = 'Vila Nova de Testes';
    const both = await createEventRow(db, {
      organizerId: organizer.user.id,
      location: `Park, ${place}`,
      categoryId: 2,
      date: daysFromNow(9),
    });
    const placeOnly = await createEventRow(db, {
      organizerId: organizer.user.id,
      location: `${place.toUpperCase()} library`,
      categoryId: 1,
      date: daysFromNow(2),
    });
    const categoryOnly = await createEventRow(db, {
      organizerId: organizer.user.id,
      location: 'Elsewhere',
      categoryId: 2,
      date: daysFromNow(1),
    });
    await createEventRow(db, {
      organizerId: organizer.user.id,
      location: 'Elsewhere',
      categoryId: 1,
      date: daysFromNow(1),
    });
    await createEventRow(db, { organizerId: organizer.user.id, location: place, categoryId: 2, date: daysFromNow(-1) });
    const cancelled = await createEventRow(db, { organizerId: organizer.user.id, location: place, categoryId: 2 });
    await db.update(events).set({ status: 'cancelled' }).where(eq(events.id, cancelled.id));

    const none = await app.inject({
      method: 'GET',
      url: '/api/preferences/matching-events',
      headers: { cookie: me.cookie },
    });
    expect(none.json()).toEqual([]);

    await put(me.cookie, { place, categoryIds: [2] });
    const response = await app.inject({
      method: 'GET',
      url: '/api/preferences/matching-events',
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as Array<{ id: number }>).map((event) => event.id);
    expect(ids.slice(0, 2)).toEqual([both.id, placeOnly.id]);
    expect(ids).toContain(categoryOnly.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids.length).toBeLessThanOrEqual(6);
  });

  it('takes % and _ in the place literally', async () => {
    const organizer = await signUpUser(app);
    const me = await signUpUser(app);
    await createEventRow(app.database.db, { organizerId: organizer.user.id, location: 'Anywhere at all' });
    await put(me.cookie, { place: '%', categoryIds: [] });
    const response = await app.inject({
      method: 'GET',
      url: '/api/preferences/matching-events',
      headers: { cookie: me.cookie },
    });
    expect(response.json()).toEqual([]);
  });
});
