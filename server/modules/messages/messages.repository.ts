import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, selectRows } from '../../db/client';
import { events, messages, users } from '../../db/schema';

const senders = alias(users, 'sender');
const receivers = alias(users, 'receiver');

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  createdAt: messages.createdAt,
  isRead: messages.isRead,
  eventId: messages.eventId,
  eventTitle: events.title,
  sender: { id: senders.id, firstName: senders.firstName, lastName: senders.lastName, email: senders.email, profileImageUrl: senders.profileImageUrl },
  receiver: { id: receivers.id, firstName: receivers.firstName, lastName: receivers.lastName, email: receivers.email, profileImageUrl: receivers.profileImageUrl },
};

function selectMessages(db: Executor) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(senders, eq(senders.id, messages.senderId))
    .innerJoin(receivers, eq(receivers.id, messages.receiverId))
    .leftJoin(events, eq(events.id, messages.eventId));
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessageById>>>;

export async function findMessageById(db: Executor, id: number) {
  const [row] = await selectMessages(db).where(eq(messages.id, id)).limit(1);
  return row;
}

/** The recipient by user id or by e-mail (stored lower-cased), in one lookup. */
export async function findRecipient(db: Executor, idOrEmail: string, normalizedEmail: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, idOrEmail), eq(users.email, normalizedEmail)))
    .limit(1);
  return row;
}

export async function eventExists(db: Executor, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  return row !== undefined;
}

export async function insertMessage(db: Executor, message: { senderId: string; receiverId: string; eventId: number | null; content: string }) {
  const [row] = await db.insert(messages).values(message).returning({ id: messages.id });
  if (!row) throw new Error('message not inserted');
  return row;
}

export function listMessagesOf(db: Executor, userId: string, limit: number) {
  return selectMessages(db)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

export type ConversationRow = {
  other_id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  content: string;
  created_at: Date | string;
  sender_id: string;
  unread_count: number | string;
};

/**
 * One row per other person, in one statement: the two halves of the UNION each use their own
 * (sender|receiver, created_at) index, DISTINCT ON keeps each person's latest message, and the unread
 * count comes from one grouped scan of the caller's received messages.
 */
export function listConversationsOf(db: Executor, userId: string): Promise<ConversationRow[]> {
  return selectRows<ConversationRow>(
    db,
    sql`
    WITH mine AS (
      SELECT receiver_id AS other_id, id, content, created_at, sender_id FROM messages WHERE sender_id = ${userId}
      UNION ALL
      SELECT sender_id AS other_id, id, content, created_at, sender_id FROM messages WHERE receiver_id = ${userId}
    ),
    latest AS (
      SELECT DISTINCT ON (other_id) other_id, id, content, created_at, sender_id
      FROM mine
      ORDER BY other_id, created_at DESC, id DESC
    ),
    unread AS (
      SELECT sender_id AS other_id, count(*)::int AS unread_count
      FROM messages
      WHERE receiver_id = ${userId} AND NOT is_read
      GROUP BY sender_id
    )
    SELECT latest.other_id, u.first_name, u.last_name, u.profile_image_url,
           latest.content, latest.created_at, latest.sender_id,
           coalesce(unread.unread_count, 0) AS unread_count
    FROM latest
    JOIN users u ON u.id = latest.other_id
    LEFT JOIN unread ON unread.other_id = latest.other_id
    ORDER BY latest.created_at DESC, latest.id DESC
  `,
  );
}

export async function markThreadRead(db: Executor, readerId: string, otherId: string): Promise<void> {
  await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.receiverId, readerId), eq(messages.senderId, otherId), eq(messages.isRead, false)));
}

/** The latest `limit` messages between the two, newest first (the service turns them around). */
export function listThread(db: Executor, userId: string, otherId: string, limit: number) {
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
      senderFirstName: users.firstName,
      senderProfileImageUrl: users.profileImageUrl,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      or(
        and(eq(messages.senderId, userId), eq(messages.receiverId, otherId)),
        and(eq(messages.senderId, otherId), eq(messages.receiverId, userId)),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

