import type {
  Notification,
  NotificationListQuery,
  NotificationType,
  StreamEventType,
} from '../../../contract/notifications';
import { NOTIFICATION_PAGE_SIZE_DEFAULT } from '../../../contract/notifications';
import type { Database, Executor } from '../../db/client';
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

export type StreamSignal = { userId: string; type: StreamEventType } | SessionsEndedSignal;

/**
 * Tells every server process, at commit, that `userId` has something new. pg_notify is transactional:
 * a rolled-back write signals nothing, and a process never signals before the row is readable.
 */
async function signalUser(db: Executor, userId: string, type: StreamEventType): Promise<void> {
  await repository.notifyChannel(db, STREAM_CHANNEL, JSON.stringify({ userId, type } satisfies StreamSignal));
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
  context: { eventId: number | null; actorId: string | null },
): Promise<void> {
  const recipients = [...new Set(recipientIds)].filter((userId) => userId !== context.actorId);
  // Changes come in bursts (an organizer fixing a place five times): the bell keeps one unread notice per
  // event and person, moved to the top with the newest change, rather than one per edit.
  if (type === 'event_changed' && context.eventId !== null)
    await repository.deleteUnreadOfEvent(db, type, context.eventId, recipients);
  await repository.insertNotifications(
    db,
    recipients.map((userId) => ({ userId, type, eventId: context.eventId, actorId: context.actorId })),
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
  // An announcement arrives as a message from the organizer too: open threads refresh.
  if (change.type === 'announcement') {
    for (const userId of new Set(change.recipientIds))
      if (userId !== change.actorId) await signalUser(db, userId, 'message');
  }
}

/** A new RSVP tells the organizer (not a change of status, which is no news to them). */
export async function notifyOfRsvp(db: Executor, eventId: number, attendeeId: string): Promise<void> {
  const organizerId = await repository.findEventOrganizer(db, eventId);
  if (organizerId) await createNotifications(db, 'rsvp_received', [organizerId], { eventId, actorId: attendeeId });
}

/** The receiver gets a notification; both people's open tabs refresh the conversation. */
export async function notifyOfMessage(
  db: Executor,
  message: { senderId: string; receiverId: string | null; eventId: number | null },
): Promise<void> {
  await signalUser(db, message.senderId, 'message');
  if (message.receiverId === null) return;
  await createNotifications(db, 'message_received', [message.receiverId], {
    eventId: message.eventId,
    actorId: message.senderId,
  });
  await signalUser(db, message.receiverId, 'message');
}

/** One notification per achievement the write unlocked. */
export async function notifyOfAchievements(db: Executor, userId: string, unlockedCount: number): Promise<void> {
  for (let index = 0; index < unlockedCount; index += 1)
    await createNotifications(db, 'achievement_unlocked', [userId], { eventId: null, actorId: null });
}

/** Reading a thread with `otherUserId` reads its message notifications; the reader's other tabs update. */
export async function readMessageNotifications(db: Executor, userId: string, otherUserId: string): Promise<void> {
  if ((await repository.markMessageNotificationsRead(db, userId, otherUserId)) > 0)
    await signalUser(db, userId, 'notification');
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
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
  };
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
