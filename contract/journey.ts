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
  totalHours: z.number(),
  totalEvents: z.number().int(),
  averageRating: z.number(),
  experience: z.number().int(),
  // Profile and Journey count events the same way: the two parts of totalEvents, which
  // Profile shows as Events Organized and Events Joined and the Journey as Events Attended (joined).
  eventsOrganized: z.number().int(),
  eventsJoined: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The Volunteer Journey's figures. */
export const HOURS_PER_ORGANIZED_EVENT = 4;
export const HOURS_PER_JOINED_EVENT = 3;
export const XP_PER_EVENT = 10;
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
