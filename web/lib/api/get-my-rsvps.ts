import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-fetch';
import { type ApiAnswer, apiUrl } from '@/lib/api-read';
import { nextCursorOf } from '@/lib/next-page-cursor';

/** Cards per page: a multiple of the one, two, three and four grid columns, as the events list's. */
const MY_RSVPS_PAGE_SIZE = 12;

type MyRsvp = ApiAnswer<'/api/my-rsvps'>[number];

/** One page of my RSVPs and the cursor of the next, from the answer's Link header (null on the last page). */
export interface MyRsvpPage {
  events: MyRsvp[];
  nextCursor: string | null;
}

/**
 * GET /api/my-rsvps?include=past, page by page: upcoming soonest first, then past newest first (the
 * server's order). The key starts with '/api/my-rsvps', so every write that makes "my RSVPs" stale
 * (web/features/events/api/keys.ts) refreshes it; the second element keeps it apart from a plain answer.
 */
export function myRsvpPagesQueryOptions() {
  const query = { include: 'past', limit: MY_RSVPS_PAGE_SIZE } as const;
  return infiniteQueryOptions({
    queryKey: ['/api/my-rsvps', 'pages'] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<MyRsvpPage> => {
      const url = apiUrl('/api/my-rsvps', { query: pageParam === null ? query : { ...query, cursor: pageParam } });
      const response = await apiFetch(url, { signal });
      const events = (await response.json()) as MyRsvp[];
      return { events, nextCursor: nextCursorOf(response.headers.get('link')) };
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** My RSVPs as the pages loaded so far; `fetchNextPage` adds the next ("Show more"). */
export function useMyRsvpPages() {
  const query = useInfiniteQuery(myRsvpPagesQueryOptions());
  const data = query.data;
  const events = useMemo(() => data?.pages.flatMap((page) => page.events), [data]);
  return {
    events,
    get isLoading() {
      return query.isLoading;
    },
    get isError() {
      return query.isError;
    },
    get error() {
      return query.error;
    },
    get hasNextPage() {
      return query.hasNextPage;
    },
    get isFetchingNextPage() {
      return query.isFetchingNextPage;
    },
    fetchNextPage: query.fetchNextPage,
    refetch: query.refetch,
  };
}
