import { z } from 'zod';

export const PLACE_LIMITS = { queryMax: 100, resultsMax: 8 } as const;

/** GET /api/places?q=: the start of a place's name, as typed. */
export const placeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search is required' })
    .trim()
    .min(1, 'Search is required')
    .max(PLACE_LIMITS.queryMax, `Search must be at most ${PLACE_LIMITS.queryMax} characters`),
});

/** A city of the bundled world list (GeoNames, population 1 000 or more), as the place picker offers it. */
const placeSchema = z.object({
  name: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2 code; the browser names it in the reader’s language'),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeListSchema = z.array(placeSchema);
