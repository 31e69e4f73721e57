import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { userAchievementsQueryOptions } from '@/lib/api/get-user-achievements';

/** GET /api/achievements: the catalogue, the same for everyone. */
function achievementCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['/api/achievements'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/achievements', { signal })),
  });
}

export function useAchievementCatalogue() {
  return useQuery(achievementCatalogueQueryOptions());
}

/** Shares the app-wide poll's cache entry (and its ETag), so the page stays current without its own timer. */
export function useUserAchievements() {
  return useQuery(userAchievementsQueryOptions());
}
