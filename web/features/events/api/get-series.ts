import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/series/{id}: every date of a series, cancelled ones included. */
function seriesQueryOptions(seriesId: number) {
  return readQueryOptions('/api/series/{id}', { path: { id: seriesId } });
}

export function useSeries(seriesId: number) {
  return useQuery(seriesQueryOptions(seriesId));
}
