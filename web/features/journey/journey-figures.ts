import type { Event } from '@contract/events';
import {
  HOURS_PER_JOINED_EVENT,
  HOURS_PER_ORGANIZED_EVENT,
  type Achievement,
  type UserAchievement,
  type UserStats,
} from '@contract/journey';

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

const CHART_MONTHS = 12;

/**
 * Volunteer hours per calendar month over the last 12 months, this month included (hours:
 * 4 per organized event, 3 per joined one, counted in the month of the event).
 */
export function hoursByMonth(organized: Event[], joined: Event[], now: Date): MonthHours[] {
  const months: MonthHours[] = [];
  for (let offset = CHART_MONTHS - 1; offset >= 0; offset -= 1) {
    const start = new Date(now.getFullYear(), now.getMonth() - offset, 1);
    months.push({ key: `${start.getFullYear()}-${start.getMonth()}`, start, hours: 0 });
  }
  const add = (events: Event[], hours: number) => {
    for (const event of events) {
      const date = new Date(event.date);
      const month = months.find((entry) => entry.key === `${date.getFullYear()}-${date.getMonth()}`);
      if (month) month.hours += hours;
    }
  };
  add(organized, HOURS_PER_ORGANIZED_EVENT);
  add(joined, HOURS_PER_JOINED_EVENT);
  return months;
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
