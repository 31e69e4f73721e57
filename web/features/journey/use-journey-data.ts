import { useQuery } from '@tanstack/react-query';
import type { VerifiedHours } from '@contract/event-management';
import type { Event } from '@contract/events';
import type { Achievement, UserStats } from '@contract/journey';
import {
  fetchUserAchievements,
  USER_ACHIEVEMENTS_QUERY_KEY,
  type UserAchievementsSnapshot,
} from '@/components/app-shell/user-achievements-query';

/** Hours and XP change with every RSVP or event made elsewhere in the app: read afresh on each visit. */
export function useUserStats() {
  return useQuery<UserStats>({ queryKey: ['/api/user/stats'], refetchOnMount: 'always' });
}

export function useAchievementCatalogue() {
  return useQuery<Achievement[]>({ queryKey: ['/api/achievements'] });
}

/** Shares the app-wide poll's cache entry (and its ETag), so the page stays current without its own timer. */
export function useUserAchievements() {
  return useQuery<UserAchievementsSnapshot>({ queryKey: USER_ACHIEVEMENTS_QUERY_KEY, queryFn: fetchUserAchievements });
}

export function useOrganizedEvents() {
  return useQuery<Event[]>({ queryKey: ['/api/my-events'] });
}

export function useJoinedEvents() {
  return useQuery<Event[]>({ queryKey: ['/api/my-rsvps'] });
}

/** Attended events as organizers recorded them; refetched on each visit like the stats. */
export function useVerifiedHours() {
  return useQuery<VerifiedHours>({ queryKey: ['/api/user/hours'], refetchOnMount: 'always' });
}
