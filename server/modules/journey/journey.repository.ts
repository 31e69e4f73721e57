import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { CHECK_IN_CLOSES_AFTER_END_MINUTES } from '../../../contract/check-in';
import type { AchievementMetric } from '../../db/catalogue';
import { type Executor, selectRows } from '../../db/client';
import { achievements, userAchievements, users } from '../../db/schema';

export type MetricCounts = Record<Exclude<AchievementMetric, 'volunteerHours'>, number>;

/** Every count an achievement can depend on, in one round trip. */
export async function countUserMetrics(db: Executor, userId: string): Promise<MetricCounts> {
  const [row] = await selectRows<{
    events_joined: number;
    events_organized: number;
    categories_joined: number;
    ratings_given: number;
    messages_sent: number;
    events_shared: number;
  }>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM rsvps WHERE user_id = ${userId}) AS events_joined,
      (SELECT count(*)::int FROM events WHERE organizer_id = ${userId}) AS events_organized,
      (SELECT count(DISTINCT e.category_id)::int FROM rsvps r JOIN events e ON e.id = r.event_id WHERE r.user_id = ${userId}) AS categories_joined,
      (SELECT count(*)::int FROM ratings WHERE user_id = ${userId}) AS ratings_given,
      (SELECT count(*)::int FROM messages WHERE sender_id = ${userId} AND NOT is_announcement) AS messages_sent,
      (SELECT count(*)::int FROM messages WHERE sender_id = ${userId} AND event_id IS NOT NULL AND NOT is_announcement) AS events_shared
  `,
  );
  return {
    eventsJoined: Number(row?.events_joined ?? 0),
    eventsOrganized: Number(row?.events_organized ?? 0),
    categoriesJoined: Number(row?.categories_joined ?? 0),
    ratingsGiven: Number(row?.ratings_given ?? 0),
    messagesSent: Number(row?.messages_sent ?? 0),
    eventsShared: Number(row?.events_shared ?? 0),
  };
}

export function listAchievements(db: Executor) {
  return db.select().from(achievements).orderBy(achievements.id);
}

/** Every catalogue entry with the user's current row, if any, in one statement. */
export function listAchievementStandings(db: Executor, userId: string) {
  return db
    .select({
      achievementId: achievements.id,
      name: achievements.name,
      metric: achievements.metric,
      requirement: achievements.requirement,
      progress: userAchievements.progress,
      unlockedAt: userAchievements.unlockedAt,
    })
    .from(achievements)
    .leftJoin(
      userAchievements,
      and(eq(userAchievements.achievementId, achievements.id), eq(userAchievements.userId, userId)),
    )
    .orderBy(achievements.id);
}

export type UserAchievementUpsert = {
  userId: string;
  achievementId: number;
  progress: number;
  unlockedAt: Date | null;
};

export async function upsertUserAchievements(db: Executor, rows: UserAchievementUpsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(userAchievements)
    .values(rows)
    .onConflictDoUpdate({
      target: [userAchievements.userId, userAchievements.achievementId],
      set: {
        progress: sql`excluded.progress`,
        // Once unlocked, an achievement stays unlocked with its first unlock time.
        unlockedAt: sql`coalesce(${userAchievements.unlockedAt}, excluded.unlocked_at)`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteUserAchievements(db: Executor, userId: string, achievementIds: number[]): Promise<void> {
  if (achievementIds.length === 0) return;
  await db
    .delete(userAchievements)
    .where(and(eq(userAchievements.userId, userId), inArray(userAchievements.achievementId, achievementIds)));
}

export async function bumpAchievementsVersion(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ achievementsVersion: sql`${users.achievementsVersion} + 1` })
    .where(eq(users.id, userId));
}

export function listUnlockedOrStartedAchievements(db: Executor, userId: string) {
  return db
    .select({
      id: userAchievements.id,
      achievementId: userAchievements.achievementId,
      progress: userAchievements.progress,
      unlockedAt: userAchievements.unlockedAt,
      achievement: achievements,
    })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(
      and(
        eq(userAchievements.userId, userId),
        or(gt(userAchievements.progress, 0), isNotNull(userAchievements.unlockedAt)),
      ),
    )
    .orderBy(achievements.id);
}

/** The inputs of the Journey's stats, in one round trip. */
export async function readUserStatsInputs(db: Executor, userId: string) {
  const [row] = await selectRows<{
    organized: number;
    joined: number;
    average_rating: number | string | null;
    unlocked_points: number;
    upcoming: number;
  }>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM events WHERE organizer_id = ${userId}) AS organized,
      (SELECT count(*)::int FROM rsvps WHERE user_id = ${userId}) AS joined,
      (SELECT avg(rating_sum::float8 / rating_count) FROM events WHERE organizer_id = ${userId} AND rating_count > 0) AS average_rating,
      (SELECT coalesce(sum(a.points), 0)::int FROM user_achievements ua JOIN achievements a ON a.id = ua.achievement_id
        WHERE ua.user_id = ${userId} AND ua.unlocked_at IS NOT NULL) AS unlocked_points,
      (SELECT count(*)::int FROM (
        SELECT id FROM events WHERE organizer_id = ${userId} AND date > now() AND status = 'scheduled'
        UNION
        SELECT e.id FROM rsvps r JOIN events e ON e.id = r.event_id
          WHERE r.user_id = ${userId} AND e.date > now() AND e.status = 'scheduled') upcoming_events) AS upcoming
  `,
  );
  return {
    organized: Number(row?.organized ?? 0),
    joined: Number(row?.joined ?? 0),
    averageRating: row?.average_rating === null || row?.average_rating === undefined ? 0 : Number(row.average_rating),
    unlockedPoints: Number(row?.unlocked_points ?? 0),
    upcoming: Number(row?.upcoming ?? 0),
  };
}

/**
 * The person's own record (decisions §19): places at other organizers' events whose check-in has closed
 * (12 hours after the end), came or not. Cancelled events count for nobody.
 */
export async function countAttendanceRecord(
  db: Executor,
  userId: string,
): Promise<{ attended: number; noShows: number }> {
  const [row] = await selectRows<{ attended: number; noShows: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE r.attended IS TRUE OR r.checked_in_at IS NOT NULL)::int AS attended,
          count(*) FILTER (WHERE r.attended IS NOT TRUE AND r.checked_in_at IS NULL)::int AS "noShows"
        FROM rsvps r JOIN events e ON e.id = r.event_id
        WHERE r.user_id = ${userId} AND e.organizer_id <> ${userId} AND e.status = 'scheduled'
          AND e.date + (e.duration_minutes + ${CHECK_IN_CLOSES_AFTER_END_MINUTES}) * interval '1 minute' < now()`,
  );
  return { attended: row?.attended ?? 0, noShows: row?.noShows ?? 0 };
}
