import { z } from 'zod';

/** The three statuses; the spec's 'going' is accepted as 'attending'. */
export const RSVP_STATUSES = ['attending', 'supporting', 'organizing'] as const;
export const rsvpStatusSchema = z.enum(RSVP_STATUSES);
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

export const rsvpBodySchema = z.object({
  status: z
    .enum([...RSVP_STATUSES, 'going'], { error: 'Status must be one of attending, supporting, organizing' })
    .transform((status): RsvpStatus => (status === 'going' ? 'attending' : status)),
});

export const rsvpResponseSchema = z.object({
  status: rsvpStatusSchema,
  rsvpCount: z.number().int(),
});
export type RsvpResponse = z.infer<typeof rsvpResponseSchema>;
