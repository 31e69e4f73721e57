import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { eventQueryKey } from './keys';

/** GET /api/events/{id}; a rendered event page brings this answer with it. */
function eventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: eventQueryKey(eventId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/events/{id}', { params: { path: { id: eventId } }, signal })),
  });
}

export function useEvent(eventId: number) {
  const isValidId = Number.isSafeInteger(eventId) && eventId > 0 && eventId <= 2_147_483_647;
  return useQuery({ ...eventQueryOptions(eventId), enabled: isValidId });
}
