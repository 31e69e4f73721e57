import { readQueryOptions } from '@/lib/api-read';

/** GET /api/users/{id}/block: whether the caller blocks a person (a thread's other person, a person's page). */
export function blockStateQueryOptions(userId: string) {
  return readQueryOptions('/api/users/{id}/block', { path: { id: userId } });
}
