import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiUrl, readApi } from '@/lib/api-read';

/** The server's default page (the contract's NOTIFICATION_PAGE_SIZE_DEFAULT: importing it would bring zod along). */
const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;

/**
 * GET /api/notifications page by page, newest first. The cursor is the last id of the page before
 * (ids only grow); a full page may have a next one. Its key starts with the URL, so the stream's and
 * the bell's refreshes of everything under /api/notifications reach it.
 */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['/api/notifications', 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      readApi<'/api/notifications'>(
        apiUrl('/api/notifications', {
          query: { limit: NOTIFICATION_PAGE_SIZE_DEFAULT, ...(pageParam === null ? {} : { cursor: pageParam }) },
        }),
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) =>
      page.length < NOTIFICATION_PAGE_SIZE_DEFAULT ? undefined : (page[page.length - 1]?.id ?? undefined),
    refetchOnMount: 'always',
  });
}
