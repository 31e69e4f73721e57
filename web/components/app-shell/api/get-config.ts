import { readQueryOptions } from '@/lib/api-read';

/** GET /api/config: the operator's public settings; the server puts the answer in every signed-in page. */
export function configQueryOptions() {
  return readQueryOptions('/api/config');
}
