import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/** Every kind of notification. event_reminder is written by the reminder job. */
const NOTIFICATION_TYPES = [
  'rsvp_received',
  'waitlist_promoted',
  'event_changed',
  'event_cancelled',
  'event_reminder',
  'announcement',
  'message_received',
  'achievement_unlocked',
  // A new event of an organization the person follows (decisions §20); its actorName is the organization's.
  'organization_event',
  'friend_request',
  'friend_accepted',
] as const;
const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
const NOTIFICATION_PAGE_SIZE_MAX = 100;
/** How many ids one "mark read" call may name; more is a 400, not a slow query. */
const NOTIFICATION_READ_IDS_MAX = 500;

/**
 * The names a notification tells of, as they were when it was written: the event's title and the
 * person's name survive the event's deletion or the account's, and the achievement is named at all.
 * Rows written before these names were kept have none, and show the generic text.
 */
const notificationDataSchema = z.object({
  eventTitle: z.string().optional(),
  actorName: z.string().optional(),
  achievementName: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  createdAt: isoDateTimeSchema,
  readAt: isoDateTimeSchema.nullable(),
  event: z.object({ id: z.number().int(), title: z.string() }).optional(),
  actor: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).optional(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Notifications of the same kind about the same thing (the same event, the same sender, the same
 * achievement) as one entry: the newest of them, how many there are and their ids (to mark them read).
 * Unread while any of them is.
 */
export const notificationGroupSchema = notificationSchema.extend({
  count: z.number().int().min(1),
  ids: z.array(z.number().int()),
});
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(NOTIFICATION_PAGE_SIZE_MAX, `Limit must be at most ${NOTIFICATION_PAGE_SIZE_MAX}`)
    .optional(),
  // The cursor is the id of the last notification of the previous page (ids only grow).
  cursor: z.coerce
    .number({ error: 'Cursor is damaged' })
    .int('Cursor is damaged')
    .min(1, 'Cursor is damaged')
    .max(2_147_483_647, 'Cursor is damaged')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** The bell's list: the newest notifications, `limit` of them, gathered into groups (see notificationGroupSchema). */
export const notificationGroupsQuerySchema = z.object({
  limit: notificationListQuerySchema.shape.limit,
});
export type NotificationGroupsQuery = z.infer<typeof notificationGroupsQuerySchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

/** No ids: every notification of the caller is marked read. Ids of others' notifications change nothing. */
export const markNotificationsReadBodySchema = z
  .object({
    ids: z
      .array(
        z
          .number({ error: 'Each id must be a number' })
          .int('Each id must be a whole number')
          .min(1, 'Each id must be at least 1')
          .max(2_147_483_647, 'Id is too large'),
        {
          error: 'Ids must be a list of numbers',
        },
      )
      .max(NOTIFICATION_READ_IDS_MAX, `At most ${NOTIFICATION_READ_IDS_MAX} ids at once`)
      .optional(),
  })
  .strict();

/**
 * The Server-Sent Events of GET /api/stream: signals only, the client then reads again what the signal
 * names. `notification`: the caller's notifications; `message`: a conversation (`data.with` the other
 * person, absent when unknown); `event`: an event's seats or attendees changed (`data.eventId`).
 */
export const STREAM_EVENT_TYPES = ['notification', 'message', 'event'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** What a stream event's `data` names; `{}` asks for everything of its kind to be read again. */
export type StreamEventData = { eventId?: number; with?: string };
