import { z } from 'zod';
import { isoDateTimeSchema, requiredText } from './common';
import { rsvpStatusSchema } from './rsvps';

export const EVENT_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 300,
  maxAttendeesMax: 100_000,
  imagesMax: 10,
  imageBytesMax: 5 * 1024 * 1024,
  pageSizeDefault: 50,
  pageSizeMax: 100,
} as const;

export const IMAGE_DATA_URL_PATTERN = /^data:image\/(png|jpeg|jpg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

const httpUrlSchema = z
  .string({ error: 'Image URL must be a URL' })
  .trim()
  .max(2000, 'Image URL must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Image URL must be an http(s) URL');

/** spec §3 create payload with the bounds of decisions §3. */
export const createEventBodySchema = z.object({
  title: requiredText('Title', EVENT_LIMITS.titleMax),
  description: requiredText('Description', EVENT_LIMITS.descriptionMax),
  location: requiredText('Location', EVENT_LIMITS.locationMax),
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
  imageUrl: httpUrlSchema.nullable().optional(),
  images: z
    .array(z.string({ error: 'Each photo must be a data URL' }).regex(IMAGE_DATA_URL_PATTERN, 'Each photo must be a PNG, JPEG, WebP or GIF data URL'), {
      error: 'Photos must be a list of data URLs',
    })
    .max(EVENT_LIMITS.imagesMax, `At most ${EVENT_LIMITS.imagesMax} photos`)
    .optional(),
});
export type CreateEventBody = z.input<typeof createEventBodySchema>;

export const eventCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
});

export const eventOrganizerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

/** spec §3 event as read, plus images, organizerId and createdAt (decisions §3). */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  date: isoDateTimeSchema,
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  categoryId: z.number().int(),
  category: eventCategorySchema,
  organizerId: z.string(),
  organizer: eventOrganizerSchema,
  rsvpCount: z.number().int(),
  maxAttendees: z.number().int().nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  userRsvpStatus: rsvpStatusSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Event = z.infer<typeof eventSchema>;

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
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
