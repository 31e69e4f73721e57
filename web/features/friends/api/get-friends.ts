import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

function friendsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/friends'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/friends', { signal })),
  });
}

/**
 * GET /api/friends is called but its result is unused — the server answers `[]` until friends
 * are real, and the screen shows sample data meanwhile. Failures are ignored for the
 * same reason: nothing on screen depends on this call.
 */
export function useFriendsCall() {
  return useQuery(friendsQueryOptions());
}
