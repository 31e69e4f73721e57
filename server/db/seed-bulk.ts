import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password';
import { type Database, type Executor, selectRows } from './client';
import { DEMO_PASSWORD } from './seed-demo';

export type BulkSeedOptions = { events: number; users: number; rsvps: number; ratings: number; messages: number };
export type BulkSeedResult = BulkSeedOptions & { runTag: string; milliseconds: number; phases: Record<string, number> };

/** The benchmark scale, with the other figures derived from the event count unless given. */
export function bulkSeedDefaults(events: number, given: Partial<BulkSeedOptions> = {}): BulkSeedOptions {
  return {
    events,
    users: given.users ?? Math.max(2, Math.round(events / 10)),
    rsvps: given.rsvps ?? events * 10,
    ratings: given.ratings ?? events * 2,
    messages: given.messages ?? events,
  };
}

const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Maria',
  'Kenji',
  'Aisha',
  'Lukas',
  'Priya',
  'Tom',
  'Sofia',
  'Mateo',
  'Emma',
  'Noah',
  'Chloe',
  'Oliver',
  'Fatima',
  'Liam',
  'Hannah',
  'Ivan',
  'Yara',
  'Ben',
];
const LAST_NAMES = [
  'Lopez',
  'Tanaka',
  'Bello',
  'Schneider',
  'Nair',
  'Murphy',
  'Rossi',
  'Garcia',
  'Dubois',
  'Williams',
  'Martin',
  'Smith',
  'Haddad',
  'Kim',
  'Novak',
  'Silva',
  'Okafor',
  'Jensen',
  'Costa',
  'Reyes',
];
const TITLE_OPENERS = [
  'Community',
  'Neighbourhood',
  'Weekend',
  'Morning',
  'Evening',
  'Family',
  'Youth',
  'Citywide',
  'Seasonal',
  'Volunteer',
];
/** One per category, in catalogue (and so id) order, so a title fits its category. */
const TITLE_ACTIVITIES = [
  'Cleanup',
  'Food Drive',
  'Senior Visits',
  'Tutoring Session',
  'Block Party',
  'Tree Planting',
  'Blood Drive',
  'Shelter Support',
  'Relief Packing',
  'Charity Run',
  'Mural Project',
  'Coding Workshop',
];
/** The cities of the events, with their coordinates (GeoNames, as GET /api/places gives them). */
export const CITIES: ReadonlyArray<{ name: string; latitude: number; longitude: number }> = [
  { name: 'Portland, OR', latitude: 45.52345, longitude: -122.67621 },
  { name: 'Austin, TX', latitude: 30.26715, longitude: -97.74306 },
  { name: 'Seattle, WA', latitude: 47.60621, longitude: -122.33207 },
  { name: 'Denver, CO', latitude: 39.73915, longitude: -104.9847 },
  { name: 'Chicago, IL', latitude: 41.85003, longitude: -87.65005 },
  { name: 'Toronto, ON', latitude: 43.70011, longitude: -79.4163 },
  { name: 'Vancouver, BC', latitude: 49.24966, longitude: -123.11934 },
  { name: 'Dublin', latitude: 53.33306, longitude: -6.24889 },
  { name: 'Manchester', latitude: 53.48095, longitude: -2.23743 },
  { name: 'Berlin', latitude: 52.52437, longitude: 13.41053 },
  { name: 'Lisbon', latitude: 38.71667, longitude: -9.13333 },
  { name: 'Barcelona', latitude: 41.38879, longitude: 2.15899 },
  { name: 'Amsterdam', latitude: 52.37403, longitude: 4.88969 },
  { name: 'Melbourne', latitude: -37.814, longitude: 144.96332 },
  { name: 'Sydney', latitude: -33.86785, longitude: 151.20732 },
  { name: 'Auckland', latitude: -36.84853, longitude: 174.76349 },
  { name: 'Nairobi', latitude: -1.28333, longitude: 36.81667 },
  { name: 'Helsinki', latitude: 60.16952, longitude: 24.93545 },
  { name: 'Prague', latitude: 50.08804, longitude: 14.42076 },
  { name: 'Montreal, QC', latitude: 45.50884, longitude: -73.58781 },
];
const CITY_NAMES = CITIES.map((city) => city.name);
/** Mostly good reviews, as in life; indexed by a hash of event and position. */
const RATING_VALUES = sql.raw('ARRAY[5,4,5,3,4,5,2,4,5,1]');
/** The step between the RSVP windows of consecutive event ids: a prime, so windows spread over the population. */
const WINDOW_STRIDE = 104_729;
const COMMENTS = [
  'Great event, well organized.',
  'Lovely people, would join again.',
  'Good cause, a bit disorganized at the start.',
  'Fantastic morning!',
  'Too crowded for the space.',
  'Thanks to the organizers!',
];

