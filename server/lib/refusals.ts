import type { ErrorCode } from '../../contract/errors';
import { HttpError } from './http-error';

type FieldErrors = Array<{ path: string; message: string }>;

/**
 * One table from a refusal's code to its status and English message (decision 0021): a service
 * throws `refusal('SLUG_TAKEN')` and never picks a status or words of its own, so a code always answers
 * with one status, and the web words it by code (web/locales/<lang>/errors.json). New modules add their
 * refusals here.
 */
const REFUSALS = {
  // Organizations
  ORGANIZATION_NOT_FOUND: [404, 'Organization not found'],
  UNKNOWN_ORGANIZATION: [400, 'There is no such organization'],
  SLUG_TAKEN: [409, 'This address is taken: choose another'],
  NOT_ORGANIZATION_ADMIN: [403, 'Only its owners and admins can do this'],
  NOT_ORGANIZATION_OWNER: [403, 'Only an owner can make someone an owner or change an owner'],
  NOT_ORGANIZATION_ORGANIZER: [403, 'Only its owners, admins and organizers can hold events under this organization'],
  LAST_OWNER: [409, 'An organization keeps at least one owner: make someone else owner first'],
  NOT_A_MEMBER: [404, 'This person is not a member'],
  INVITATION_INVALID: [404, 'This invitation is not valid: ask for a new one'],
  INVITATION_USED: [409, 'This invitation was already used'],
  INVITATION_NOT_FOUND: [404, 'There is no open invitation with this id'],
  LOGO_NOT_FOUND: [404, 'Logo not found'],
  ORGANIZATION_EVENT_NOT_FOUND: [404, 'This organization has no such event'],
  NEW_ORGANIZER_NOT_ALLOWED: [400, 'The new organizer must be an owner, admin or organizer of the organization'],
  // Moderation
  NOT_MODERATOR: [403, 'Only moderators can do this'],
  NOT_ADMIN: [403, 'Only the site’s administrators (ADMIN_EMAILS) can do this'],
  REPORT_NOT_FOUND: [404, 'Report not found'],
  REPORT_TARGET_NOT_FOUND: [404, 'There is nothing to report there'],
  ALREADY_REPORTED: [409, 'You have already reported this; a moderator will look at it'],
  CANNOT_REPORT_OWN: [400, 'You cannot report yourself or what you wrote'],
  ALREADY_RESOLVED: [409, 'This report was already resolved'],
  CANNOT_HIDE_PERSON: [400, 'A person cannot be hidden: suspend them or dismiss the report'],
  CANNOT_SUSPEND_MODERATOR: [403, 'Only an administrator can suspend a moderator'],
  CANNOT_SUSPEND_SELF: [400, 'You cannot suspend yourself'],
  CANNOT_UNDO: [409, 'Only a hide or a suspension can be undone, once'],
  NOT_ACTION_AUTHOR: [403, 'Only the moderator who did this or an administrator can undo it'],
  LOG_ENTRY_NOT_FOUND: [404, 'Log entry not found'],
  CANNOT_BLOCK_SELF: [400, 'You cannot block yourself'],
  USER_NOT_FOUND: [404, 'User not found'],
} as const satisfies Partial<Record<ErrorCode, readonly [number, string]>>;

export type RefusalCode = keyof typeof REFUSALS;

/** The refusal of `code`, with its one status and message; `fieldErrors` name the body field at fault. */
export function refusal(code: RefusalCode, fieldErrors?: FieldErrors): HttpError {
  const [status, message] = REFUSALS[code];
  return new HttpError(status, message, {}, fieldErrors, code);
}

/** The English message of `code`, for a field error beside it. */
export function refusalMessage(code: RefusalCode): string {
  return REFUSALS[code][1];
}
