import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/preferences; a rendered Home brings this answer with it (web/app/route-table.ts). */
export function usePreferences() {
  return useQuery(readQueryOptions('/api/preferences'));
}

/** GET /api/preferences/matching-events: up to 6 upcoming events in the person's place and categories. */
export function useMatchingEvents(isEnabled: boolean) {
  return useQuery({ ...readQueryOptions('/api/preferences/matching-events'), enabled: isEnabled });
}
