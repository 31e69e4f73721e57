import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';
import { userAchievementsQueryOptions } from '@/lib/api/get-user-achievements';

/** GET /api/achievements: the catalogue, the same for everyone. */
export function useAchievementCatalogue() {
  return useQuery(readQueryOptions('/api/achievements'));
}

/** Shares the app-wide poll's cache entry (and its ETag), so the page stays current without its own timer. */
export function useUserAchievements() {
  return useQuery(userAchievementsQueryOptions());
}
