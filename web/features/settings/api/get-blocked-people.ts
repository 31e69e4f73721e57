import { readQueryOptions } from '@/lib/api-read';

/** GET /api/blocks: the people the caller blocks, latest first. */
export function blockedPeopleQueryOptions() {
  return readQueryOptions('/api/blocks');
}
