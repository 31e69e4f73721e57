import { readQueryOptions } from '@/lib/api-read';

/** GET /api/calendar-feed: whether the personal feed is on (its address is shown only when made). */
export function calendarFeedQueryOptions() {
  return readQueryOptions('/api/calendar-feed');
}
