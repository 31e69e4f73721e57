import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** Hours and XP change with every RSVP or event made elsewhere in the app: read afresh on each visit. */
const userStats = { ...readQueryOptions('/api/user/stats'), refetchOnMount: 'always' as const };
/** Attended events as organizers recorded them; read afresh on each visit like the stats. */
const verifiedHours = { ...readQueryOptions('/api/user/hours'), refetchOnMount: 'always' as const };

/** Writes on other screens (RSVPs, events, attendance) make these stale. */
export const USER_STATS_QUERY_KEY = userStats.queryKey;
export const VERIFIED_HOURS_QUERY_KEY = verifiedHours.queryKey;

export function useUserStats() {
  return useQuery(userStats);
}

export function useVerifiedHours() {
  return useQuery(verifiedHours);
}
