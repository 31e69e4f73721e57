import { z } from 'zod';
import { isoDateTimeSchema, requiredText, singleLineText } from './common';
import { publicUserSchema } from './users';

/**
 * Volunteer scheduling (decision 0027): an event's slots, each a role in a time window with its own
 * capacity. A pending place (a role that requires approval) holds its place until the organizer decides.
 */
export const SLOT_LIMITS = {
  roleMax: 80,
  descriptionMax: 500,
  capacityMax: 10_000,
  lengthHoursMax: 24,
  /** How many slots one event may have, and how many one sign-up call may take. */
  perEventMax: 200,
  perSignupMax: 20,
};

const MAX_SLOT_MILLISECONDS = SLOT_LIMITS.lengthHoursMax * 60 * 60 * 1000;

const SLOT_SIGNUP_STATUSES = ['confirmed', 'pending'] as const;
const slotSignupStatusSchema = z.enum(SLOT_SIGNUP_STATUSES);
export type SlotSignupStatus = z.infer<typeof slotSignupStatusSchema>;

export const slotSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  role: z.string(),
  description: z.string(),
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  capacity: z.number().int(),
  requiresApproval: z.boolean(),
  signupCount: z.number().int().describe('Confirmed places'),
  pendingCount: z.number().int().describe('Places held while the organizer decides'),
  waitlistCount: z.number().int(),
  userSignupStatus: z.enum([...SLOT_SIGNUP_STATUSES, 'waitlisted']).nullable(),
  hasSeriesCopies: z
    .boolean()
    .describe(
      'The slot was added to several dates of its series and a copy remains on another: `?scope=` of a change reaches them',
    ),
});
export type Slot = z.infer<typeof slotSchema>;
export const slotListSchema = z.array(slotSchema);

const timestampSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO timestamp` }));

const capacitySchema = z
  .number({ error: 'Capacity is required' })
  .int('Capacity must be a whole number')
  .min(1, 'Capacity must be at least 1')
  .max(SLOT_LIMITS.capacityMax, `Capacity must be at most ${SLOT_LIMITS.capacityMax}`);

const slotFields = {
  role: singleLineText('Role', SLOT_LIMITS.roleMax),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(SLOT_LIMITS.descriptionMax, `Description must be at most ${SLOT_LIMITS.descriptionMax} characters`),
  startsAt: timestampSchema('Start'),
  endsAt: timestampSchema('End'),
  capacity: capacitySchema,
  requiresApproval: z.boolean({ error: 'Requires approval must be true or false' }),
};

/** The window's rule, for a body that names both ends (a PATCH naming one is checked against the stored other). */
export function slotWindowProblem(startsAt: string, endsAt: string): { path: string; message: string } | null {
  const length = new Date(endsAt).getTime() - new Date(startsAt).getTime();
  if (length <= 0) return { path: 'endsAt', message: 'End must be after the start' };
  if (length > MAX_SLOT_MILLISECONDS)
    return { path: 'endsAt', message: `A slot lasts at most ${SLOT_LIMITS.lengthHoursMax} hours` };
  return null;
}

/** POST /api/events/{id}/slots */
export const createSlotBodySchema = z
  .object({
    ...slotFields,
    description: slotFields.description.optional(),
    requiresApproval: slotFields.requiresApproval.optional(),
  })
  .superRefine((body, context) => {
    const problem = slotWindowProblem(body.startsAt, body.endsAt);
    if (problem) context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type CreateSlotBody = z.input<typeof createSlotBodySchema>;

/** PATCH /api/slots/{id}: any create field. */
export const updateSlotBodySchema = z
  .object(slotFields)
  .partial()
  .superRefine((body, context) => {
    if (body.startsAt === undefined || body.endsAt === undefined) return;
    const problem = slotWindowProblem(body.startsAt, body.endsAt);
    if (problem) context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type UpdateSlotBody = z.input<typeof updateSlotBodySchema>;

/** POST /api/slots/{id}/signup → 201 */
export const slotSignupResponseSchema = z.object({ status: slotSignupStatusSchema });

/** POST /api/events/{id}/slot-signups: several slots of one event in one go, all or none. */
export const slotSignupsBodySchema = z.object({
  slotIds: z
    .array(
      z
        .number({ error: 'Each slot must be a number' })
        .int('Each slot must be a whole number')
        .min(1, 'Each slot must be at least 1')
        .max(2_147_483_647, 'Slot is too large'),
      { error: 'Slots must be a list of ids' },
    )
    .min(1, 'Choose at least one slot')
    .max(SLOT_LIMITS.perSignupMax, `At most ${SLOT_LIMITS.perSignupMax} slots at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each slot may be named once'),
});
export const slotSignupsResponseSchema = z.array(
  z.object({ slotId: z.number().int(), status: slotSignupStatusSchema }),
);

export const slotSignupParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .min(1, 'Id must be at least 1')
    .max(2_147_483_647, 'Id is too large'),
  userId: requiredText('User', 100),
});

/** GET /api/events/{id}/slot-signups (organizer): each slot's people, JSON or CSV. */
const slotPersonSchema = z.object({
  user: publicUserSchema,
  status: slotSignupStatusSchema,
  createdAt: isoDateTimeSchema,
  attended: z.boolean().nullable(),
});
const slotWaitingSchema = z.object({
  user: publicUserSchema,
  position: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export const slotRosterSchema = z.array(
  z.object({ slotId: z.number().int(), signups: z.array(slotPersonSchema), waitlist: z.array(slotWaitingSchema) }),
);
export type SlotRoster = z.infer<typeof slotRosterSchema>;
export const slotRosterQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: "Format must be 'json' or 'csv'" }).optional(),
});

/** GET /api/my-slots: the caller's places and queues in slots not yet ended, soonest first. */
const mySlotSchema = slotSchema.extend({
  event: z.object({ id: z.number().int(), title: z.string() }),
});
export const mySlotListSchema = z.array(mySlotSchema);
export type MySlot = z.infer<typeof mySlotSchema>;
