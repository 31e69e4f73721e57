import { queryOptions } from '@tanstack/react-query';
import { readApiError } from '@/lib/api-error';
import { apiFetch } from '@/lib/api-fetch';
import { type ApiAnswer, apiUrl } from '@/lib/api-read';
import { queryClient } from '@/lib/query-client';

export const USER_ACHIEVEMENTS_QUERY_KEY = [apiUrl('/api/user/achievements')] as const;
/** The achievement poll interval. */
export const ACHIEVEMENT_POLL_MS = 10_000;

type UserAchievement = ApiAnswer<'/api/user/achievements'>[number];

export type UserAchievementsSnapshot = {
  achievements: ApiAnswer<'/api/user/achievements'>;
  /** The server's ETag for this answer, sent back as If-None-Match on the next poll. */
  etag: string | null;
  /** When the server answered (its Date header), on the server's clock like `unlockedAt`. */
  checkedAt: number;
};

/**
 * GET /api/user/achievements made cheap: the previous answer's ETag goes out as
 * If-None-Match and a 304 keeps the cached snapshot, so an unchanged poll carries no body and
 * re-renders nothing. `cache: 'no-store'` keeps the browser's HTTP cache out of the way, so the 304
 * reaches this code (and the network log) as what it is.
 */
async function fetchUserAchievements(signal: AbortSignal): Promise<UserAchievementsSnapshot> {
  const previous = queryClient.getQueryData<UserAchievementsSnapshot>(USER_ACHIEVEMENTS_QUERY_KEY);
  const headers: Record<string, string> = previous?.etag ? { 'If-None-Match': previous.etag } : {};
  const response = await apiFetch(USER_ACHIEVEMENTS_QUERY_KEY[0], { cache: 'no-store', headers, signal });
  if (response.status === 304) {
    if (previous) return previous;
    throw await readApiError(response);
  }
  const serverDate = Date.parse(response.headers.get('date') ?? '');
  return {
    achievements: (await response.json()) as ApiAnswer<'/api/user/achievements'>,
    etag: response.headers.get('etag'),
    checkedAt: Number.isNaN(serverDate) ? Date.now() : serverDate,
  };
}

/** The app-wide poll and the journey share this entry (and its ETag). */
export function userAchievementsQueryOptions() {
  return queryOptions({
    queryKey: USER_ACHIEVEMENTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchUserAchievements(signal),
  });
}

function isAchievementUnlocked(record: Pick<UserAchievement, 'progress' | 'unlockedAt' | 'achievement'>): boolean {
  return record.progress >= record.achievement.requirement && record.unlockedAt !== null;
}

/**
 * New means unlocked after the last check and at its requirement. The server's Date header
 * has whole seconds, so an achievement already unlocked in the previous answer is excluded by id too,
 * never shown twice.
 */
export function findNewlyUnlocked(
  previous: UserAchievementsSnapshot,
  current: UserAchievementsSnapshot,
): UserAchievement[] {
  const alreadyUnlocked = new Set(
    previous.achievements.filter(isAchievementUnlocked).map((record) => record.achievementId),
  );
  return current.achievements.filter(
    (record) =>
      isAchievementUnlocked(record) &&
      !alreadyUnlocked.has(record.achievementId) &&
      Date.parse(record.unlockedAt ?? '') > previous.checkedAt,
  );
}
