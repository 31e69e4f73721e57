import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { attendeesQueryKey } from './keys';

/** GET /api/events/{id}/attendees: the organizer's RSVP holders and waiting people, read afresh on each visit. */
function attendeesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: attendeesQueryKey(eventId),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/events/{id}/attendees', { params: { path: { id: eventId } }, signal })),
    refetchOnMount: 'always',
  });
}

export function useAttendees(eventId: number, isEnabled = true) {
  return useQuery({ ...attendeesQueryOptions(eventId), enabled: isEnabled });
}
