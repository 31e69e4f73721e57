import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiAnswer, apiUrl } from '@/lib/api-read';
import { type PageOfEvents, pagedEventsResult, readPageOfEvents } from '@/lib/paged-events';

/** Cards per page: a multiple of the one, two, three and four grid columns, as the events list's. */
const MY_RSVPS_PAGE_SIZE = 12;

type MyRsvp = ApiAnswer<'/api/my-rsvps'>[number];

export type MyRsvpPage = PageOfEvents<MyRsvp>;

/** The paged entry's key, under '/api/my-rsvps' so that every write making "my RSVPs" stale refreshes it. */
export const MY_RSVP_PAGES_QUERY_KEY = ['/api/my-rsvps', 'pages'] as const;

/**
 * GET /api/my-rsvps?include=past, page by page: upcoming soonest first, then past newest first (the
 * server's order). The key starts with '/api/my-rsvps', so every write that makes "my RSVPs" stale
 * (web/features/events/api/keys.ts) refreshes it; the second element keeps it apart from a plain answer.
 */
export function myRsvpPagesQueryOptions() {
  const query = { include: 'past', limit: MY_RSVPS_PAGE_SIZE } as const;
  return infiniteQueryOptions({
    queryKey: MY_RSVP_PAGES_QUERY_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<MyRsvpPage> =>
      readPageOfEvents(
        apiUrl('/api/my-rsvps', { query: pageParam === null ? query : { ...query, cursor: pageParam } }),
        signal,
      ),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** My RSVPs as the pages loaded so far; `fetchNextPage` adds the next ("Show more"). */
export function useMyRsvpPages() {
  const query = useInfiniteQuery(myRsvpPagesQueryOptions());
  const data = query.data;
  const events = useMemo(() => data?.pages.flatMap((page) => page.events), [data]);
  return pagedEventsResult(query, events);
}
