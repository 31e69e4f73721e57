import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** The newest this many show in the menu; older ones are rarely looked for from a bell. */
const NOTIFICATIONS_PAGE = 30;

/** GET /api/notifications/unread-count: the bell's badge, kept fresh by the live stream. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: ['/api/notifications/unread-count'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/notifications/unread-count', { signal })),
  });
}

/** The menu's list, read afresh each time it opens. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: [`/api/notifications?limit=${NOTIFICATIONS_PAGE}`] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/notifications', { params: { query: { limit: NOTIFICATIONS_PAGE } }, signal })),
    refetchOnMount: 'always',
  });
}

/** After marking read: the list and the badge, every key under /api/notifications. */
export function refreshNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/notifications'),
  });
}
