import { z } from 'zod';

/**
 * The personal calendar feed. Only a hash of its token is stored, so the URL can be
 * shown once, when it is made; renewing makes a new one and kills the old.
 */
export const calendarFeedStatusSchema = z.object({
  isActive: z.boolean(),
  createdAt: z.string().nullable().describe('When the current URL was made; null without a feed'),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedSchema = z.object({
  url: z.string().describe('The feed address (https or http), to paste into a calendar app'),
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
