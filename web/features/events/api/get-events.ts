import { useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiUrl, type ReadParameters } from '@/lib/api-read';
import { pagedEventsResult, readPageOfEvents } from '@/lib/paged-events';
import { eventListQueryKey, type EventPage } from './keys';

/**
 * Cards per page. Small enough for a quick first paint on a cheap phone, and a multiple of the one,
 * two, three and four grid columns, so a full page never leaves a ragged last row.
 */
export const EVENTS_PAGE_SIZE = 24;

export interface EventFilters {
  search?: string;
  location?: string;
  category?: number | null;
  /** Only events of the organizations the person follows (decisions §20). */
  isFollowedOnly?: boolean;
  /** The Advanced Filters (decisions §21): held under this organization, places left, a date range (ISO). */
  organizationId?: number | null;
  isPlacesLeftOnly?: boolean;
  from?: string | null;
  to?: string | null;
  /** `{latitude},{longitude}` from Use My Location: nearest first within `radiusKm`. */
  near?: string | null;
  radiusKm?: number | null;
}

type EventListQuery = NonNullable<ReadParameters<'/api/events'>['query']>;

/** The list's query with only the filters that are set, in the order its URL lists them. */
function eventListQuery(filters: EventFilters): EventListQuery {
  const search = filters.search?.trim();
  const location = filters.location?.trim();
  return {
    limit: EVENTS_PAGE_SIZE,
    ...(search && { search }),
    ...(location && { location }),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.isFollowedOnly && { organizations: 'followed' as const }),
    ...(filters.organizationId ? { organizationId: filters.organizationId } : {}),
    ...(filters.isPlacesLeftOnly && { placesLeft: 'true' as const }),
    ...(filters.from && { from: filters.from }),
    ...(filters.to && { to: filters.to }),
    ...(filters.near && { near: filters.near, ...(filters.radiusKm ? { radiusKm: filters.radiusKm } : {}) }),
  };
}

/** The list URL with its filters, e.g. `/api/events?limit=24&search=park` (its query key). */
export function eventListUrl(filters: EventFilters = {}): string {
  return apiUrl('/api/events', { query: eventListQuery(filters) });
}

/**
 * The events list, page by page. The filtered URL is the key's FIRST element (and the
 * prefix every write's refresh matches on: ./keys.ts); the second element keeps this paged cache
 * entry apart from any plain one holding an array.
 */
function eventsQueryOptions(filters: EventFilters) {
  const query = eventListQuery(filters);
  return infiniteQueryOptions({
    queryKey: eventListQueryKey(eventListUrl(filters)),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<EventPage> =>
      readPageOfEvents(
        apiUrl('/api/events', { query: pageParam === null ? query : { ...query, cursor: pageParam } }),
        signal,
      ),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useEvents(filters: EventFilters = {}) {
  const query = useInfiniteQuery({
    ...eventsQueryOptions(filters),
    // While a new filter loads, the previous results stay (dimmed by the page) instead of the grid
    // collapsing into skeletons at every pause in typing.
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const events = useMemo(() => data?.pages.flatMap((page) => page.events) ?? [], [data]);
  return pagedEventsResult(query, events);
}
