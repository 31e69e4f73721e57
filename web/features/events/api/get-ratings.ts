import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { ratingsQueryKey } from './keys';

/** GET /api/events/{id}/ratings, newest first. */
function ratingsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ratingsQueryKey(eventId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/events/{id}/ratings', { params: { path: { id: eventId } }, signal })),
  });
}

export function useRatings(eventId: number, isEnabled = true) {
  return useQuery({ ...ratingsQueryOptions(eventId), enabled: isEnabled });
}
