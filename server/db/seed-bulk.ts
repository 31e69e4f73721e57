import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HOURS_PER_JOINED_EVENT, HOURS_PER_ORGANIZED_EVENT } from '../../contract/journey';
import { hashPassword } from '../modules/auth/password';
import { type Database, type Executor, selectRows } from './client';
import { DEMO_PASSWORD } from './seed-demo';

export type BulkSeedOptions = { events: number; users: number; rsvps: number; ratings: number; messages: number };
export type BulkSeedResult = BulkSeedOptions & { runTag: string; milliseconds: number; phases: Record<string, number> };

/** decisions §10's benchmark scale, with the other figures derived from the event count unless given. */
export function bulkSeedDefaults(events: number, given: Partial<BulkSeedOptions> = {}): BulkSeedOptions {
  return {
    events,
    users: given.users ?? Math.max(2, Math.round(events / 10)),
    rsvps: given.rsvps ?? events * 10,
    ratings: given.ratings ?? events * 2,
    messages: given.messages ?? events,
  };
}

const FIRST_NAMES = ['Alex', 'Sam', 'Maria', 'Kenji', 'Aisha', 'Lukas', 'Priya', 'Tom', 'Sofia', 'Mateo', 'Emma', 'Noah', 'Chloe', 'Oliver', 'Fatima', 'Liam', 'Hannah', 'Ivan', 'Yara', 'Ben'];
const LAST_NAMES = ['Lopez', 'Tanaka', 'Bello', 'Schneider', 'Nair', 'Murphy', 'Rossi', 'Garcia', 'Dubois', 'Williams', 'Martin', 'Smith', 'Haddad', 'Kim', 'Novak', 'Silva', 'Okafor', 'Jensen', 'Costa', 'Reyes'];
const TITLE_OPENERS = ['Community', 'Neighbourhood', 'Weekend', 'Morning', 'Evening', 'Family', 'Youth', 'Citywide', 'Seasonal', 'Volunteer'];
const TITLE_ACTIVITIES = ['Cleanup', 'Food Drive', 'Tree Planting', 'Tutoring Session', 'Park Restoration', 'Shelter Support', 'Charity Run', 'Repair Cafe', 'Mural Project', 'Coding Workshop', 'Blood Drive', 'Garden Day'];
const CITIES = ['Portland, OR', 'Austin, TX', 'Seattle, WA', 'Denver, CO', 'Chicago, IL', 'Toronto, ON', 'Vancouver, BC', 'Dublin', 'Manchester', 'Berlin', 'Lisbon', 'Barcelona', 'Amsterdam', 'Melbourne', 'Sydney', 'Auckland', 'Nairobi', 'Helsinki', 'Prague', 'Montreal, QC'];
const COMMENTS = ['Great event, well organized.', 'Lovely people, would join again.', 'Good cause, a bit disorganized at the start.', 'Fantastic morning!', 'Too crowded for the space.', 'Thanks to the organizers!'];

/** A text[] literal for the generated SQL; the words are fixed ASCII above, so no escaping beyond quotes is due. */
function textArray(words: readonly string[]) {
  return sql.raw(`ARRAY[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(',')}]::text[]`);
}

type PhaseListener = (name: string, milliseconds: number) => void;
type BulkSeedSettings = { onPhase?: PhaseListener; checkForeignKeys?: boolean };

