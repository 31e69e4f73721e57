import type { AchievementMetric } from '../../db/catalogue';
import type { Executor } from '../../db/client';
import { sumVerifiedMinutes } from '../event-management/verified-hours';
import { notifyOfAchievements } from '../notifications/notifications.service';
import * as repository from './journey.repository';

/**
 * Brings the user's achievement progress up to date. Call it inside the transaction of every write
 * that changes a count (create event, RSVP, withdraw, rate, send message, record attendance). Hour
 * achievements count whole verified hours, never the planned estimate (decisions.md §21).
 * It runs on every such write, so it costs a fixed handful of statements whatever the catalogue size.
 */
export async function refreshAchievementProgress(db: Executor, userId: string, now: Date = new Date()): Promise<void> {
  const counts = await repository.countUserMetrics(db, userId);
  const metrics: Record<AchievementMetric, number> = {
    ...counts,
    volunteerHours: Math.floor((await sumVerifiedMinutes(db, userId)) / 60),
  };
  const standings = await repository.listAchievementStandings(db, userId);
  const upserts: repository.UserAchievementUpsert[] = [];
  const deletions: number[] = [];
  for (const standing of standings) {
    const progress = metrics[standing.metric as AchievementMetric] ?? 0;
    const isReached = progress >= standing.requirement;
    if (standing.progress === null) {
      if (progress > 0)
        upserts.push({ userId, achievementId: standing.achievementId, progress, unlockedAt: isReached ? now : null });
      continue;
    }
    const willUnlock = standing.unlockedAt === null && isReached;
    if (standing.progress === progress && !willUnlock) continue;
    // An unlocked achievement stays, showing the current count; one only in progress goes at zero.
    if (progress <= 0 && standing.unlockedAt === null) deletions.push(standing.achievementId);
    else
      upserts.push({
        userId,
        achievementId: standing.achievementId,
        progress,
        unlockedAt: willUnlock ? now : standing.unlockedAt,
      });
  }
  if (upserts.length === 0 && deletions.length === 0) return;
  await repository.upsertUserAchievements(db, upserts);
  await repository.deleteUserAchievements(db, userId, deletions);
  await repository.bumpAchievementsVersion(db, userId);
  const nameById = new Map(standings.map((standing) => [standing.achievementId, standing.name]));
  await notifyOfAchievements(
    db,
    userId,
    upserts.filter((upsert) => upsert.unlockedAt === now).map((upsert) => nameById.get(upsert.achievementId) ?? ''),
  );
}
