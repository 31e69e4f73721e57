import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/events/{id}/slots: the schedule, by start then role, with the caller's place in each. */
function slotsQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/slots', { path: { id: eventId } });
}

/** GET /api/events/{id}/slot-signups: each slot's people and queue, for the organizer. */
export function slotRosterQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/slot-signups', { path: { id: eventId } });
}

export function useSlots(eventId: number) {
  return useQuery(slotsQueryOptions(eventId));
}

export function useSlotRoster(eventId: number, isEnabled: boolean) {
  return useQuery({ ...slotRosterQueryOptions(eventId), enabled: isEnabled, refetchOnMount: 'always' });
}
