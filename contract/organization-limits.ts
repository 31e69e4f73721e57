/**
 * The organizations' constants, apart from their zod schemas (organizations.ts) so that a screen that only
 * needs a number does not load zod with it (the Groups route's budget, e2e/bundle-size.spec.ts).
 */
export const ORGANIZATION_LIMITS = {
  nameMax: 100,
  descriptionMax: 5000,
  websiteMax: 2000,
  slugMin: 3,
  slugMax: 40,
  upcomingEventsShown: 12,
  /** How long an e-mailed invitation link stays usable. */
  invitationValidDays: 14,
  /** How many organizations the Groups screen's "Discover" lists at once. */
  discoverShown: 24,
  searchMax: 100,
  /** A logo is stored as a square this many pixels wide: twice the largest frame that shows it (64 CSS px). */
  logoPixels: 256,
  /** The upload before re-encoding: an event photo's limit (EVENT_LIMITS.imageBytesMax), held equal by a test. */
  logoBytesMax: 5 * 1024 * 1024,
} as const;

/** A slug: lowercase letters, digits and inner hyphens, ORGANIZATION_LIMITS.slugMin–slugMax long. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
