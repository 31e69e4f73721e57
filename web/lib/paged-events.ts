import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';

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

/**
 * The Link header's next page is the same query with a new cursor (server/modules/events/events.routes.ts):
 * GET /api/events and GET /api/my-rsvps page this way.
 */
function nextCursorOf(linkHeader: string | null): string | null {
  const next = parseNextLink(linkHeader);
  return next === null ? null : new URL(next, 'http://localhost').searchParams.get('cursor');
}

/** One page of a paged events answer and the cursor of the next, from its Link header (null on the last). */
export interface PageOfEvents<Event> {
  events: Event[];
  nextCursor: string | null;
}

/** GET `url` of a paged events call (GET /api/events, GET /api/my-rsvps): the page and its next cursor. */
export async function readPageOfEvents<Event>(url: string, signal: AbortSignal): Promise<PageOfEvents<Event>> {
  const response = await apiFetch(url, { signal });
  const events = (await response.json()) as Event[];
  return { events, nextCursor: nextCursorOf(response.headers.get('link')) };
}

/**
 * A paged query's events (`events`, the loaded pages flattened by the caller's memo) with the query's state.
 * Getters, not a copy of the result: TanStack Query re-renders a component only for the fields it read,
 * and a spread reads them all (a fetch starting would re-render the whole page, synchronously).
 */
export function pagedEventsResult<Event, Events extends Event[] | undefined>(
  query: UseInfiniteQueryResult<InfiniteData<PageOfEvents<Event>>>,
  events: Events,
) {
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
