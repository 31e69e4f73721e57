import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { rsvpStatusSchema } from './rsvps';
import { publicUserSchema } from './users';

/**
 * The calls an organizer runs an event with, and a volunteer's waitlist and verified hours. Organizer-only calls
 * answer 403 to anyone else, never another person's data.
 */

export const ANNOUNCEMENT_MAX_LENGTH = 5000;
/** Attendance can be recorded from the start until this long after it. */
export const ATTENDANCE_WINDOW_DAYS = 30;

/** GET /api/events/{id}/attendees: no e-mail addresses. */
const attendeeSchema = z.object({
  user: publicUserSchema,
  status: rsvpStatusSchema,
  createdAt: isoDateTimeSchema.describe('When the RSVP was made'),
  attended: z.boolean().nullable().describe('Recorded attendance; null until the organizer records it'),
  isCoOrganizer: z
    .boolean()
    .describe("An 'organizing' RSVP the organizer approved: this person manages the event too (decisions §21)"),
  confirmedAt: isoDateTimeSchema
    .nullable()
    .describe('When the person pressed "I\'m coming" in the reminder mail (decisions §19); null until then'),
  history: z
    .object({
      attended: z.number().int().describe("The organizer's past events this person came to"),
      noShows: z.number().int().describe('…and held a place at but neither checked in nor was marked attended'),
    })
    .describe("Over the organizer's past events whose check-in has closed (decisions §19)"),
});
export type Attendee = z.infer<typeof attendeeSchema>;

const waitlistEntrySchema = z.object({
  user: publicUserSchema,
  position: z.number().int().describe('1-based'),
  createdAt: isoDateTimeSchema,
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const attendeesResponseSchema = z.object({
  attendees: z.array(attendeeSchema),
  waitlist: z.array(waitlistEntrySchema),
});
export type AttendeesResponse = z.infer<typeof attendeesResponseSchema>;

export const attendeesQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: "Format must be 'json' or 'csv'" }).optional(),
});

/** POST /api/events/{id}/announcements */
export const announcementBodySchema = z.object({
  content: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(ANNOUNCEMENT_MAX_LENGTH, `Message must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`),
});
export type AnnouncementBody = z.input<typeof announcementBodySchema>;

export const announcementResponseSchema = z.object({
  recipientCount: z.number().int().describe('RSVP holders the announcement was sent to'),
});
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;

/** POST /api/events/{id}/waitlist → 201 */
export const waitlistResponseSchema = z.object({ position: z.number().int() });
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

/** PUT /api/events/{id}/attendance → 200 with the attendees answer. */
export const attendanceBodySchema = z.object({
  entries: z
    .array(
      z.object({
        userId: z.string({ error: 'User is required' }).min(1, 'User is required').max(100, 'User is unknown'),
        attended: z.boolean({ error: 'Attended must be true or false' }),
      }),
      { error: 'Entries must be a list' },
    )
    .min(1, 'Record at least one person')
    .max(100_000, 'Too many entries'),
});
export type AttendanceBody = z.input<typeof attendanceBodySchema>;

/** GET /api/user/hours; CSV with Accept: text/csv or ?format=csv. */
const verifiedHoursEntrySchema = z.object({
  eventId: z.number().int(),
  title: z.string(),
  date: isoDateTimeSchema,
  hours: z.number(),
});
export const verifiedHoursSchema = z.object({
  verifiedHours: z.number(),
  entries: z.array(verifiedHoursEntrySchema),
});
export type VerifiedHours = z.infer<typeof verifiedHoursSchema>;

/** POST and DELETE /api/events/{id}/co-organizers/{userId}: approve a "Co-Organizing" RSVP, or decline / end it. */
export const coOrganizerParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .min(1, 'Id must be at least 1')
    .max(2_147_483_647, 'Id is too large'),
  userId: z.string().min(1, 'User is required').max(100, 'User not found'),
});
