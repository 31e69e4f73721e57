// Plain constants, no zod: the report dialog reads them without loading the schemas (decisions §20).
/** Decisions §20: what can be reported, why, and what a moderator may do about it. */
export const REPORT_TARGET_TYPES = ['event', 'user', 'message', 'rating'] as const;
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'misleading', 'other'] as const;
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export const RESOLVE_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'unhide',
  'suspend',
  'unsuspend',
  'appoint',
  'remove_moderator',
] as const;

export const MODERATION_LIMITS = {
  detailsMax: 1000,
  noteMax: 1000,
  /** Reports one person may file per day: enough for anyone reporting what they meet, not for flooding the queue. */
  reportsPerDay: 20,
  queuePageSize: 100,
  logPageSize: 100,
} as const;
