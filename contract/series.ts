import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { createEventBodySchema } from './events';

/**
 * Series of events (decisions §18, decision 0032): `POST /api/events` with a `recurrence` makes every
 * occurrence as an event of its own sharing `seriesId`.
 */
export const SERIES_LIMITS = {
  intervalMax: 12,
  countMin: 2,
  /** A year of weekly events; also the cap on occurrences made from `until` (decision 0032). */
  occurrencesMax: 52,
  untilDaysMax: 366,
} as const;

const SERIES_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
const seriesFrequencySchema = z.enum(SERIES_FREQUENCIES, {
  error: "Frequency must be 'daily', 'weekly' or 'monthly'",
});

function isTimeZoneName(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** How an event repeats: every `interval` days, weeks or months, `count` times or until a date. */
const recurrenceSchema = z
  .object({
    frequency: seriesFrequencySchema,
    interval: z
      .number({ error: 'Interval must be a number' })
      .int('Interval must be a whole number')
      .min(1, 'Interval must be at least 1')
      .max(SERIES_LIMITS.intervalMax, `Interval must be at most ${SERIES_LIMITS.intervalMax}`)
      .optional(),
    count: z
      .number({ error: 'Count must be a number' })
      .int('Count must be a whole number')
      .min(SERIES_LIMITS.countMin, `A series has at least ${SERIES_LIMITS.countMin} dates`)
      .max(SERIES_LIMITS.occurrencesMax, `A series has at most ${SERIES_LIMITS.occurrencesMax} dates`)
      .optional(),
    until: z
      .string({ error: 'Until must be an ISO timestamp' })
      .pipe(z.iso.datetime({ offset: true, error: 'Until must be an ISO timestamp' }))
      .optional(),
    /** The IANA zone whose wall clock the dates repeat on (the organizer's); the server's when absent. */
    timeZone: z
      .string({ error: 'Time zone must be text' })
      .max(64, 'Time zone is not known')
      .refine(isTimeZoneName, 'Time zone is not known')
      .optional(),
  })
  .superRefine((value, context) => {
    if ((value.count === undefined) === (value.until === undefined))
      context.addIssue({ code: 'custom', path: ['count'], message: 'Give either a count or an end date' });
  });
export type Recurrence = z.output<typeof recurrenceSchema>;

/**
 * POST /api/events: the create body with an optional `recurrence`, which makes a series. Apart from
 * contract/events.ts so that the event screens' first load does not carry the series' rules.
 */
export const createEventOrSeriesBodySchema = createEventBodySchema.extend({
  recurrence: recurrenceSchema.optional(),
});
export type CreateEventOrSeriesBody = z.input<typeof createEventOrSeriesBodySchema>;

/** `?scope=` of PATCH /api/events/{id} and POST /api/events/{id}/cancel: which occurrences change. */
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
const seriesScopeSchema = z.enum(SERIES_SCOPES, { error: "Scope must be 'this', 'following' or 'all'" });
export type SeriesScope = z.infer<typeof seriesScopeSchema>;
export const seriesScopeQuerySchema = z.object({ scope: seriesScopeSchema.optional() });

/** One date of a series, as the event page lists the others. */
const seriesOccurrenceSchema = z.object({
  id: z.number().int(),
  date: isoDateTimeSchema,
  durationMinutes: z.number().int(),
  status: z.enum(['scheduled', 'cancelled']),
  seriesPosition: z.number().int(),
});

/** GET /api/series/{id}: its occurrences in date order. */
export const seriesSchema = z.object({
  id: z.number().int(),
  frequency: seriesFrequencySchema,
  interval: z.number().int(),
  occurrences: z.array(seriesOccurrenceSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/**
 * GET /api/events/{id}/audience and GET /api/slots/{id}/audience with `?scope=` (organizer only): the
 * people a cancellation or a slot's change would tell, each counted once however many of the dates they
 * hold (a holder who also waits on another date counts as a holder), and on how many dates.
 */
export const changeAudienceSchema = z.object({
  holderCount: z.number().int(),
  waitlistCount: z.number().int(),
  dateCount: z.number().int(),
});
export type ChangeAudience = z.infer<typeof changeAudienceSchema>;
