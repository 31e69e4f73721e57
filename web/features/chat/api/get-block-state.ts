import { readQueryOptions } from '@/lib/api-read';

/** GET /api/users/{id}/block: whether the caller blocks the other person of a thread. */
export function blockStateQueryOptions(userId: string) {
  return readQueryOptions('/api/users/{id}/block', { path: { id: userId } });
}
