import { useQuery } from '@tanstack/react-query';
import type { Category } from '@contract/categories';

/** GET /api/categories: the filter chips and the create dialog's select. */
export function useCategories() {
  return useQuery<Category[]>({ queryKey: ['/api/categories'] });
}
