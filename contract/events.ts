import { z } from 'zod';
import { hiddenNoticeSchema, isoDateTimeSchema, requiredText, singleLineText } from './common';
import { findImageUrlProblem, IMAGE_URL_MESSAGES } from './image-url';
import { EVENT_LIMITS } from './event-limits';
import { rsvpStatusSchema } from './rsvps';

/** Degrees of a place on the globe; the two come together or not at all (decisions §21). */
const latitudeSchema = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
const longitudeSchema = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

export const COORDINATES_TOGETHER = 'Latitude and longitude come together, or neither';

/** An event is scheduled until its organizer cancels it. */
const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
const eventStatusSchema = z.enum(EVENT_STATUSES);

/** How long the event lasts; verified hours count it. */
const durationMinutesSchema = z
  .number({ error: 'Duration must be a number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(EVENT_LIMITS.durationMinutesMin, `Duration must be at least ${EVENT_LIMITS.durationMinutesMin} minutes`)
  .max(EVENT_LIMITS.durationMinutesMax, `Duration must be at most ${EVENT_LIMITS.durationMinutesMax} minutes`);

export const IMAGE_DATA_URL_PATTERN = /^data:image\/(png|jpeg|jpg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** A stored event photo's URL as event answers give it (`images`). */
export const EVENT_PHOTO_URL_PATTERN = /^\/api\/images\/[A-Za-z0-9_-]{1,100}$/;

/**
 * Only a public https image address (contract/image-url.ts); the server also refuses its own origin, which only it
 * knows.
 */
const imageUrlSchema = z
  .string({ error: IMAGE_URL_MESSAGES.notUrl })
  .trim()
  .max(2000, 'Image URL must be at most 2000 characters')
  .superRefine((value, context) => {
    const problem = findImageUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The body that creates an event, with the bounds of each field. */
export const createEventBodySchema = z.object({
  title: singleLineText('Title', EVENT_LIMITS.titleMax),
  description: requiredText('Description', EVENT_LIMITS.descriptionMax),
  location: singleLineText('Location', EVENT_LIMITS.locationMax),
  /** The place picker's choice (GET /api/places); null or absent for a location typed freely. */
  latitude: latitudeSchema.nullable().optional(),
  longitude: longitudeSchema.nullable().optional(),
  date: z
    .string({ error: 'Date is required' })
    .min(1, 'Date is required')
    .pipe(z.iso.datetime({ offset: true, error: 'Date must be an ISO timestamp' })),
  categoryId: z
    .number({ error: 'Category is required' })
    .int('Category is required')
    .min(1, 'Category is required')
    .max(2_147_483_647, 'Category is required'),
  maxAttendees: z
    .number({ error: 'Maximum attendees must be a number' })
    .int('Maximum attendees must be a whole number')
    .min(1, 'Maximum attendees must be at least 1')
    .max(EVENT_LIMITS.maxAttendeesMax, `Maximum attendees must be at most ${EVENT_LIMITS.maxAttendeesMax}`)
    .nullable()
    .optional(),
  imageUrl: imageUrlSchema.nullable().optional(),
  /**
   * New photos as data URLs, or stored photos of an event the caller organizes (`/api/images/…`, as event
   * answers give them), which are copied: duplicating an event copies its photos on the server.
   */
  images: z
    .array(
      z
        .string({ error: 'Each photo must be a data URL' })
        .refine((value) => IMAGE_DATA_URL_PATTERN.test(value) || EVENT_PHOTO_URL_PATTERN.test(value), {
          message: 'Each photo must be a PNG, JPEG, WebP or GIF data URL, or one of your events’ photo URLs',
        }),
      {
        error: 'Photos must be a list of data URLs',
      },
    )
    .max(EVENT_LIMITS.imagesMax, `At most ${EVENT_LIMITS.imagesMax} photos`)
    .optional(),
  durationMinutes: durationMinutesSchema.optional(),
  /** The developer test panel's event: in no shared list, only in its organizer's My Events. */
  isTest: z.boolean({ error: 'isTest must be true or false' }).optional(),
  /** Held under this organization (the caller must be its owner, admin or organizer); null or absent: one's own. */
  organizationId: z
    .number({ error: 'Organization must be a number' })
    .int('Organization must be a whole number')
    .min(1, 'Organization must be at least 1')
    .max(2_147_483_647, 'Organization is too large')
    .nullable()
    .optional(),
});

/**
 * PATCH /api/events/{id}: any create field, same rules. `images` is then the event's
 * whole photo list in display order: each entry either one of this event's photo URLs as read
 * (`/api/images/…`, kept) or a new data URL (added); a photo of the event left out is removed.
 */
export const updateEventBodySchema = createEventBodySchema
  .omit({ images: true, organizationId: true })
  .partial()
  .extend({
    images: z
      .array(
        z
          .string({ error: "Each photo must be a data URL or one of the event's photo URLs" })
          .refine((value) => IMAGE_DATA_URL_PATTERN.test(value) || EVENT_PHOTO_URL_PATTERN.test(value), {
            message: "Each photo must be a PNG, JPEG, WebP or GIF data URL, or one of the event's photo URLs",
          }),
        { error: 'Photos must be a list' },
      )
      .max(EVENT_LIMITS.imagesMax, `At most ${EVENT_LIMITS.imagesMax} photos`)
      .optional(),
  });
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

/** POST /api/events/{id}/cancel. */
export const cancelEventBodySchema = z.object({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(EVENT_LIMITS.cancelReasonMax, `Reason must be at most ${EVENT_LIMITS.cancelReasonMax} characters`)
    .optional(),
});
export type CancelEventBody = z.input<typeof cancelEventBodySchema>;

const eventCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
});

const eventOrganizerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  // No answer carries another user's e-mail, and an event answer is shared between viewers.
  email: z.string().nullable().describe('Always null'),
  profileImageUrl: z.string().nullable(),
});

/** The organization an event is held under (decisions §20). */
export const eventOrganizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
});

