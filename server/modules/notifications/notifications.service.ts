import type {
  Notification,
  NotificationData,
  NotificationGroup,
  NotificationGroupsQuery,
  NotificationListQuery,
  NotificationType,
  StreamEventData,
  StreamEventType,
} from '../../../contract/notifications';
import { NOTIFICATION_PAGE_SIZE_DEFAULT } from '../../../contract/notifications';
import type { Database, Executor } from '../../db/client';
import { toIso } from '../../lib/iso-time';
import * as repository from './notifications.repository';

/** The one PostgreSQL channel every server process LISTENs on (one connection per process, not per client). */
export const STREAM_CHANNEL = 'pitchin_stream';

/**
 * Sessions of `userId` ended: the one named by `sessionId`, or (`sessionId` null) every one but
 * `keepSessionId` (null: all). Ids are the stored session ids (HMACs), never the cookie's token.
 */
export type SessionsEndedSignal = {
  userId: string;
  type: 'sessions-ended';
  sessionId: string | null;
  keepSessionId: string | null;
};

export type StreamSignal = { userId: string; type: StreamEventType; data?: StreamEventData } | SessionsEndedSignal;

/**
 * Tells every server process, at commit, that `userId` has something new; `data` names what changed,
 * so that the open screens showing it, and only those, read it again. pg_notify is transactional:
 * a rolled-back write signals nothing, and a process never signals before the row is readable.
 */
async function signalUser(db: Executor, userId: string, type: StreamEventType, data?: StreamEventData): Promise<void> {
  await repository.notifyChannel(
    db,
    STREAM_CHANNEL,
    JSON.stringify((data ? { userId, type, data } : { userId, type }) satisfies StreamSignal),
  );
}

/** The event's title and the person's name as they are now, kept in the notification (NotificationData). */
async function readNames(db: Executor, eventId: number | null, actorId: string | null): Promise<NotificationData> {
  if (eventId === null && actorId === null) return {};
  const { eventTitle, personName } = await repository.readNames(db, eventId, actorId);
  return { ...(eventTitle === null ? {} : { eventTitle }), ...(personName === null ? {} : { actorName: personName }) };
}

/**
 * Tells every server process, at commit, that sessions of a user ended, so that each closes the live
 * streams opened with them. Call in the transaction that deletes the sessions.
 */
export async function signalSessionsEnded(
  db: Executor,
  ended: { userId: string; sessionId: string | null; keepSessionId: string | null },
): Promise<void> {
  await repository.notifyChannel(
    db,
    STREAM_CHANNEL,
    JSON.stringify({ ...ended, type: 'sessions-ended' } satisfies SessionsEndedSignal),
  );
}

/**
 * Call inside the transaction of the write the notifications tell of, so that both or
 * neither exist. Nobody is notified of their own action.
 */
export async function createNotifications(
  db: Executor,
  type: NotificationType,
  recipientIds: readonly string[],
  context: { eventId: number | null; actorId: string | null; data?: NotificationData },
): Promise<void> {
  const recipients = [...new Set(recipientIds)].filter((userId) => userId !== context.actorId);
  if (recipients.length === 0) return;
  const data = context.data ?? (await readNames(db, context.eventId, context.actorId));
  // Changes come in bursts (an organizer fixing a place five times): the bell keeps one unread notice per
  // event and person, moved to the top with the newest change, rather than one per edit.
  if (type === 'event_changed' && context.eventId !== null)
    await repository.deleteUnreadOfEvent(db, type, context.eventId, recipients);
  await repository.insertNotifications(
    db,
    recipients.map((userId) => ({ userId, type, eventId: context.eventId, actorId: context.actorId, data })),
  );
  for (const userId of recipients) await signalUser(db, userId, 'notification');
}

/** The outbox record of an event change (decision 0012) becomes its notifications in the same transaction. */
export async function notifyOfEventChange(
  db: Executor,
  change: {
    type: 'event_changed' | 'event_cancelled' | 'waitlist_promoted' | 'announcement';
    eventId: number;
    actorId: string | null;
    recipientIds: readonly string[];
  },
): Promise<void> {
  await createNotifications(db, change.type, change.recipientIds, { eventId: change.eventId, actorId: change.actorId });
  for (const userId of new Set(change.recipientIds)) {
    if (userId === change.actorId) continue;
    // An announcement arrives as a message from the organizer too: open threads refresh.
    if (change.type === 'announcement')
      await signalUser(db, userId, 'message', change.actorId === null ? {} : { with: change.actorId });
    // A promotion, a change or a cancellation shows on the event's page and cards the person has open.
    else await signalUser(db, userId, 'event', { eventId: change.eventId });
  }
}

/**
 * The organizer's open pages of the event read its seats again. Not the person who acted: their tab
 * already holds the answer (applyRsvpAnswer), and a signal would have it fetch five lists again.
 */
