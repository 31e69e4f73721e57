import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  RESOLVE_ACTIONS,
} from './moderation-catalogue';
import { publicUserSchema } from './users';

const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES, {
  error: 'Target type must be event, user, message or rating',
});
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;
const reportReasonSchema = z.enum(REPORT_REASONS, {
  error: 'Reason must be spam, harassment, inappropriate, misleading or other',
});
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** A user's id, or the number of an event, message or rating; checked against the target type by the server. */
const targetIdSchema = z
  .union([z.string(), z.number().int()], { error: 'Target id is required' })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, 'Target id is required').max(100, 'Target id is too long'));

export const createReportBodySchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: targetIdSchema,
  reason: reportReasonSchema,
  details: z
    .string({ error: 'Details must be text' })
    .trim()
    .max(MODERATION_LIMITS.detailsMax, `Details must be at most ${MODERATION_LIMITS.detailsMax} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});

export const reportSchema = z.object({
  id: z.number().int(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: reportReasonSchema,
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: isoDateTimeSchema,
  reporter: publicUserSchema,
});
export type Report = z.infer<typeof reportSchema>;

/** What the reported thing is, as the moderator needs to judge it: its words, its author and where it lives. */
const reportedContentSchema = z.object({
  author: publicUserSchema.nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  /** The app path where it can be seen (an event page, a profile), or null for a message. */
  path: z.string().nullable(),
  isHidden: z.boolean(),
  isAuthorSuspended: z.boolean(),
  isAuthorModerator: z.boolean(),
});

const queuedReportSchema = reportSchema.extend({
  content: reportedContentSchema.nullable(),
  /** Other open reports of the same target, this one included. */
  openReportCount: z.number().int(),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;
export const reportQueueSchema = z.array(queuedReportSchema);

export const resolveReportBodySchema = z.object({
  action: z.enum(RESOLVE_ACTIONS, { error: 'Action must be dismiss, hide or suspend' }),
  note: z
    .string({ error: 'A note is required' })
    .trim()
    .min(1, 'A note is required')
    .max(MODERATION_LIMITS.noteMax, `The note must be at most ${MODERATION_LIMITS.noteMax} characters`),
});

const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reportId: z.number().int().nullable(),
  note: z.string(),
  actor: publicUserSchema.nullable(),
  createdAt: isoDateTimeSchema,
  /** Whether a later act undid this one; only hide and suspend can be undone. */
  isUndone: z.boolean(),
  canUndo: z.boolean(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export const moderationLogSchema = z.array(moderationLogEntrySchema);

export const undoBodySchema = z.object({
  note: resolveReportBodySchema.shape.note,
});

export const appointModeratorBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
});

const moderatorSchema = publicUserSchema.extend({ isAdmin: z.boolean() });
export const moderatorListSchema = z.array(moderatorSchema);

export const moderationStatusSchema = z.object({ isModerator: z.boolean(), isAdmin: z.boolean() });
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const blockStateSchema = z.object({ isBlocked: z.boolean() });
export const blockedPeopleSchema = z.array(publicUserSchema);
