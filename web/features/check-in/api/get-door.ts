import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/events/{id}/check-ins: the organizer's door, every holder with their code and times. */
export function doorQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/check-ins', { path: { id: eventId } });
}

export function useDoor(eventId: number) {
  // The list is what the door works from while offline: kept, refreshed when the network allows.
  return useQuery({ ...doorQueryOptions(eventId), refetchInterval: 30_000, networkMode: 'offlineFirst' });
}
