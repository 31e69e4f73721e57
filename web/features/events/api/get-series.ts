import { useQuery } from '@tanstack/react-query';
import type { SeriesScope } from '@contract/series';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/series/{id}: every date of a series, cancelled ones included. */
function seriesQueryOptions(seriesId: number) {
  return readQueryOptions('/api/series/{id}', { path: { id: seriesId } });
}

export function useSeries(seriesId: number) {
  return useQuery(seriesQueryOptions(seriesId));
}

/**
 * GET /api/events/{id}/audience and GET /api/slots/{id}/audience: whom a change of `scope` would tell, each
 * person once over the dates it reaches. Read each time a dialog asks: places change while it is closed.
 */
export function useChangeAudience(target: { eventId: number } | { slotId: number }, scope: SeriesScope) {
  const options =
    'eventId' in target
      ? readQueryOptions('/api/events/{id}/audience', { path: { id: target.eventId }, query: { scope } })
      : readQueryOptions('/api/slots/{id}/audience', { path: { id: target.slotId }, query: { scope } });
  return useQuery({ ...options, enabled: scope !== 'this', refetchOnMount: 'always' });
}
