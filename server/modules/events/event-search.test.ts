import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { readSearchWordShares, SEARCH_COMMON_SHARE } from './events.repository';
import { estimateSearchShare } from './events.service';

/**
 * Search chooses its plan (events.repository.ts, decision 0008): a word the statistics call common is
 * looked for in the next 2 000 events in date order, falling back to the text index when that page
 * comes back short; a rarer word goes to the text index at once. These tests hold 2 400 upcoming
 * events, analysed, so every path and the hand-over run, and each answer is compared with the plain
 * definition: matching events, soonest first.
 */
const EVENT_COUNT = 2400;
const WINDOW = 2000;
let app: TestApp;
let cookie: string;

type Listed = { id: number; title: string; location: string; date: string };

async function listAll(query: string): Promise<Listed[]> {
  const found: Listed[] = [];
  let url: string | null = `/api/events?${query}`;
  while (url) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    found.push(...(response.json() as Listed[]));
    const link = response.headers.link as string | undefined;
    url = link ? /<([^>]+)>/.exec(link)![1]! : null;
  }
  return found;
}

/** Event n (1-based) starts n hours from now, so date order is number order. */
function expectedNumbers(predicate: (n: number) => boolean): number[] {
  return Array.from({ length: EVENT_COUNT }, (_, index) => index + 1).filter(predicate);
}
const numberOf = (event: Listed) => Number(/#(\d+)$/.exec(event.title)![1]);

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  const organizer = await signUpUser(app);
  cookie = organizer.cookie;
  // Every event says "harbour"; every 20th also "tidepool"; those after the window "latebloom" (common
  // by the statistics, yet absent from the window); only the last says "zephyrine" and is in Quillfield.
  await app.database.db.execute(sql`
    INSERT INTO events (title, description, location, date, category_id, organizer_id, search_vector)
    SELECT title, 'Harbour volunteers', location, now() + n * interval '1 hour', 1, ${organizer.user.id}, to_tsvector('simple', lower(title || ' harbour volunteers'))
    FROM (
      SELECT n,
        'Harbour cleanup' || CASE WHEN n % 20 = 0 THEN ' tidepool' ELSE '' END || CASE WHEN n > ${WINDOW} THEN ' latebloom' ELSE '' END || CASE WHEN n = ${EVENT_COUNT} THEN ' zephyrine' ELSE '' END || ' #' || n AS title,
        CASE WHEN n = ${EVENT_COUNT} THEN 'Quillfield' ELSE 'Lisbon' END AS location
      FROM generate_series(1, ${EVENT_COUNT}) AS n
    ) AS generated`);
  await app.database.db.execute(sql`ANALYZE events`);
});

afterAll(async () => {
  await app.close();
});

describe('search at more events than the window holds', () => {
  it("reads each common word's share of events from the statistics", async () => {
    const shares = await readSearchWordShares(app.database.db);
    expect(shares.get('harbour')).toBeCloseTo(1, 1);
    expect(estimateSearchShare(['harb'], shares)).toBeGreaterThanOrEqual(SEARCH_COMMON_SHARE);
    expect(estimateSearchShare(['harb', 'zephyr'], shares)).toBeLessThan(SEARCH_COMMON_SHARE);
  });

  it('a word in every event: the soonest 50 first, then every event exactly once in date order', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/events?search=harb', headers: { cookie } });
    expect((first.json() as Listed[]).map(numberOf)).toEqual(expectedNumbers((n) => n <= 50));
    expect((await listAll('search=harb')).map(numberOf)).toEqual(expectedNumbers(() => true));
  });

  it('a word in 1 event of 20: all of them, in date order, page after page', async () => {
    expect((await listAll('search=tidepool')).map(numberOf)).toEqual(expectedNumbers((n) => n % 20 === 0));
  });

  it('a common word none of the next 2 000 events holds: the text index takes over from the window', async () => {
    expect(estimateSearchShare(['latebloom'], await readSearchWordShares(app.database.db))).toBeGreaterThanOrEqual(
      SEARCH_COMMON_SHARE,
    );
    expect((await listAll('search=latebloom')).map(numberOf)).toEqual(expectedNumbers((n) => n > WINDOW));
  });

  it('a word in the very last event only, and a place only it has', async () => {
    expect((await listAll('search=zephyr')).map(numberOf)).toEqual([EVENT_COUNT]);
    expect((await listAll('location=quillf')).map(numberOf)).toEqual([EVENT_COUNT]);
    expect((await listAll('search=harbour%20zephyrine&location=QUILL')).map(numberOf)).toEqual([EVENT_COUNT]);
  });

  it('a word no event has: an empty page and no next link', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/events?search=nowhereword', headers: { cookie } });
    expect(response.json()).toEqual([]);
    expect(response.headers.link).toBeUndefined();
  });
});
