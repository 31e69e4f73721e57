import { readQueryOptions } from '@/lib/api-read';

/** GET /api/moderation/status: whether the caller moderates (the queue's guard, the settings' link). */
export function moderationStatusQueryOptions() {
  return readQueryOptions('/api/moderation/status');
}
