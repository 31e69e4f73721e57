import { useQuery } from '@tanstack/react-query';
import { attendeesQueryOptions } from './keys';

/** The organizer's RSVP holders and waiting people, read afresh on each visit. */
export function useAttendees(eventId: number, isEnabled = true) {
  return useQuery({ ...attendeesQueryOptions(eventId), enabled: isEnabled, refetchOnMount: 'always' });
}
