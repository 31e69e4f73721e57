import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/**
 * GET /api/friends is called but its result is unused — the server answers `[]` until friends
 * are real, and the screen shows sample data meanwhile. Failures are ignored for the
 * same reason: nothing on screen depends on this call.
 */
export function useFriendsCall() {
  return useQuery(readQueryOptions('/api/friends'));
}
