import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/categories: the fixed catalogue, read once. */
export function useCategories() {
  return useQuery(readQueryOptions('/api/categories'));
}
