import { and, eq, sql } from 'drizzle-orm';
import type { AchievementMetric } from '../../db/catalogue';
import { type Executor, selectRows } from '../../db/client';
import { achievements, userAchievements, users } from '../../db/schema';

export type MetricCounts = Record<Exclude<AchievementMetric, 'volunteerHours'>, number>;

/** Every count an achievement can depend on (decisions §7), in one round trip. */
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
      (SELECT count(*)::int FROM messages WHERE sender_id = ${userId}) AS messages_sent,
      (SELECT count(*)::int FROM messages WHERE sender_id = ${userId} AND event_id IS NOT NULL) AS events_shared
  `);
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

export function listUserAchievementRows(db: Executor, userId: string) {
  return db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
}

export async function upsertUserAchievement(
  db: Executor,
  row: { userId: string; achievementId: number; progress: number; unlockedAt: Date | null },
): Promise<void> {
  await db
    .insert(userAchievements)
    .values(row)
    .onConflictDoUpdate({
      target: [userAchievements.userId, userAchievements.achievementId],
      set: {
        progress: row.progress,
        // Once unlocked, an achievement stays unlocked with its first unlock time (decisions §7).
        unlockedAt: sql`coalesce(${userAchievements.unlockedAt}, ${row.unlockedAt})`,
        updatedAt: sql`now()`,
      },
    });
}

export async function bumpAchievementsVersion(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ achievementsVersion: sql`${users.achievementsVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function deleteUserAchievement(db: Executor, userId: string, achievementId: number): Promise<void> {
  await db.delete(userAchievements).where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)));
}
