import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Event } from '@contract/events';
import { apiFetch } from '@/lib/api-fetch';

/**
 * Cards per page. Small enough for a quick first paint on a cheap phone, and a multiple of the one,
 * two, three and four grid columns, so a full page never leaves a ragged last row.
 */
export const EVENTS_PAGE_SIZE = 24;

export interface EventFilters {
  search?: string;
  location?: string;
  category?: number | null;
}

export interface EventPage {
  events: Event[];
  /** The API's `Link: <…>; rel="next"` target, or null on the last page. */
  nextUrl: string | null;
}

/** The list URL with its filters, e.g. `/api/events?limit=24&search=park` (its query). */
export function eventListUrl(filters: EventFilters = {}): string {
  const params = new URLSearchParams({ limit: String(EVENTS_PAGE_SIZE) });
  const search = filters.search?.trim();
  const location = filters.location?.trim();
  if (search) params.set('search', search);
  if (location) params.set('location', location);
  if (filters.category) params.set('category', String(filters.category));
  return `/api/events?${params.toString()}`;
}

/** RFC 8288: picks the rel="next" target out of a Link header (several links may be listed). */
export function parseNextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rel = match && /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(match[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (match && relations.includes('next')) return match[1] ?? null;
  }
  return null;
}

async function fetchEventPage(url: string, signal: AbortSignal): Promise<EventPage> {
  const res = await apiFetch(url, { signal });
  return { events: (await res.json()) as Event[], nextUrl: parseNextLink(res.headers.get('link')) };
}

/**
 * The events list, page by page. The filtered URL is the key's FIRST element (and the
 * prefix every mutation's refresh matches on: use-rsvp.ts, use-create-event.ts); the second element
 * keeps this paged cache entry apart from any plain `useQuery(['/api/events…'])` holding an array.
 */
export function useEvents(filters: EventFilters = {}) {
  const url = eventListUrl(filters);
  const query = useInfiniteQuery<EventPage, Error, InfiniteData<EventPage>, readonly [string, 'pages'], string>({
    queryKey: [url, 'pages'],
    initialPageParam: url,
    queryFn: ({ pageParam, signal }) => fetchEventPage(pageParam, signal),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
    // While a new filter loads, the previous results stay (dimmed by the page) instead of the grid
    // collapsing into skeletons at every pause in typing.
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const events = useMemo(() => data?.pages.flatMap((page) => page.events) ?? [], [data]);
  // Getters, not a copy of the result: TanStack Query re-renders a component only for the fields it
  // read, and a spread reads them all (a fetch starting would re-render the whole page, synchronously).
  return {
    events,
    get isLoading() {
      return query.isLoading;
    },
    get isError() {
      return query.isError;
    },
    get isPlaceholderData() {
      return query.isPlaceholderData;
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
