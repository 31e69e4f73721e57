import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** GET /api/categories: the fixed catalogue, read once. */
function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/categories'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/categories', { signal })),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
