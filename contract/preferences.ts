import { z } from 'zod';
import { LINE_BREAKING_CHARACTERS } from './common';

export const PREFERENCE_LIMITS = {
  placeMaxLength: 100,
  /** "A few" categories: more would match nearly every event and put nothing first. */
  categoriesMax: 5,
  /** How many matching events Home shows above the full list. */
  matchingEventsMax: 6,
} as const;

/** GET /api/preferences: what the person answered on the first run, and what Home has shown them once. */
export const preferencesSchema = z.object({
  place: z.string().nullable().describe('A town, district or postcode, matched against events’ locations'),
  categoryIds: z.array(z.number().int()),
  hasFinishedOnboarding: z.boolean().describe('The first-run questions were answered or skipped'),
  hasDismissedTips: z.boolean().describe('The explanation of RSVPs and verified hours was dismissed'),
});
export type Preferences = z.infer<typeof preferencesSchema>;

const placeSchema = z
  .string({ error: 'Place must be text' })
  .trim()
  .max(PREFERENCE_LIMITS.placeMaxLength, `Place must be at most ${PREFERENCE_LIMITS.placeMaxLength} characters`)
  .refine((value) => !LINE_BREAKING_CHARACTERS.test(value), 'Place must be one line, without control characters')
  // A blank place is no place: nothing to match.
  .transform((value) => (value === '' ? null : value));

/** PUT /api/preferences: the answers; saving them also ends the first-run questions. */
export const savePreferencesBodySchema = z.object({
  place: placeSchema.nullable(),
  categoryIds: z
    .array(
      z
        .number({ error: 'Category must be a number' })
        .int('Category must be a whole number')
        .min(1, 'Category must be at least 1')
        .max(2_147_483_647, 'Category is too large'),
      { error: 'Categories must be a list' },
    )
    .max(PREFERENCE_LIMITS.categoriesMax, `Choose at most ${PREFERENCE_LIMITS.categoriesMax} categories`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each category may be chosen once'),
});
export type SavePreferencesBody = z.infer<typeof savePreferencesBodySchema>;
