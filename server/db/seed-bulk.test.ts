import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAchievementProgress } from '../modules/journey/achievement-progress';
import { createTestApp, type TestApp } from '../test/test-app';
import { selectRows } from './client';
import { userAchievements } from './schema';
import { bulkSeedDefaults, type BulkSeedResult, seedBulk } from './seed-bulk';
import { DEMO_PASSWORD } from './seed-demo';

let app: TestApp;
let result: BulkSeedResult;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  result = await seedBulk(app.database.db, bulkSeedDefaults(400, { users: 40 }));
});
afterAll(async () => app?.close());

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const [row] = await selectRows<Row>(app.database.db, query);
  return row!;
}

describe('bulk seed', () => {
  it('derives its defaults from the event count', () => {
    expect(bulkSeedDefaults(100_000)).toEqual({
      events: 100_000,
      users: 10_000,
      rsvps: 1_000_000,
      ratings: 200_000,
      messages: 100_000,
    });
    expect(bulkSeedDefaults(5, { users: 3 })).toMatchObject({ users: 3, rsvps: 50 });
  });

  it('writes the requested population', async () => {
    const counts = await one<{
      users: number;
      events: number;
      rsvps: number;
      ratings: number;
      messages: number;
      categories: number;
    }>(sql`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM events) AS events,
             (SELECT count(*)::int FROM rsvps) AS rsvps, (SELECT count(*)::int FROM ratings) AS ratings,
             (SELECT count(*)::int FROM messages) AS messages, (SELECT count(DISTINCT category_id)::int FROM events) AS categories`);
    expect(counts).toMatchObject({ users: 40, events: 400, messages: 400, categories: 12 });
    expect(counts.rsvps).toBe(result.rsvps);
    expect(counts.ratings).toBe(result.ratings);
    // Ratings are spread over past events in proportion to their attendance, so the total is K give or take rounding.
    expect(Math.abs(counts.ratings - 800)).toBeLessThan(80);
    // Capacity trims a little from the 10 per event asked for.
    expect(counts.rsvps).toBeGreaterThan(3000);
    expect(counts.rsvps).toBeLessThanOrEqual(4000);
  });

  it('keeps counters equal to rows, capacity, and the rating and message rules', async () => {
    const problems = await one<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM events e WHERE e.rsvp_count <> (SELECT count(*) FROM rsvps r WHERE r.event_id = e.id)) AS rsvp_counters,
        (SELECT count(*)::int FROM events e WHERE e.rating_count <> (SELECT count(*) FROM ratings r WHERE r.event_id = e.id)
            OR e.rating_sum <> (SELECT coalesce(sum(rating), 0) FROM ratings r WHERE r.event_id = e.id)) AS rating_counters,
        (SELECT count(*)::int FROM events WHERE max_attendees IS NOT NULL AND rsvp_count > max_attendees) AS over_capacity,
        (SELECT count(*)::int FROM ratings r JOIN events e ON e.id = r.event_id
            WHERE e.date > now() OR e.organizer_id = r.user_id OR r.rating NOT BETWEEN 1 AND 5
               OR NOT EXISTS (SELECT 1 FROM rsvps v WHERE v.event_id = r.event_id AND v.user_id = r.user_id)) AS bad_ratings,
        (SELECT count(*)::int FROM messages WHERE sender_id = receiver_id) AS self_messages,
        (SELECT count(*)::int FROM rsvps r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN events e ON e.id = r.event_id WHERE u.id IS NULL OR e.id IS NULL) AS dangling_rsvps,
        (SELECT count(*)::int FROM messages m LEFT JOIN users s ON s.id = m.sender_id LEFT JOIN users r ON r.id = m.receiver_id
            LEFT JOIN events e ON e.id = m.event_id WHERE s.id IS NULL OR r.id IS NULL OR (m.event_id IS NOT NULL AND e.id IS NULL)) AS dangling_messages,
        (SELECT count(*)::int FROM events WHERE date < now()) AS past_events,
        (SELECT count(*)::int FROM events WHERE search_vector @@ to_tsquery('simple', 'community & cleanup')) AS searchable,
        (SELECT count(*)::int FROM events e JOIN categories c ON c.id = e.category_id WHERE e.title LIKE '%Tree Planting%' AND c.name <> 'Environmental') AS misfiled,
        (SELECT count(*)::int FROM events WHERE search_vector @@ to_tsquery('simple', 'tree & planting & berlin')) AS tree_planting_in_berlin`);
    expect(problems).toMatchObject({
      rsvp_counters: 0,
      rating_counters: 0,
      over_capacity: 0,
      bad_ratings: 0,
      self_messages: 0,
      dangling_rsvps: 0,
      dangling_messages: 0,
    });
    expect(problems.past_events).toBeGreaterThan(50);
    expect(problems.searchable).toBeGreaterThan(0);
    expect(problems.misfiled).toBe(0);
    expect(problems.tree_planting_in_berlin).toBeGreaterThan(0);
  });

  it('gives every user the achievements refreshAchievementProgress would, and a working sign-in', async () => {
    const [someone] = await selectRows<{ id: string; email: string }>(
      app.database.db,
      sql`SELECT u.id, u.email FROM users u WHERE EXISTS (SELECT 1 FROM rsvps WHERE user_id = u.id) ORDER BY u.id LIMIT 1`,
    );
    const before = await app.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, someone!.id))
      .orderBy(userAchievements.achievementId);
    expect(before.some((row) => row.unlockedAt !== null)).toBe(true);
    await refreshAchievementProgress(app.database.db, someone!.id);
    const after = await app.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, someone!.id))
      .orderBy(userAchievements.achievementId);
    expect(after.map((row) => [row.achievementId, row.progress, row.unlockedAt?.getTime()])).toEqual(
      before.map((row) => [row.achievementId, row.progress, row.unlockedAt?.getTime()]),
    );
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: someone!.email, password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('can run twice on one database, adding a second population', async () => {
    const second = await seedBulk(app.database.db, bulkSeedDefaults(20, { users: 5 }));
    expect(second.runTag).not.toBe(result.runTag);
    const counts = await one<{ users: number; events: number }>(
      sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM events) AS events`,
    );
    expect(counts).toEqual({ users: 45, events: 420 });
  });
});
