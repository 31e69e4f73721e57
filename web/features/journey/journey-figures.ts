import { type Achievement, type UserAchievement, type UserStats } from '@contract/journey';

export type AchievementState = 'completed' | 'inProgress' | 'locked';

export type AchievementEntry = {
  achievement: Achievement;
  progress: number;
  unlockedAt: string | null;
  state: AchievementState;
};

/**
 * Completed at progress >= requirement, in progress above 0, locked without a record.
 * An achievement once unlocked stays completed even if its count later drops.
 */
export function achievementEntries(catalogue: Achievement[], records: UserAchievement[]): AchievementEntry[] {
  const byId = new Map(records.map((record) => [record.achievementId, record]));
  return catalogue.map((achievement) => {
    const record = byId.get(achievement.id);
    const progress = record?.progress ?? 0;
    const unlockedAt = record?.unlockedAt ?? null;
    let state: AchievementState = 'locked';
    if (record && (progress >= achievement.requirement || unlockedAt)) state = 'completed';
    else if (record && progress > 0) state = 'inProgress';
    return { achievement, progress, unlockedAt, state };
  });
}

export type MonthHours = { key: string; start: Date; hours: number };

/**
 * The server's months (GET /api/user/hours-by-month, `YYYY-MM` in the browser's zone, oldest first) as the
 * chart draws them: each month's first day in the browser's calendar, for its label.
 */
export function monthsOfChart(months: ReadonlyArray<{ month: string; hours: number }>): MonthHours[] {
  return months.map(({ month, hours }) => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    return { key: month, start: new Date(year, monthNumber - 1, 1), hours };
  });
}

/**
 * The Journey's "Events Attended": the events the user joined, as Profile's "Events Joined" counts them (Profile and
 * Journey count events the same way). It showed totalEvents, which adds the events the user organized: the demo
 * account's Journey said 13 where its Profile said 8 joined (5 organized + 8 joined). The server counts it
 * (attendedCount), as Profile's and My Events' figures.
 */
export function eventsAttended(stats: Pick<UserStats, 'attendedCount'>): number {
  return stats.attendedCount;
}
