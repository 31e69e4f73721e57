import { volunteerHours } from '../../../contract/journey';
import type { AchievementMetric } from '../../db/catalogue';
import type { Executor } from '../../db/client';
import * as repository from './journey.repository';

/**
 * Brings the user's achievement progress up to date. Call it inside the transaction of every write
 * that changes a count (create event, RSVP, withdraw, rate, send message), as decisions §7 requires.
 */
export async function refreshAchievementProgress(db: Executor, userId: string, now: Date = new Date()): Promise<void> {
  const counts = await repository.countUserMetrics(db, userId);
  const metrics: Record<AchievementMetric, number> = {
    ...counts,
    volunteerHours: volunteerHours(counts.eventsOrganized, counts.eventsJoined),
  };
  const [catalogue, existingRows] = await Promise.all([repository.listAchievements(db), repository.listUserAchievementRows(db, userId)]);
  const existing = new Map(existingRows.map((row) => [row.achievementId, row]));
  let hasChanged = false;
  for (const achievement of catalogue) {
    const progress = metrics[achievement.metric as AchievementMetric] ?? 0;
    const current = existing.get(achievement.id);
    const isReached = progress >= achievement.requirement;
    if (!current) {
      if (progress <= 0) continue;
      await repository.upsertUserAchievement(db, { userId, achievementId: achievement.id, progress, unlockedAt: isReached ? now : null });
      hasChanged = true;
      continue;
    }
    const willUnlock = current.unlockedAt === null && isReached;
    if (current.progress === progress && !willUnlock) continue;
    if (progress <= 0 && current.unlockedAt === null) {
      await repository.deleteUserAchievement(db, userId, achievement.id);
    } else {
      await repository.upsertUserAchievement(db, { userId, achievementId: achievement.id, progress, unlockedAt: willUnlock ? now : current.unlockedAt });
    }
    hasChanged = true;
  }
  if (hasChanged) await repository.bumpAchievementsVersion(db, userId);
}
