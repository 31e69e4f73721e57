/**
 * The events' constants, apart from their zod schemas (events.ts) so that a screen that only needs a number
 * does not load zod with it (the first-load budgets, e2e/bundle-size.spec.ts).
 */
export const EVENT_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 300,
  maxAttendeesMax: 100_000,
  imagesMax: 10,
  imageBytesMax: 5 * 1024 * 1024,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  durationMinutesMin: 15,
  durationMinutesMax: 1440,
  durationMinutesDefault: 180,
  cancelReasonMax: 500,
  radiusKmMin: 1,
  radiusKmMax: 500,
  radiusKmDefault: 50,
} as const;
