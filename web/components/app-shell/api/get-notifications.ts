import type { QueryClient } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** The newest this many show in the menu; older ones are rarely looked for from a bell. */
const NOTIFICATIONS_PAGE = 30;

/** GET /api/notifications/unread-count: the bell's badge, kept fresh by the live stream. */
export function unreadCountQueryOptions() {
  return readQueryOptions('/api/notifications/unread-count');
}

/** The menu's list, repeats gathered into groups, read afresh each time it opens. */
export function notificationGroupsQueryOptions() {
  return {
    ...readQueryOptions('/api/notifications/groups', { query: { limit: NOTIFICATIONS_PAGE } }),
    refetchOnMount: 'always' as const,
  };
}

/** After marking read: the list and the badge, every key under /api/notifications. */
export function refreshNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/notifications'),
  });
}