/** A float8[] literal for the generated SQL, of the fixed coordinates above. */
function numberArray(numbers: readonly number[]) {
  return sql.raw(`ARRAY[${numbers.map((value) => String(value)).join(',')}]::float8[]`);
}

/** A text[] literal for the generated SQL; the words are fixed ASCII above, so no escaping beyond quotes is due. */
function textArray(words: readonly string[]) {
  return sql.raw(`ARRAY[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(',')}]::text[]`);
}

type PhaseListener = (name: string, milliseconds: number) => void;
type BulkSeedSettings = { onPhase?: PhaseListener; checkForeignKeys?: boolean };

async function timed(
  phases: Record<string, number>,
  name: string,
  work: () => Promise<unknown>,
  onPhase?: PhaseListener,
) {
  const started = performance.now();
  await work();
  phases[name] = Math.round(performance.now() - started);
  onPhase?.(name, phases[name]);
}

/**
 * Fills the database at benchmark scale with set-based SQL (INSERT … SELECT generate_series), so
 * 100 000 events take seconds rather than minutes. Rows get a run tag in their ids and e-mails, so
 * seeding twice adds a second population instead of colliding. Capacity is respected, counters and
 * achievements are computed from the rows, and the text is plain ASCII so lower() is the search fold.
 */
export async function seedBulk(
  db: Database,
  options: BulkSeedOptions,
  { onPhase, checkForeignKeys = false }: BulkSeedSettings = {},
): Promise<BulkSeedResult> {
  if (options.events < 1 || options.users < 2) throw new Error('need at least 1 event and 2 users');
  const started = performance.now();
  const phases: Record<string, number> = {};
  const runTag = randomBytes(3).toString('hex');
  const idPrefix = `bench-${runTag}-`;
  const { events: eventCount, users: userCount } = options;
  const averagePerEvent = options.rsvps / eventCount;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const phase = (name: string, work: () => Promise<unknown>) => timed(phases, name, work, onPhase);
  let range = { low: 0, high: -1 };
  const counts = { rsvps: 0, ratings: 0, messages: 0 };

  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    // The grouped passes over a million RSVPs (counts, distinct categories) would spill to disk at the default 4 MB.
    await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
    if (!checkForeignKeys) await skipForeignKeyChecks(tx);

    await phase('users', () =>
      tx.execute(sql`
        INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at)
        SELECT ${idPrefix}::text || g, ${idPrefix}::text || g || '@bench.pitchin.app', ${passwordHash}::text,
               (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
               (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
               now() - (g % 365) * interval '1 day', now()
        FROM generate_series(1, ${userCount}::int) AS g`),
    );

    // Each event's whole story is decided with the event, from its id: its RSVP holders are a window
    // of consecutive users starting at an offset of its own (nobody twice, never above capacity), the
    // organizer is a user outside that window, and past events are rated by the first holders of the
    // window. The counters are therefore written once with the event and equal the rows generated
    // below; an UPDATE pass afterwards would rewrite every index entry of the events, GIN included.
    await phase('events', async () => {
      const [inserted] = await selectRows<{ low: number; high: number }>(
        tx,
        sql`
        WITH cats AS (
          SELECT id, name, (row_number() OVER (ORDER BY id) - 1)::int AS position, count(*) OVER ()::int AS total FROM categories
        ),
        base AS (
          SELECT g, nextval(pg_get_serial_sequence('events', 'id')) AS id,
                 date_trunc('hour', now()) + (((g::bigint * 7919) % 545) - 180) * interval '1 day' + (g % 10) * interval '1 hour' AS date,
                 CASE WHEN g % 5 = 0 THEN NULL ELSE 5 + (g::bigint * 13) % 96 END AS capacity,
                 (${textArray(TITLE_OPENERS)})[1 + (g / ${TITLE_ACTIVITIES.length * CITIES.length}) % ${TITLE_OPENERS.length}] || ' ' ||
                   (${textArray(TITLE_ACTIVITIES)})[1 + g % ${TITLE_ACTIVITIES.length}] || ' ' || g AS title,
                 (${textArray(CITY_NAMES)})[1 + (g / ${TITLE_ACTIVITIES.length}) % ${CITIES.length}] AS city,
                 -- Spread over about 40 km around the city's centre, so ?near= has distances to sort.
                 (${numberArray(CITIES.map((city) => city.latitude))})[1 + (g / ${TITLE_ACTIVITIES.length}) % ${CITIES.length}] + ((g * 37) % 401 - 200) / 1000.0 AS latitude,
                 (${numberArray(CITIES.map((city) => city.longitude))})[1 + (g / ${TITLE_ACTIVITIES.length}) % ${CITIES.length}] + ((g * 53) % 401 - 200) / 1000.0 AS longitude
          FROM generate_series(1, ${eventCount}::int) AS g
        ),
        sized AS (
          SELECT base.*,
                 least(coalesce(capacity, 2147483647), ${userCount - 1}, round(${averagePerEvent}::float8 * 2 * (((id * 37) % 100) + 0.5) / 100)::int) AS attendees
          FROM base
        ),
        planned AS (
          SELECT sized.*,
                 CASE WHEN date < now()
                   THEN round(attendees * least(1, ${options.ratings}::float8 / nullif(sum(attendees) FILTER (WHERE date < now()) OVER (), 0)))::int
                   ELSE 0 END AS raters,
                 'Join neighbours in ' || city || ' for a ' || lower(cats.name) || ' session. Everything you need is provided; bring a friend.' AS description,
                 cats.id AS category_id, cats.name AS category_name
          FROM sized JOIN cats ON cats.position = sized.g % cats.total
        ),
        inserted AS (
          INSERT INTO events (id, title, description, location, latitude, longitude, date, category_id, organizer_id, max_attendees, rsvp_count, rating_count, rating_sum, search_vector, created_at, updated_at)
          SELECT id, title, description, 'Community Centre ' || (1 + g % 40) || ', ' || city, latitude, longitude, date, category_id,
                 ${idPrefix}::text || (1 + ((id * ${WINDOW_STRIDE}) % ${userCount} + attendees + (id * 7919) % (${userCount} - attendees)) % ${userCount}),
                 capacity, attendees, raters,
                 (SELECT coalesce(sum((${RATING_VALUES})[1 + (id * 7 + j * 3) % 10]), 0) FROM generate_series(0, raters - 1) AS j),
                 to_tsvector('simple', lower(title || ' ' || description || ' ' || category_name || ' Community Centre ' || (1 + g % 40) || ' ' || city)),
                 now() - interval '200 days', now()
          FROM planned
          RETURNING id
        )
        SELECT min(id)::int AS low, max(id)::int AS high FROM inserted`,
      );
      range = { low: Number(inserted?.low), high: Number(inserted?.high) };
    });

    // The id range may hold events a running server created meanwhile; the organizer prefix keeps them out.
    const ownEvents = sql`e.id BETWEEN ${range.low} AND ${range.high} AND e.organizer_id LIKE ${`${idPrefix}%`}::text`;

    await phase('rsvps', async () => {
      await tx.execute(sql`
        INSERT INTO rsvps (event_id, user_id, status, created_at, updated_at)
        SELECT e.id, ${idPrefix}::text || (1 + ((e.id::bigint * ${WINDOW_STRIDE}) % ${userCount} + j) % ${userCount}),
               (ARRAY['attending','attending','attending','supporting','organizing'])[1 + (e.id + j) % 5],
               least(e.date, now()) - (1 + j % 20) * interval '1 day', now()
        FROM events e
        CROSS JOIN LATERAL generate_series(0, e.rsvp_count - 1) AS j
        WHERE ${ownEvents}`);
      const [row] = await selectRows<{ count: number }>(
        tx,
        sql`SELECT coalesce(sum(rsvp_count), 0)::int AS count FROM events e WHERE ${ownEvents}`,
      );
      counts.rsvps = Number(row?.count ?? 0);
    });

    await phase('ratings', async () => {
      await tx.execute(sql`
        INSERT INTO ratings (event_id, user_id, rating, comment, created_at, updated_at)
        SELECT e.id, ${idPrefix}::text || (1 + ((e.id::bigint * ${WINDOW_STRIDE}) % ${userCount} + j) % ${userCount}),
               (${RATING_VALUES})[1 + (e.id::bigint * 7 + j * 3) % 10],
               CASE WHEN (e.id + j) % 3 = 0 THEN NULL ELSE (${textArray(COMMENTS)})[1 + (e.id + j) % ${COMMENTS.length}] END,
               least(e.date + interval '1 day', now()), now()
        FROM events e
        CROSS JOIN LATERAL generate_series(0, e.rating_count - 1) AS j
        WHERE ${ownEvents}`);
      const [row] = await selectRows<{ count: number }>(
        tx,
        sql`SELECT coalesce(sum(rating_count), 0)::int AS count FROM events e WHERE ${ownEvents}`,
      );
      counts.ratings = Number(row?.count ?? 0);
    });

    await phase('messages', async () => {
      await tx.execute(sql`
        INSERT INTO messages (sender_id, receiver_id, event_id, content, is_read, created_at)
        SELECT ${idPrefix}::text || sender, ${idPrefix}::text || (1 + (sender - 1 + 1 + (g::bigint * 31) % ${userCount - 1}) % ${userCount}),
               CASE WHEN g % 3 = 0 THEN ${range.low} + (g::bigint * 104729) % ${range.high - range.low + 1} END,
               CASE WHEN g % 3 = 0 THEN 'Thought you might like this event!' ELSE 'Hi! Are you joining on Saturday? (' || g || ')' END,
               g % 4 <> 0,
               now() - (g % 720) * interval '1 hour'
        FROM (SELECT g, 1 + (g::bigint * 7919) % ${userCount} AS sender FROM generate_series(1, ${options.messages}::int) AS g) AS generated`);
      counts.messages = options.messages;
    });

    await phase('achievements', () => computeAchievements(tx, idPrefix, range.low, range.high));
  });

  // VACUUM, not only ANALYZE: a freshly loaded table has no visibility map, so every index-only scan
  // would visit the heap, and the GIN indexes' pending lists would be scanned on every search. A live
  // database's autovacuum would have done this; the bench measures that steady state.
  await phase('vacuum', () =>
    db.execute(sql`VACUUM (ANALYZE) users, events, rsvps, ratings, messages, user_achievements`),
  );
  return { ...options, ...counts, runTag, milliseconds: Math.round(performance.now() - started), phases };
}

