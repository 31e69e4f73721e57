import { useQuery } from '@tanstack/react-query';
import { ratingsQueryOptions } from './keys';

/** GET /api/events/{id}/ratings, newest first. */
export function useRatings(eventId: number, isEnabled = true) {
  return useQuery({ ...ratingsQueryOptions(eventId), enabled: isEnabled });
}