async function signalSeatChange(db: Executor, eventId: number, organizerId: string) {
  await signalUser(db, organizerId, 'event', { eventId });
}

/**
 * A new RSVP tells the organizer (not a change of status, which is no news to them). `event` is the row
 * the RSVP's transaction locked: its organizer needs no second read.
 */
export async function notifyOfRsvp(
  db: Executor,
  event: { id: number; organizerId: string },
  attendeeId: string,
): Promise<void> {
  await createNotifications(db, 'rsvp_received', [event.organizerId], { eventId: event.id, actorId: attendeeId });
  await signalSeatChange(db, event.id, event.organizerId);
}

/**
 * A withdrawal is no notification (the organizer is not told of every change of plan), but the
 * organizer's open event page must not keep counting the person.
 */
export async function notifyOfWithdrawal(db: Executor, event: { id: number; organizerId: string }): Promise<void> {
  await signalSeatChange(db, event.id, event.organizerId);
}

/** The receiver gets a notification; both people's open tabs refresh the conversation. */
export async function notifyOfMessage(
  db: Executor,
  message: { senderId: string; receiverId: string | null; eventId: number | null },
): Promise<void> {
  if (message.receiverId === null) {
    await signalUser(db, message.senderId, 'message');
    return;
  }
  await signalUser(db, message.senderId, 'message', { with: message.receiverId });
  await createNotifications(db, 'message_received', [message.receiverId], {
    eventId: message.eventId,
    actorId: message.senderId,
  });
  await signalUser(db, message.receiverId, 'message', { with: message.senderId });
}

/** One notification per achievement the write unlocked, each naming its achievement (the catalogue's name). */
export async function notifyOfAchievements(
  db: Executor,
  userId: string,
  achievementNames: readonly string[],
): Promise<void> {
  for (const achievementName of achievementNames)
    await createNotifications(db, 'achievement_unlocked', [userId], {
      eventId: null,
      actorId: null,
      data: { achievementName },
    });
}

/** Reading a thread with `otherUserId` reads its message notifications; the reader's other tabs update. */
export async function readMessageNotifications(db: Executor, userId: string, otherUserId: string): Promise<void> {
  if ((await repository.markMessageNotificationsRead(db, userId, otherUserId)) > 0)
    await signalUser(db, userId, 'notification');
}

function toNotification(row: repository.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    createdAt: toIso(row.createdAt),
    readAt: row.readAt === null ? null : toIso(row.readAt),
    ...(row.eventId !== null && row.eventTitle !== null ? { event: { id: row.eventId, title: row.eventTitle } } : {}),
    ...(row.actorId !== null
      ? { actor: { id: row.actorId, firstName: row.actorFirstName, lastName: row.actorLastName } }
      : {}),
    data: row.data ?? {},
  };
}

/** What makes two notifications "the same kind about the same thing" (see notificationGroupSchema). */
function groupKey(item: Notification): string {
  const about =
    item.type === 'message_received'
      ? `actor:${item.actor?.id ?? ''}`
      : item.type === 'achievement_unlocked'
        ? `achievement:${item.data.achievementName ?? item.id}`
        : `event:${item.event?.id ?? item.data.eventTitle ?? item.id}`;
  return `${item.type}|${about}`;
}

/** Newest first in, newest first out: each group where its newest notification stands. */
function groupNotifications(items: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const item of items) {
    const key = groupKey(item);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { ...item, count: 1, ids: [item.id] });
      continue;
    }
    group.count += 1;
    group.ids.push(item.id);
    if (item.readAt === null) group.readAt = null;
  }
  return [...groups.values()];
}

export class NotificationsService {
  constructor(private readonly db: Database) {}

  async list(
    userId: string,
    query: NotificationListQuery,
  ): Promise<{ notifications: Notification[]; nextCursor: number | null }> {
    const limit = query.limit ?? NOTIFICATION_PAGE_SIZE_DEFAULT;
    const rows = await repository.listNotifications(this.db, userId, limit + 1, query.cursor);
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(toNotification),
      nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }

  /** The newest `limit` notifications, gathered into groups: the bell's list. */
  async listGroups(userId: string, query: NotificationGroupsQuery): Promise<NotificationGroup[]> {
    const rows = await repository.listNotifications(
      this.db,
      userId,
      query.limit ?? NOTIFICATION_PAGE_SIZE_DEFAULT,
      undefined,
    );
    return groupNotifications(rows.map(toNotification));
  }

  unreadCount(userId: string): Promise<number> {
    return repository.countUnread(this.db, userId);
  }

  /** The caller's other tabs hear of it, so every bell shows the same count. */
  async markRead(userId: string, ids: number[] | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      if ((await repository.markRead(tx, userId, ids)) > 0) await signalUser(tx, userId, 'notification');
    });
  }
}
