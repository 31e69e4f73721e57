import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** GET /api/config: the operator's public settings; the server puts the answer in every signed-in page. */
export function configQueryOptions() {
  return queryOptions({
    queryKey: ['/api/config'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/config', { signal })),
  });
}
