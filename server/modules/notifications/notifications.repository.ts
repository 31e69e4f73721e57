import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationData, NotificationType } from '../../../contract/notifications';
import { type Executor, selectRows } from '../../db/client';
import { notifications } from '../../db/schema';

export type NewNotification = {
  userId: string;
  type: NotificationType;
  eventId: number | null;
  actorId: string | null;
  data: NotificationData;
};

export type NotificationRow = {
  id: number;
  type: NotificationType;
  createdAt: Date | string;
  readAt: Date | string | null;
  eventId: number | null;
  eventTitle: string | null;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  data: NotificationData | null;
};

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/**
 * Removes the unread notifications of `type` about `eventId` for these users: a newer one of the same kind
 * replaces them, so a person has one unread "event changed" per event however often it changes.
 */
export async function deleteUnreadOfEvent(
  db: Executor,
  type: NotificationType,
  eventId: number,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.type, type),
        eq(notifications.eventId, eventId),
        isNull(notifications.readAt),
        inArray(notifications.userId, userIds),
      ),
    );
}

/**
 * Not about an event a moderator hid (but to its organizer), nor from a person either of the two blocked
 * (decisions §20). `n` is the notifications table's alias.
 */
function isVisibleNotification(userId: string) {
  return sql`NOT EXISTS (SELECT 1 FROM events hidden WHERE hidden.id = n.event_id AND hidden.hidden_at IS NOT NULL
      AND hidden.organizer_id <> ${userId})
    AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = ${userId} AND b.blocked_id = n.actor_id)
      OR (b.blocker_id = n.actor_id AND b.blocked_id = ${userId}))`;
}

/**
 * Newest first; `beforeId` is the previous page's last id. One more row than asked tells whether a next page exists.
 */
export async function listNotifications(
  db: Executor,
  userId: string,
  limit: number,
  beforeId: number | undefined,
): Promise<NotificationRow[]> {
  return selectRows<NotificationRow>(
    db,
    sql`SELECT n.id, n.type, n.created_at AS "createdAt", n.read_at AS "readAt",
          n.event_id AS "eventId", e.title AS "eventTitle",
          n.actor_id AS "actorId", a.first_name AS "actorFirstName", a.last_name AS "actorLastName",
          n.data
        FROM notifications n
        LEFT JOIN events e ON e.id = n.event_id
        LEFT JOIN users a ON a.id = n.actor_id
        WHERE n.user_id = ${userId} AND ${isVisibleNotification(userId)}
          ${beforeId === undefined ? sql`` : sql`AND n.id < ${beforeId}`}
        ORDER BY n.id DESC
        LIMIT ${limit}`,
  );
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`notifications n`)
    .where(sql`n.user_id = ${userId} AND n.read_at IS NULL AND ${isVisibleNotification(userId)}`);
  return row?.count ?? 0;
}

/** Only the caller's own unread rows change: ids of others' notifications match nothing. Returns how many changed. */
export async function markRead(db: Executor, userId: string, ids: number[] | undefined): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Reading a conversation reads the notifications of its messages, so the bell and the inbox agree. */
export async function markMessageNotificationsRead(db: Executor, userId: string, actorId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.actorId, actorId),
        eq(notifications.type, 'message_received'),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The event's title and the person's full name as they are now, in one statement (null where absent). */
export async function readNames(
  db: Executor,
  eventId: number | null,
  personId: string | null,
): Promise<{ eventTitle: string | null; personName: string | null }> {
  const [row] = await selectRows<{ eventTitle: string | null; personName: string | null }>(
    db,
    sql`SELECT (SELECT title FROM events WHERE id = ${eventId}) AS "eventTitle",
          (SELECT nullif(concat_ws(' ', first_name, last_name), '') FROM users WHERE id = ${personId}) AS "personName"`,
  );
  return { eventTitle: row?.eventTitle ?? null, personName: row?.personName ?? null };
}

/** Delivered to every LISTEN-ing process when the transaction commits, never before and never after a rollback. */
export async function notifyChannel(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
