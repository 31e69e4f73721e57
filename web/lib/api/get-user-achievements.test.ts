import { describe, expect, it } from 'vitest';
import type { UserAchievement } from '@contract/journey';
import { findNewlyUnlocked, type UserAchievementsSnapshot } from './get-user-achievements';

const record = (
  achievementId: number,
  progress: number,
  unlockedAt: string | null,
  requirement = 1,
): UserAchievement => ({
  id: achievementId,
  achievementId,
  progress,
  unlockedAt,
  achievement: {
    id: achievementId,
    name: `A${achievementId}`,
    description: '',
    category: 'events',
    requirement,
    points: 10,
    icon: 'star',
    color: 'green',
    createdAt: '',
    updatedAt: '',
  },
});
const snapshot = (achievements: UserAchievement[], checkedAt: string): UserAchievementsSnapshot => ({
  achievements,
  etag: null,
  checkedAt: Date.parse(checkedAt),
});

describe('findNewlyUnlocked', () => {
  it('new = unlocked after the last check and at its requirement, never twice', () => {
    const previous = snapshot(
      [record(1, 1, '2026-01-01T10:00:00.000Z'), record(2, 2, null, 5)],
      '2026-01-01T10:00:10.000Z',
    );
    const current = snapshot(
      [
        record(1, 1, '2026-01-01T10:00:00.000Z'),
        record(2, 5, '2026-01-01T10:00:15.000Z', 5),
        record(3, 1, '2026-01-01T10:00:12.000Z'),
        record(4, 3, null, 5),
      ],
      '2026-01-01T10:00:20.000Z',
    );
    expect(findNewlyUnlocked(previous, current).map((item) => item.achievementId)).toEqual([2, 3]);
    expect(findNewlyUnlocked(current, current)).toEqual([]);
  });
  it('an unlock older than the last check is not new', () => {
    const previous = snapshot([], '2026-01-01T10:00:10.000Z');
    expect(
      findNewlyUnlocked(previous, snapshot([record(1, 1, '2026-01-01T09:00:00.000Z')], '2026-01-01T10:00:20.000Z')),
    ).toEqual([]);
  });
});
