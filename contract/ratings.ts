import { z } from 'zod';
import { hiddenNoticeSchema, isoDateTimeSchema } from './common';

export const RATING_COMMENT_MAX = 2000;

export const createRatingBodySchema = z.object({
  eventId: z
    .number({ error: 'Event is required' })
    .int('Event must be a whole number')
    .min(1, 'Event is required')
    .max(2_147_483_647, 'Event not found'),
  rating: z
    .number({ error: 'Rating Required - Please select a star rating before submitting.' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating Required - Please select a star rating before submitting.')
    .max(5, 'Rating must be at most 5'),
  comment: z
    .string({ error: 'Comment must be text' })
    .max(RATING_COMMENT_MAX, `Comment must be at most ${RATING_COMMENT_MAX} characters`)
    .nullable()
    .optional(),
});
export type CreateRatingBody = z.input<typeof createRatingBodySchema>;

export const ratingSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  userId: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  user: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  hiddenNotice: hiddenNoticeSchema
    .nullable()
    .describe('Set only for its author when a moderator hid the review: when and why (decisions §20)'),
});
export type Rating = z.infer<typeof ratingSchema>;
