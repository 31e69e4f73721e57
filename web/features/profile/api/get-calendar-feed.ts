import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** GET /api/calendar-feed: whether the personal feed is on (its address is shown only when made). */
export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: ['/api/calendar-feed'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/calendar-feed', { signal })),
  });
}
