import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/my-slots: the caller's places and queues in slots not yet ended, soonest first. */
function mySlotsQueryOptions() {
  return readQueryOptions('/api/my-slots');
}

export function useMySlots() {
  return useQuery(mySlotsQueryOptions());
}
