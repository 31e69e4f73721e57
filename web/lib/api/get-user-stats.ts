import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** Keys of the journey's figures, which writes on other screens (RSVPs, events, attendance) make stale. */
export const USER_STATS_QUERY_KEY = ['/api/user/stats'] as const;
export const VERIFIED_HOURS_QUERY_KEY = ['/api/user/hours'] as const;

/** Hours and XP change with every RSVP or event made elsewhere in the app: read afresh on each visit. */
function userStatsQueryOptions() {
  return queryOptions({
    queryKey: USER_STATS_QUERY_KEY,
    queryFn: ({ signal }) => dataOf(api.GET('/api/user/stats', { signal })),
    refetchOnMount: 'always',
  });
}

/** Attended events as organizers recorded them; read afresh on each visit like the stats. */
function verifiedHoursQueryOptions() {
  return queryOptions({
    queryKey: VERIFIED_HOURS_QUERY_KEY,
    queryFn: ({ signal }) => dataOf(api.GET('/api/user/hours', { signal })),
    refetchOnMount: 'always',
  });
}

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}

export function useVerifiedHours() {
  return useQuery(verifiedHoursQueryOptions());
}