/**
 * Every row this seed writes refers only to rows the same transaction wrote, so the per-row
 * foreign-key triggers (two to three index look-ups per row, millions in all) prove nothing; a
 * bulk loader skips them as pg_restore does. It needs a superuser; anyone else keeps the checks.
 */
async function skipForeignKeyChecks(db: Executor) {
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.execute(sql`SET LOCAL session_replication_role = replica`);
    });
  } catch {
    // Not a superuser: the seed is slower but equally correct.
  }
}

/**
 * The same figures as refreshAchievementProgress, for the whole new population at once. The run's
 * users are new and only touch the run's rows (its event id range), so nothing else needs recomputing.
 */
async function computeAchievements(db: Executor, idPrefix: string, low: number, high: number) {
  const pattern = `${idPrefix}%`;
  await db.execute(sql`
    WITH people AS (SELECT id FROM users WHERE id LIKE ${pattern}::text),
    joined AS (SELECT r.user_id, count(*)::int AS n, count(DISTINCT e.category_id)::int AS categories FROM rsvps r JOIN events e ON e.id = r.event_id WHERE r.event_id BETWEEN ${low} AND ${high} GROUP BY r.user_id),
    organized AS (SELECT organizer_id AS user_id, count(*)::int AS n FROM events WHERE id BETWEEN ${low} AND ${high} GROUP BY organizer_id),
    rated AS (SELECT user_id, count(*)::int AS n FROM ratings WHERE event_id BETWEEN ${low} AND ${high} GROUP BY user_id),
    sent AS (SELECT sender_id AS user_id, count(*)::int AS n, count(event_id)::int AS shared FROM messages WHERE sender_id LIKE ${pattern} GROUP BY sender_id),
    metrics AS (
      SELECT p.id AS user_id,
             coalesce(j.n, 0) AS events_joined, coalesce(o.n, 0) AS events_organized, coalesce(j.categories, 0) AS categories_joined,
             coalesce(r.n, 0) AS ratings_given, coalesce(s.n, 0) AS messages_sent, coalesce(s.shared, 0) AS events_shared
      FROM people p
      LEFT JOIN joined j ON j.user_id = p.id LEFT JOIN organized o ON o.user_id = p.id
      LEFT JOIN rated r ON r.user_id = p.id LEFT JOIN sent s ON s.user_id = p.id
    ),
    progress AS (
      SELECT m.user_id, a.id AS achievement_id, a.requirement,
             CASE a.metric
               WHEN 'eventsJoined' THEN m.events_joined
               WHEN 'eventsOrganized' THEN m.events_organized
               WHEN 'categoriesJoined' THEN m.categories_joined
               WHEN 'ratingsGiven' THEN m.ratings_given
               WHEN 'messagesSent' THEN m.messages_sent
               WHEN 'eventsShared' THEN m.events_shared
               -- Verified hours: the bulk seed records no attendance, so none are verified.
               WHEN 'volunteerHours' THEN 0
               ELSE 0
             END AS progress
      FROM metrics m CROSS JOIN achievements a
    )
    INSERT INTO user_achievements (user_id, achievement_id, progress, unlocked_at)
    SELECT user_id, achievement_id, progress, CASE WHEN progress >= requirement THEN now() END
    FROM progress WHERE progress > 0
    ON CONFLICT (user_id, achievement_id) DO NOTHING`);
  await db.execute(
    sql`UPDATE users SET achievements_version = achievements_version + 1 WHERE id LIKE ${pattern}::text`,
  );
}
