import { describe, expect, it } from 'vitest';
import {
  experienceTowardNextLevel,
  levelForExperience,
  type Achievement,
  type UserAchievement,
} from '@contract/journey';
import { achievementEntries, eventsAttended, monthsOfChart } from './journey-figures';

const achievement = (id: number, requirement: number): Achievement => ({
  id,
  name: `A${id}`,
  description: '',
  category: 'events',
  requirement,
  points: 10,
  icon: 'star',
  color: 'green',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('achievement states', () => {
  it('completed at the requirement, in progress above 0, locked without a record; once unlocked stays completed', () => {
    const catalogue = [achievement(1, 1), achievement(2, 5), achievement(3, 5), achievement(4, 5)];
    const record = (a: Achievement, progress: number, unlockedAt: string | null = null): UserAchievement => ({
      id: a.id,
      achievementId: a.id,
      achievement: a,
      progress,
      unlockedAt,
    });
    const entries = achievementEntries(catalogue, [
      record(catalogue[0] as Achievement, 1, '2026-02-01T00:00:00.000Z'),
      record(catalogue[1] as Achievement, 2),
      record(catalogue[3] as Achievement, 4, '2026-02-01T00:00:00.000Z'),
    ]);
    expect(entries.map((entry) => entry.state)).toEqual(['completed', 'inProgress', 'locked', 'completed']);
  });
});

describe('level maths', () => {
  it('level = floor(xp / 100) + 1, progress = xp mod 100', () => {
    expect([0, 99, 100, 155, 905].map(levelForExperience)).toEqual([1, 1, 2, 2, 10]);
    expect([0, 99, 100, 155, 905].map(experienceTowardNextLevel)).toEqual([0, 99, 0, 55, 5]);
  });
});

describe('monthsOfChart', () => {
  it("turns the server's YYYY-MM months into the first day of each month in the browser's calendar", () => {
    const months = monthsOfChart([
      { month: '2025-12', hours: 3 },
      { month: '2026-01', hours: 4 },
      { month: '2026-11', hours: 7 },
    ]);
    expect(months.map((month) => month.start)).toEqual([
      new Date(2025, 11, 1),
      new Date(2026, 0, 1),
      new Date(2026, 10, 1),
    ]);
    expect(months.map((month) => [month.key, month.hours])).toEqual([
      ['2025-12', 3],
      ['2026-01', 4],
      ['2026-11', 7],
    ]);
  });
});

describe('Events Attended (Profile and Journey count events the same way)', () => {
  it("is the Profile's Events Joined, not organized plus joined", () => {
    const stats = {
      totalHours: 44,
      totalEvents: 13,
      averageRating: 0,
      experience: 130,
      eventsOrganized: 5,
      eventsJoined: 8,
      upcomingCount: 3,
      attendanceRecord: { attended: 0, noShows: 0 },
      attendedCount: 8,
      organizedCount: 5,
    };
    // The demo account: 5 organized, 8 joined; Profile's Events Joined is the server's attendedCount, 8 events.
    expect(eventsAttended(stats)).toBe(8);
  });
});