async function timed(phases: Record<string, number>, name: string, work: () => Promise<unknown>, onPhase?: PhaseListener) {
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
export async function seedBulk(db: Database, options: BulkSeedOptions, { onPhase, checkForeignKeys = false }: BulkSeedSettings = {}): Promise<BulkSeedResult> {
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

    await phase('events', async () => {
      const [inserted] = await selectRows<{ low: number; high: number }>(
        tx,
        sql`
        WITH cats AS (
          SELECT id, name, (row_number() OVER (ORDER BY id) - 1)::int AS position, count(*) OVER ()::int AS total FROM categories
        ),
        generated AS (
          SELECT g,
                 (${textArray(TITLE_OPENERS)})[1 + g % ${TITLE_OPENERS.length}] || ' ' ||
                   (${textArray(TITLE_ACTIVITIES)})[1 + (g / ${TITLE_OPENERS.length}) % ${TITLE_ACTIVITIES.length}] || ' ' || g AS title,
                 (${textArray(CITIES)})[1 + (g::bigint * 31) % ${CITIES.length}] AS city,
                 CASE WHEN g % 5 = 0 THEN NULL ELSE 5 + (g::bigint * 13) % 96 END AS capacity
          FROM generate_series(1, ${eventCount}::int) AS g
        ),
        inserted AS (
          INSERT INTO events (title, description, location, date, category_id, organizer_id, max_attendees, rsvp_count, search_vector, created_at, updated_at)
          SELECT generated.title,
                 'Join neighbours in ' || generated.city || ' for a ' || lower(cats.name) || ' session. Everything you need is provided; bring a friend.',
                 'Community Centre ' || (1 + g % 40) || ', ' || generated.city,
                 date_trunc('hour', now()) + (((g::bigint * 7919) % 545) - 180) * interval '1 day' + (g % 10) * interval '1 hour',
                 cats.id,
                 ${idPrefix}::text || (1 + (g::bigint * 7919) % ${userCount}),
                 generated.capacity,
                 least(coalesce(generated.capacity, 2147483647), ${userCount}, round(${averagePerEvent}::float8 * 2 * (((g::bigint * 37) % 100) + 0.5) / 100)::int),
                 to_tsvector('simple', lower(generated.title || ' ' || 'Join neighbours in ' || generated.city || ' for a ' || lower(cats.name) || ' session. Everything you need is provided; bring a friend.' || ' ' || cats.name)),
                 now() - interval '200 days', now()
          FROM generated JOIN cats ON cats.position = generated.g % cats.total
          RETURNING id
        )
        SELECT min(id)::int AS low, max(id)::int AS high FROM inserted`,
      );
      range = { low: Number(inserted?.low), high: Number(inserted?.high) };
    });

    // rsvp_count is decided with the event (never above its capacity or the population) and the RSVP
    // rows are then generated to match it: each event takes consecutive users from an offset of its
    // own, so nobody holds two RSVPs for one event. Updating 100 000 rows afterwards would rewrite
    // every index entry of each one, GIN included.
    await phase('rsvps', async () => {
      await tx.execute(sql`
        INSERT INTO rsvps (event_id, user_id, status, created_at, updated_at)
        SELECT e.id, ${idPrefix}::text || (1 + (e.id::bigint * 104729 + j) % ${userCount}),
               (ARRAY['attending','attending','attending','supporting','organizing'])[1 + (e.id + j) % 5],
               least(e.date, now()) - (1 + j % 20) * interval '1 day', now()
        FROM events e
        CROSS JOIN LATERAL generate_series(0, e.rsvp_count - 1) AS j
        WHERE e.id BETWEEN ${range.low} AND ${range.high}`);
      const [row] = await selectRows<{ count: number }>(tx, sql`SELECT coalesce(sum(rsvp_count), 0)::int AS count FROM events WHERE id BETWEEN ${range.low} AND ${range.high}`);
      counts.rsvps = Number(row?.count ?? 0);
    });

    await phase('ratings', async () => {
      const [row] = await selectRows<{ count: number }>(
        tx,
        sql`
        WITH inserted AS (
          INSERT INTO ratings (event_id, user_id, rating, comment, created_at, updated_at)
          SELECT r.event_id, r.user_id,
                 (ARRAY[5,4,5,3,4,5,2,4,5,1])[1 + abs(hashtext(r.user_id)::bigint + r.event_id) % 10],
                 CASE WHEN r.event_id % 3 = 0 THEN NULL ELSE (${textArray(COMMENTS)})[1 + abs(hashtext(r.user_id)::bigint) % ${COMMENTS.length}] END,
                 e.date + interval '1 day', now()
          FROM rsvps r JOIN events e ON e.id = r.event_id
          WHERE r.event_id BETWEEN ${range.low} AND ${range.high} AND e.date < now() AND r.user_id <> e.organizer_id
          ORDER BY hashtext(r.user_id || r.event_id)
          LIMIT ${options.ratings}
          RETURNING 1
        )
        SELECT count(*)::int AS count FROM inserted`,
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

    await phase('counters', () => updateRatingCounters(tx, range.low, range.high));
    await phase('achievements', () => computeAchievements(tx, idPrefix, range.low, range.high));
  });

  await phase('analyze', () => db.execute(sql`ANALYZE users, events, rsvps, ratings, messages, user_achievements`));
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

/** Rating counters from the rows, set-based: one grouped pass, touching only the events that were rated. */
async function updateRatingCounters(db: Executor, low: number, high: number) {
  await db.execute(sql`
    UPDATE events e SET rating_count = c.n, rating_sum = c.total
    FROM (SELECT event_id, count(*)::int AS n, sum(rating)::int AS total FROM ratings WHERE event_id BETWEEN ${low} AND ${high} GROUP BY event_id) c
    WHERE e.id = c.event_id`);
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
               WHEN 'volunteerHours' THEN ${HOURS_PER_ORGANIZED_EVENT}::int * m.events_organized + ${HOURS_PER_JOINED_EVENT}::int * m.events_joined
               ELSE 0
             END AS progress
      FROM metrics m CROSS JOIN achievements a
    )
    INSERT INTO user_achievements (user_id, achievement_id, progress, unlocked_at)
    SELECT user_id, achievement_id, progress, CASE WHEN progress >= requirement THEN now() END
    FROM progress WHERE progress > 0
    ON CONFLICT (user_id, achievement_id) DO NOTHING`);
  await db.execute(sql`UPDATE users SET achievements_version = achievements_version + 1 WHERE id LIKE ${pattern}::text`);
}
