import { readQueryOptions } from '@/lib/api-read';

/** GET /api/moderation/reports: the queue, open reports first, each with what it reports. */
export function reportQueueQueryOptions() {
  return readQueryOptions('/api/moderation/reports');
}

/** GET /api/moderation/log: every moderator's acts, newest first. */
export function moderationLogQueryOptions() {
  return readQueryOptions('/api/moderation/log');
}

/** GET /api/moderation/moderators: the administrators (ADMIN_EMAILS) and the moderators they appointed. */
export function moderatorsQueryOptions() {
  return readQueryOptions('/api/moderation/moderators');
}
