import { z } from 'zod';

/**
 * The stable, machine-readable reason of every error answer. `message` stays the English text people
 * read in logs and in the `status: text` string the web shows where the product asks for it; clients
 * decide what to show by `code`, which never changes wording when a message is reworded.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'INVALID_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'PASSWORD_NOT_SET',
  'WEAK_PASSWORD',
  'RESET_LINK_INVALID',
  'FORBIDDEN',
  'NOT_MODERATOR',
  'BLOCKED',
  'ACCOUNT_SUSPENDED',
  'EMAIL_NOT_VERIFIED',
  'NOT_ORGANIZER',
  'NOT_ATTENDEE',
  'ORGANIZER_CANNOT_RATE',
  'ORGANIZER_CANNOT_VERIFY_SELF',
  'CROSS_SITE_REQUEST',
  'NOT_FOUND',
  'EVENT_NOT_FOUND',
  'USER_NOT_FOUND',
  'MESSAGE_TO_SELF',
  'FRIEND_REQUEST_TO_SELF',
  'FRIEND_REQUEST_NOT_FOUND',
  'ALREADY_FRIENDS',
  'ALREADY_REQUESTED',
  'NOT_FRIENDS',
  'NOT_CO_ORGANIZING',
  'RSVP_NOT_FOUND',
  'NOT_WAITLISTED',
  'TICKET_NOT_FOUND',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'ALREADY_REPORTED',
  'EVENT_FULL',
  'EVENT_PAST',
  'EVENT_CANCELLED',
  'EVENT_NOT_STARTED',
  'EVENT_HAS_RSVPS',
  'CAPACITY_BELOW_RSVPS',
  'PLACES_FREE',
  'ALREADY_RSVPED',
  'ALREADY_WAITLISTED',
  'ATTENDANCE_CLOSED',
  'CHECK_IN_CLOSED',
  'NOT_CHECKED_IN',
  'REPLY_LINK_INVALID',
  'REPLY_LINK_EXPIRED',
  'CHECK_IN_CODE_INVALID',
  'CHECK_IN_CODE_EXPIRED',
  'ALREADY_WALKED_IN',
  'EMAIL_TAKEN',
  'CHANGED_MEANWHILE',
  'SLOT_NOT_FOUND',
  'SLOT_FULL',
  'SLOT_OVERLAP',
  'SLOT_ENDED',
  'CHOOSE_A_SLOT',
  'HOLDS_SLOTS',
  'ALREADY_SIGNED_UP',
  'NOT_SIGNED_UP',
  'NOT_PENDING',
  'CAPACITY_BELOW_SIGNUPS',
  'TOO_MANY_SLOTS',
  'HOLDER_OVERLAP',
  'SERIES_NOT_FOUND',
  'SERIES_TOO_LONG',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'EVENT_HIDDEN',
  // Organizations and moderation, each refusal its own code (server/lib/refusals.ts).
  'ORGANIZATION_NOT_FOUND',
  'UNKNOWN_ORGANIZATION',
  'SLUG_TAKEN',
  'NOT_ORGANIZATION_ADMIN',
  'NOT_ORGANIZATION_OWNER',
  'NOT_ORGANIZATION_ORGANIZER',
  'LAST_OWNER',
  'NOT_A_MEMBER',
  'INVITATION_INVALID',
  'INVITATION_USED',
  'INVITATION_NOT_FOUND',
  'LOGO_NOT_FOUND',
  'ORGANIZATION_EVENT_NOT_FOUND',
  'NEW_ORGANIZER_NOT_ALLOWED',
  'NOT_ADMIN',
  'REPORT_NOT_FOUND',
  'REPORT_TARGET_NOT_FOUND',
  'CANNOT_REPORT_OWN',
  'ALREADY_RESOLVED',
  'CANNOT_HIDE_PERSON',
  'CANNOT_SUSPEND_MODERATOR',
  'CANNOT_SUSPEND_SELF',
  'CANNOT_UNDO',
  'NOT_ACTION_AUTHOR',
  'LOG_ENTRY_NOT_FOUND',
  'CANNOT_BLOCK_SELF',
] as const;

const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every error answer has this shape: the stable `code` beside its message. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * The error answers a group of routes declares, each of the one error shape: the OpenAPI document
 * lists exactly these statuses for them.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}
