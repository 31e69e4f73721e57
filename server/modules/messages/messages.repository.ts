import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { events, messages, users } from '../../db/schema';

type Person = { id: string; firstName: string | null; lastName: string | null; email: string | null; profileImageUrl: string | null };

export type MessageRow = {
  id: number;
  senderId: string;
  receiverId: string;
  content: string;
  createdAt: Date;
  isRead: boolean;
  eventId: number | null;
  eventTitle: string | null;
  sender: Person;
  receiver: Person;
};

type FlatMessageRow = Omit<MessageRow, 'sender' | 'receiver' | 'createdAt'> & {
  createdAt: Date | string;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderEmail: string | null;
  senderProfileImageUrl: string | null;
  receiverFirstName: string | null;
  receiverLastName: string | null;
  receiverEmail: string | null;
  receiverProfileImageUrl: string | null;
};

/**
 * Messages with both people and the event title, in plain SQL: the query builder's nested mapping cost
 * more CPU than the rest of the request (issue 6 profile, docs/benchmarks.md).
 */
async function readMessages(db: Executor, where: SQL, limit: number): Promise<MessageRow[]> {
  const rows = await selectRows<FlatMessageRow>(
    db,
    sql`
    SELECT m.id, m.sender_id AS "senderId", m.receiver_id AS "receiverId", m.content, m.created_at AS "createdAt",
      m.is_read AS "isRead", m.event_id AS "eventId", e.title AS "eventTitle",
      s.first_name AS "senderFirstName", s.last_name AS "senderLastName", s.email AS "senderEmail", s.profile_image_url AS "senderProfileImageUrl",
      r.first_name AS "receiverFirstName", r.last_name AS "receiverLastName", r.email AS "receiverEmail", r.profile_image_url AS "receiverProfileImageUrl"
    FROM messages m
    JOIN users s ON s.id = m.sender_id
    JOIN users r ON r.id = m.receiver_id
    LEFT JOIN events e ON e.id = m.event_id
    WHERE ${where}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt),
    isRead: row.isRead,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    sender: { id: row.senderId, firstName: row.senderFirstName, lastName: row.senderLastName, email: row.senderEmail, profileImageUrl: row.senderProfileImageUrl },
    receiver: { id: row.receiverId, firstName: row.receiverFirstName, lastName: row.receiverLastName, email: row.receiverEmail, profileImageUrl: row.receiverProfileImageUrl },
  }));
}

export async function findMessageById(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await readMessages(db, sql`m.id = ${id}`, 1);
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

export function listMessagesOf(db: Executor, userId: string, limit: number): Promise<MessageRow[]> {
  return readMessages(db, sql`(m.sender_id = ${userId} OR m.receiver_id = ${userId})`, limit);
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

