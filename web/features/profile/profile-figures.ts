import type { Event } from '@contract/events';
import type { UserStats } from '@contract/journey';

export type ProfileBadge = 'eventLeader' | 'communityChampion' | 'timeGiver' | 'topRated' | 'newVolunteer';

/** The profile badges' thresholds. */
const BADGE_RULES = {
  eventLeaderOrganized: 5,
  communityChampionJoined: 10,
  timeGiverHours: 50,
  topRatedAverage: 4.5,
} as const;

const RECENT_EVENTS_SHOWN = 3;

export type ProfileFigures = {
  organized: number;
  joined: number;
  /** Verified hours: Profile's Hours are what organizers confirmed, as the Journey's (decisions.md §21). */
  hours: number;
  averageRating: number;
  peopleHelped: number;
  totalEvents: number;
  badges: ProfileBadge[];
};

/**
 * Mean averageRating of the organized events that have ratings (0 when none): the same rule as the
 * server's journey stats, so Profile and Journey show the same figure.
 */
export function meanOrganizedRating(organized: Event[]): number {
  const rated = organized.filter((event) => event.ratingCount > 0);
  if (rated.length === 0) return 0;
  return rated.reduce((sum, event) => sum + event.averageRating, 0) / rated.length;
}

/** `counts` are the server's (GET /api/user/stats): the joined list is paged, so its length is no count. */
export function profileFigures(
  organizedEvents: Event[],
  counts: Pick<UserStats, 'organizedCount' | 'attendedCount' | 'verifiedHours'>,
): ProfileFigures {
  const organized = counts.organizedCount;
  const joined = counts.attendedCount;
  const hours = counts.verifiedHours;
  const averageRating = meanOrganizedRating(organizedEvents);
  const badges: ProfileBadge[] = [];
  if (organized >= BADGE_RULES.eventLeaderOrganized) badges.push('eventLeader');
  if (joined >= BADGE_RULES.communityChampionJoined) badges.push('communityChampion');
  if (hours >= BADGE_RULES.timeGiverHours) badges.push('timeGiver');
  if (averageRating >= BADGE_RULES.topRatedAverage) badges.push('topRated');
  if (badges.length === 0) badges.push('newVolunteer');
  return {
    organized,
    joined,
    hours,
    averageRating,
    peopleHelped: organizedEvents.reduce((sum, event) => sum + event.rsvpCount, 0),
    totalEvents: organized + joined,
    badges,
  };
}

/** The most recent first, by event date. */
export function mostRecent(events: Event[], count = RECENT_EVENTS_SHOWN): Event[] {
  return [...events].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)).slice(0, count);
}
