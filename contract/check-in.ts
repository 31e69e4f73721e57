import { z } from 'zod';
import { idParamsSchema, isoDateTimeSchema } from './common';
import { emailSchema, personNameSchema } from './users';

/**
 * The day of the event: each RSVP holder's ticket (a check-in code shown as a QR code) and the organizer's
 * door, where codes are checked in and out. Organizer-only calls answer 403 to anyone else.
 */

/** Check-in opens this long before the start… */
export const CHECK_IN_OPENS_BEFORE_START_MINUTES = 120;
/** …and closes this long after the end. */
export const CHECK_IN_CLOSES_AFTER_END_MINUTES = 12 * 60;

/** A ticket code: 32 lower-case hex digits (a random UUID without its dashes). */
const TICKET_CODE_PATTERN = /^[0-9a-f]{32}$/;

const ticketCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Code is required')
  .max(200, 'Code is not a check-in code')
  .regex(TICKET_CODE_PATTERN, 'Code is not a check-in code');

/** GET /api/events/{id}/ticket (the holder only) */
export const ticketSchema = z.object({
  code: z.string().describe('The check-in code the QR code holds: random, it says nothing about its holder'),
  eventId: z.number().int(),
  userId: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** POST /api/events/{id}/check-ins and /check-outs */
export const checkInBodySchema = z.object({
  code: ticketCodeSchema,
  at: z.iso
    .datetime({ offset: true, error: 'At must be an ISO 8601 date and time' })
    .optional()
    .describe(
      'When the scan was made, for a door that was offline and sends its scans later; the server keeps it within the check-in window, never after now and, for a check-out, never before the check-in. Default: now',
    ),
});

/** DELETE /api/events/{id}/check-ins/{code} */
export const checkInParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .min(1, 'Id must be at least 1')
    .max(2_147_483_647, 'Id is too large'),
  code: ticketCodeSchema,
});

const checkedInPersonSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const checkInResponseSchema = z.object({
  user: checkedInPersonSchema,
  checkedInAt: isoDateTimeSchema,
  alreadyCheckedIn: z.boolean().describe('True when this code was checked in before: nothing changed'),
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

export const checkOutResponseSchema = z.object({
  user: checkedInPersonSchema,
  checkedInAt: isoDateTimeSchema,
  checkedOutAt: isoDateTimeSchema,
});
export type CheckOutResponse = z.infer<typeof checkOutResponseSchema>;

/** GET /api/events/{id}/check-ins (organizer): the door's list, with every holder's code. */
const doorEntrySchema = z.object({
  user: checkedInPersonSchema.extend({ profileImageUrl: z.string().nullable() }),
  code: z.string(),
  checkedInAt: isoDateTimeSchema.nullable(),
  checkedOutAt: isoDateTimeSchema.nullable(),
  isWalkIn: z.boolean().describe('Added at the door, beyond the places'),
  checkInDevice: z
    .string()
    .nullable()
    .describe('The kiosk whose code the holder scanned to check themself in; null when the door checked them in'),
});
export type DoorEntry = z.infer<typeof doorEntrySchema>;

/** A walk-in: on the door's list by the names the organizer typed, their hours waiting for the address's claim. */
const doorGuestSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  checkedInAt: isoDateTimeSchema,
  checkedOutAt: isoDateTimeSchema.nullable(),
});
export type DoorGuest = z.infer<typeof doorGuestSchema>;

/** POST /api/events/{id}/walk-ins/{guestId}/check-out and DELETE /api/events/{id}/walk-ins/{guestId} */
export const walkInGuestParamsSchema = idParamsSchema.extend({ guestId: idParamsSchema.shape.id });

/** A guest's check-out: verified hours, once the address claims them, are check-out minus check-in. */
export const walkInGuestCheckOutSchema = doorGuestSchema.extend({ checkedOutAt: isoDateTimeSchema });
export type WalkInGuestCheckOut = z.infer<typeof walkInGuestCheckOutSchema>;

export const doorSchema = z.object({
  eventId: z.number().int(),
  title: z.string(),
  date: isoDateTimeSchema,
  durationMinutes: z.number().int(),
  opensAt: isoDateTimeSchema.describe('Check-in opens: 2 hours before the start'),
  closesAt: isoDateTimeSchema.describe('Check-in closes: 12 hours after the end'),
  people: z.array(doorEntrySchema),
  guests: z.array(doorGuestSchema).describe('Walk-ins whose hours are not claimed yet'),
  walkIns: z.number().int(),
});
export type Door = z.infer<typeof doorSchema>;

/**
 * POST /api/events/{id}/walk-ins (organizer): someone at the door with no place, added as a guest and checked
 * in at once. The answer is the same whatever the address (decisions §22): it never says whether it has an account.
 */
export const walkInBodySchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: emailSchema,
});
export type WalkInBody = z.input<typeof walkInBodySchema>;

export const walkInResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  checkedInAt: isoDateTimeSchema,
  walkIns: z.number().int().describe("The event's walk-ins so far, beyond its places"),
});
export type WalkInResponse = z.infer<typeof walkInResponseSchema>;

/**
 * The kiosk shows a new self check-in code this often (decisions §19, §22: a photo of it is worth little for
 * long). The code before it is still taken for as long again, so a person scanning at the change, or signing
 * in first, is not refused.
 */
export const SELF_CHECK_IN_CODE_SECONDS = 30;
export const SELF_CHECK_IN_GRACE_SECONDS = 30;

/** A kiosk names itself with a short id it keeps on the device; each code it shows carries it, signed. */
const KIOSK_DEVICE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** GET /api/events/{id}/check-in-code?device=: the kiosk asking for its code names itself. */
export const selfCheckInCodeQuerySchema = z.object({
  device: z.string({ error: 'Device is required' }).regex(KIOSK_DEVICE_PATTERN, 'Device is 4 to 16 letters and digits'),
});

/** GET /api/events/{id}/check-in-code (organizer): the kiosk's QR code, renewed before it runs out. */
export const selfCheckInCodeSchema = z.object({
  code: z.string(),
  url: z.string().describe('What the QR code holds: the event page, which checks in whoever opens it signed in'),
  expiresAt: isoDateTimeSchema,
});
export type SelfCheckInCode = z.infer<typeof selfCheckInCodeSchema>;

/** A rotating code: the second it was made, the kiosk that shows it and its signature. */
export const selfCheckInBodySchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .max(100, 'Code is not a check-in code')
    .regex(/^\d{1,12}\.[A-Za-z0-9]{4,16}\.[A-Za-z0-9_-]{22}$/, 'Code is not a check-in code'),
});

export const selfCheckInResponseSchema = z.object({
  checkedInAt: isoDateTimeSchema,
  alreadyCheckedIn: z.boolean(),
});
export type SelfCheckInResponse = z.infer<typeof selfCheckInResponseSchema>;
