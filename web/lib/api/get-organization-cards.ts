import { readQueryOptions } from '@/lib/api-read';

/** GET /api/organizations: the caller's organizations and those they follow (mine), or others (discover). */
export function organizationCardsQueryOptions(list: 'mine' | 'discover', search: string) {
  return readQueryOptions('/api/organizations', { query: { list, ...(search ? { search } : {}) } });
}
