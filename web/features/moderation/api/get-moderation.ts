import { readQueryOptions } from '@/lib/api-read';

/** GET /api/moderation/reports: the queue, open reports first, each with what it reports. */
export function reportQueueQueryOptions() {
  return readQueryOptions('/api/moderation/reports');
}

/** GET /api/moderation/log: every moderator's acts, newest first. */
export function moderationLogQueryOptions() {
  return readQueryOptions('/api/moderation/log');
}
