import { z } from 'zod';
import { isoDateTimeSchema } from './common';

const ACHIEVEMENT_CATEGORIES = ['hours', 'events', 'categories', 'special', 'other'] as const;
const ACHIEVEMENT_COLORS = [
  'green',
  'blue',
  'gold',
  'purple',
  'orange',
  'red',
  'pink',
  'indigo',
  'teal',
  'multicolor',
  'rainbow',
] as const;

export const achievementSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  requirement: z.number().int(),
  points: z.number().int(),
  icon: z.string(),
  color: z.enum(ACHIEVEMENT_COLORS),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Achievement = z.infer<typeof achievementSchema>;

export const userAchievementSchema = z.object({
  id: z.number().int(),
  achievementId: z.number().int(),
  achievement: achievementSchema,
  progress: z.number().int(),
  unlockedAt: isoDateTimeSchema.nullable(),
});
export type UserAchievement = z.infer<typeof userAchievementSchema>;

export const userStatsSchema = z.object({
  totalHours: z
    .number()
    .describe(
      "Planned hours: spec §9's estimate (4 per organized and 3 per joined event). Shown only labelled as planned; no achievement or level counts it",
    ),
  verifiedHours: z
    .number()
    .describe(
      'Hours organizers confirmed, as GET /api/user/hours counts them: the headline Hours, and what hour achievements and levels count',
    ),
  totalEvents: z.number().int(),
  averageRating: z.number(),
  experience: z.number().int(),
  // Profile and Journey count events the same way: the two parts of totalEvents, which
  // Profile shows as Events Organized and Events Joined and the Journey as Events Attended (joined).
  eventsOrganized: z.number().int(),
  eventsJoined: z.number().int(),
  // The counts My Events, Profile and the Journey show, so no screen counts a list (which is paged).
  upcomingCount: z
    .number()
    .int()
    .describe(
      'Events not yet started (date after now) and not cancelled that the caller organizes or holds an RSVP for, each counted once',
    ),
  attendedCount: z
    .number()
    .int()
    .describe(
      "RSVPs the caller holds, any status, past and upcoming, cancelled events included: every event of GET /api/my-rsvps?include=past (the same figure as eventsJoined, spec §9's 'events joined')",
    ),
  organizedCount: z
    .number()
    .int()
    .describe(
      'Events the caller organizes, any status, past and upcoming: every event of GET /api/my-events (the same figure as eventsOrganized)',
    ),
  attendanceRecord: z
    .object({ attended: z.number().int(), noShows: z.number().int() })
    .describe(
      "Places the caller held at others' events whose check-in has closed: came (checked in or marked attended) or not (decisions §19)",
    ),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The Volunteer Journey's figures. */
/** GET /api/user/hours-by-month: months are calendar months in this zone (the browser's own). */
export const hoursByMonthQuerySchema = z.object({
  timeZone: z.string().min(1).max(64).optional().describe('An IANA time zone such as Europe/Berlin; UTC when left out'),
});

/** The last 12 calendar months, oldest first, this month last. */
export const hoursByMonthSchema = z.array(
  z.object({
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .describe('YYYY-MM'),
    hours: z.number().describe('Verified hours begun in the month, to a tenth of an hour'),
  }),
);

/** Planned hours: spec §9's estimate per organized and per joined event (shown only labelled as planned). */
const HOURS_PER_ORGANIZED_EVENT = 4;
const HOURS_PER_JOINED_EVENT = 3;
/** Levels count verified hours (decisions.md §21), besides the points of unlocked achievements. */
export const XP_PER_VERIFIED_HOUR = 10;
export const XP_PER_LEVEL = 100;

export function levelForExperience(experience: number): number {
  return Math.floor(experience / XP_PER_LEVEL) + 1;
}

export function experienceTowardNextLevel(experience: number): number {
  return experience % XP_PER_LEVEL;
}

export function volunteerHours(organized: number, joined: number): number {
  return HOURS_PER_ORGANIZED_EVENT * organized + HOURS_PER_JOINED_EVENT * joined;
}
