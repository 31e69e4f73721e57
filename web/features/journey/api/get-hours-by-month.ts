import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/**
 * GET /api/user/hours-by-month in the browser's zone: verified hours, counted by the server, where the lists the
 * browser holds are paged. Read afresh on each visit, like the stats it sits beside.
 */
export function useHoursByMonth() {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useQuery({
    ...readQueryOptions('/api/user/hours-by-month', { query: { timeZone } }),
    refetchOnMount: 'always',
  });
}