/** An event as read, plus images, organizerId and createdAt. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Kilometres from `near`, to a tenth, in a list asked with it; null otherwise. */
  distanceKm: z.number().nullable(),
  date: isoDateTimeSchema,
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  categoryId: z.number().int(),
  category: eventCategorySchema,
  organizerId: z.string(),
  organizer: eventOrganizerSchema,
  organization: eventOrganizationSchema.nullable(),
  rsvpCount: z.number().int(),
  maxAttendees: z.number().int().nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  userRsvpStatus: rsvpStatusSchema.nullable(),
  /**
   * Whether the caller may manage it (decisions §20): its organizer, or an owner, admin or organizer of
   * the organization it is held under; the server's canManageEvent asks the same. False for guests.
   */
  canManage: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  // Cancellation and the waitlist.
  status: eventStatusSchema,
  cancelReason: z.string().nullable(),
  durationMinutes: z.number().int(),
  waitlistCount: z.number().int(),
  userWaitlistPosition: z.number().int().nullable().describe("The caller's 1-based place on the waitlist, or null"),
  // Volunteer scheduling (contract/slots.ts).
  slotCount: z.number().int(),
  openSlotPlaces: z.number().int().describe('Places of its slots neither confirmed nor pending'),
  hiddenNotice: hiddenNoticeSchema
    .nullable()
    .describe('Set only for its organizer when a moderator hid the event: when and why (decisions §20)'),
  // All places of its slots, for "3 of 12 places open" (decision 0032); undescribed to keep first loads small.
  slotPlaces: z.number().int(),
  // Series (contract/series.ts): null for a single event.
  seriesId: z.number().int().nullable(),
  // 1-based place among the series' dates; undescribed to keep first loads small.
  seriesPosition: z.number().int().nullable(),
});
export type Event = z.infer<typeof eventSchema>;

const NEAR_PATTERN = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;
const NEAR_MESSAGE = 'Near must be latitude,longitude on the globe (-90..90, -180..180)';

/** `near`'s point, or null when it is not `{latitude},{longitude}` on the globe. */
export function parseNear(value: string): { latitude: number; longitude: number } | null {
  const match = NEAR_PATTERN.exec(value);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

export const eventListQuerySchema = z.object({
  category: z.coerce
    .number({ error: 'Category must be a number' })
    .int('Category must be a whole number')
    .min(1, 'Category must be at least 1')
    .max(2_147_483_647, 'Category is too large')
    .optional(),
  search: z.string().max(200, 'Search must be at most 200 characters').optional(),
  location: z.string().max(300, 'Location must be at most 300 characters').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(EVENT_LIMITS.pageSizeMax, `Limit must be at most ${EVENT_LIMITS.pageSizeMax}`)
    .optional(),
  cursor: z.string().max(200, 'Cursor is damaged').optional(),
  include: z.enum(['past'], { error: "Include must be 'past'" }).optional(),
  /** Only events of the organizations the caller follows (decisions §20); a guest follows none. */
  organizations: z.enum(['followed'], { error: "Organizations must be 'followed'" }).optional(),
  /** Only events held under this organization (Advanced Filters, decisions §21). */
  organizationId: z.coerce
    .number({ error: 'Organization must be a number' })
    .int('Organization must be a whole number')
    .min(1, 'Organization must be at least 1')
    .max(2_147_483_647, 'Organization is too large')
    .optional(),
  /** Events starting at or after this moment (the start of the chosen first day, in the reader's time zone). */
  from: z.iso.datetime({ offset: true, error: 'From must be an ISO timestamp' }).optional(),
  /** Events starting before this moment (the end of the chosen last day). */
  to: z.iso.datetime({ offset: true, error: 'To must be an ISO timestamp' }).optional(),
  /** Only events one can still join: places left, or open places in a slot. */
  placesLeft: z.enum(['true'], { error: "Places left must be 'true'" }).optional(),
  /**
   * `{latitude},{longitude}`: only the events with coordinates within `radiusKm`, nearest first, each with
   * its `distanceKm` (decisions §21).
   */
  near: z
    .string()
    .max(60, NEAR_MESSAGE)
    .refine((value) => parseNear(value) !== null, NEAR_MESSAGE)
    .optional(),
  radiusKm: z.coerce
    .number({ error: 'Radius must be a number of kilometres' })
    .min(EVENT_LIMITS.radiusKmMin, `Radius must be at least ${EVENT_LIMITS.radiusKmMin} km`)
    .max(EVENT_LIMITS.radiusKmMax, `Radius must be at most ${EVENT_LIMITS.radiusKmMax} km`)
    .optional()
    .describe(`Kilometres around near (default ${EVENT_LIMITS.radiusKmDefault}); only with near`),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/**
 * GET /api/my-rsvps: the events the caller holds an RSVP for, paged like GET /api/events (`limit`,
 * `cursor` from the Link header). The events not yet started come first, soonest first; with
 * `include=past` the past ones follow, newest first. Cancelled events stay listed, so their people find
 * the reason.
 */
export const myRsvpListQuerySchema = eventListQuerySchema.pick({ limit: true, cursor: true, include: true });
export type MyRsvpListQuery = z.infer<typeof myRsvpListQuerySchema>;

/** A page of GET /api/my-rsvps: the next page's address is in the Link header, as for GET /api/events. */
export const myRsvpListSchema = z.array(eventSchema);
