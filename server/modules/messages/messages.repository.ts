import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { events, messages, users } from '../../db/schema';

type Person = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  isDeleted?: true;
};

/** The flag only for a deleted account, absent otherwise (contract messages). */
export function deletedFlag(deletedAt: unknown): { isDeleted?: true } {
  return deletedAt ? { isDeleted: true } : {};
}

/**
 * `receiverId` is null while the message waits for an address with no account; `receiverEmail` is the
 * address the sender typed, kept after the address gets an account (the sender's view never changes).
 */
export type MessageRow = {
  id: number;
  senderId: string;
  receiverId: string | null;
  receiverEmail: string | null;
  content: string;
  createdAt: Date;
  isRead: boolean;
  eventId: number | null;
  eventTitle: string | null;
  sender: Person;
  receiver: Person | null;
};

type FlatMessageRow = Omit<MessageRow, 'sender' | 'receiver' | 'createdAt'> & {
  createdAt: Date | string;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderEmail: string | null;
  senderProfileImageUrl: string | null;
  receiverFirstName: string | null;
  receiverLastName: string | null;
  receiverAccountEmail: string | null;
  receiverProfileImageUrl: string | null;
  senderDeletedAt: Date | string | null;
  receiverDeletedAt: Date | string | null;
};

/**
 * Whether a message's event is named to `viewerId`: a test event, or one a moderator hid, only to its
 * organizer (decisions §22: hidden events leave message threads). Used in the events join, so a hidden
 * event's id and title read as none. `alias` is the events table's name in the query.
 */
function isEventVisibleTo(viewerId: string, alias = 'events'): SQL {
  const table = sql.raw(alias);
  return sql`((${table}.is_test = false AND ${table}.hidden_at IS NULL) OR ${table}.organizer_id = ${viewerId})`;
}

/**
 * Messages with both people and the event title, in plain SQL: the query builder's nested mapping cost
 * more CPU than the rest of the request (as profiled, docs/benchmarks.md).
 */
async function readMessages(db: Executor, viewerId: string, where: SQL, limit: number): Promise<MessageRow[]> {
  const rows = await selectRows<FlatMessageRow>(
    db,
    sql`
    SELECT m.id, m.sender_id AS "senderId", m.receiver_id AS "receiverId", m.receiver_email AS "receiverEmail", m.content, m.created_at AS "createdAt",
      m.is_read AS "isRead", e.id AS "eventId", e.title AS "eventTitle",
      s.first_name AS "senderFirstName", s.last_name AS "senderLastName", s.email AS "senderEmail", s.profile_image_url AS "senderProfileImageUrl",
      r.first_name AS "receiverFirstName", r.last_name AS "receiverLastName", r.email AS "receiverAccountEmail", r.profile_image_url AS "receiverProfileImageUrl",
      s.deleted_at AS "senderDeletedAt", r.deleted_at AS "receiverDeletedAt"
    FROM messages m
    JOIN users s ON s.id = m.sender_id
    LEFT JOIN users r ON r.id = m.receiver_id
    LEFT JOIN events e ON e.id = m.event_id AND ${isEventVisibleTo(viewerId, 'e')}
    WHERE ${where}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    receiverEmail: row.receiverEmail,
    content: row.content,
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt),
    isRead: row.isRead,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    sender: {
      id: row.senderId,
      firstName: row.senderFirstName,
      lastName: row.senderLastName,
      email: row.senderEmail,
      profileImageUrl: row.senderProfileImageUrl,
      ...deletedFlag(row.senderDeletedAt),
    },
    receiver:
      row.receiverId === null
        ? null
        : {
            id: row.receiverId,
            firstName: row.receiverFirstName,
            lastName: row.receiverLastName,
            email: row.receiverAccountEmail,
            profileImageUrl: row.receiverProfileImageUrl,
            ...deletedFlag(row.receiverDeletedAt),
          },
  }));
}

/**
 * Whether `viewerId` may read a message another person sent them (decisions §20): not one a moderator
 * hid, and none between two people of whom one blocked the other. `alias` is the messages table's name.
 */
function isReceivedVisible(viewerId: string, alias: string): SQL {
  const table = sql.raw(alias);
  return sql`(${table}.hidden_at IS NULL AND NOT EXISTS (SELECT 1 FROM user_blocks b
    WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${table}.sender_id)
       OR (b.blocker_id = ${table}.sender_id AND b.blocked_id = ${viewerId})))`;
}

export async function findMessageById(db: Executor, id: number, viewerId: string): Promise<MessageRow | undefined> {
  const [row] = await readMessages(db, viewerId, sql`m.id = ${id}`, 1);
  return row;
}

export async function findUserIdById(db: Executor, id: string): Promise<string | undefined> {
  // A deleted account keeps its row for the messages it sent, but receives nothing.
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row?.id;
}

/** E-mails are stored lower-cased (lib/email-address normalizeEmail). */
export async function findUserIdByEmail(db: Executor, normalizedEmail: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizedEmail)).limit(1);
  return row?.id;
}

/** Whether the event exists for this viewer: a developer test panel's event exists for its organizer only. */
export async function eventExists(db: Executor, eventId: number, viewerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        sql`((${events.isTest} = false AND ${events.hiddenAt} IS NULL) OR ${events.organizerId} = ${viewerId})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMessage(
  db: Executor,
  message: {
    senderId: string;
    receiverId: string | null;
    receiverEmail: string | null;
    eventId: number | null;
    content: string;
  },
) {
  const [row] = await db.insert(messages).values(message).returning({ id: messages.id });
  if (!row) throw new Error('message not inserted');
  return row;
}

export function listMessagesOf(db: Executor, userId: string, limit: number): Promise<MessageRow[]> {
  return readMessages(
    db,
    userId,
    sql`(m.sender_id = ${userId} OR (m.receiver_id = ${userId} AND ${isReceivedVisible(userId, 'm')}))`,
    limit,
  );
}

/** Gives a new account the messages that were waiting for its address; returns how many. */
export async function claimMessagesFor(db: Executor, userId: string, normalizedEmail: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ receiverId: userId })
    .where(and(isNull(messages.receiverId), eq(messages.receiverEmail, normalizedEmail)))
    .returning({ id: messages.id });
  return rows.length;
}

export type ConversationRow = {
  other_id: string | null;
  other_email: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  deleted_at: Date | string | null;
  content: string;
  created_at: Date | string;
  sender_id: string;
  unread_count: number | string;
};

/**
 * One row per other person, in one statement: the two halves of the UNION each use their own
 * (sender|receiver, created_at) index, DISTINCT ON keeps each person's latest message, and the unread
 * count comes from one grouped scan of the caller's received messages. What the caller addressed by
 * e-mail is its own conversation per address (other_id null), whether or not the address has an
 * account: joining it to the account's conversation would tell the caller whose address it is.
 */
export function listConversationsOf(db: Executor, userId: string): Promise<ConversationRow[]> {
  return selectRows<ConversationRow>(
    db,
    sql`
    WITH mine AS (
      SELECT CASE WHEN receiver_email IS NULL THEN receiver_id END AS other_id, receiver_email AS other_email, id, content, created_at, sender_id
      FROM messages WHERE sender_id = ${userId}
      UNION ALL
      SELECT sender_id AS other_id, NULL AS other_email, id, content, created_at, sender_id FROM messages
      WHERE receiver_id = ${userId} AND ${isReceivedVisible(userId, 'messages')}
    ),
    latest AS (
      SELECT DISTINCT ON (other_id, other_email) other_id, other_email, id, content, created_at, sender_id
      FROM mine
      ORDER BY other_id, other_email, created_at DESC, id DESC
    ),
    unread AS (
      SELECT sender_id AS other_id, count(*)::int AS unread_count
      FROM messages
      WHERE receiver_id = ${userId} AND NOT is_read AND ${isReceivedVisible(userId, 'messages')}
      GROUP BY sender_id
    )
    SELECT latest.other_id, latest.other_email, u.first_name, u.last_name, u.profile_image_url, u.deleted_at,
           latest.content, latest.created_at, latest.sender_id,
           coalesce(unread.unread_count, 0) AS unread_count
    FROM latest
    LEFT JOIN users u ON u.id = latest.other_id
    LEFT JOIN unread ON unread.other_id = latest.other_id
    ORDER BY latest.created_at DESC, latest.id DESC
  `,
  );
}

/**
 * The recipient answered: what `senderId` wrote to `receiverId`'s address joins their thread (decisions
 * §21, one thread per person). The receiver chose to be known by answering, so the sender now sees who it is.
 */
export async function joinAddressedMessages(db: Executor, senderId: string, receiverId: string): Promise<void> {
  await db
    .update(messages)
    .set({ receiverEmail: null })
    .where(
      and(eq(messages.senderId, senderId), eq(messages.receiverId, receiverId), isNotNull(messages.receiverEmail)),
    );
}

export async function markThreadRead(db: Executor, readerId: string, otherId: string): Promise<void> {
  await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.receiverId, readerId), eq(messages.senderId, otherId), eq(messages.isRead, false)));
}

const threadColumns = {
  id: messages.id,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
  senderFirstName: users.firstName,
  senderProfileImageUrl: users.profileImageUrl,
  senderDeletedAt: users.deletedAt,
  eventId: events.id,
  eventTitle: events.title,
  hiddenAt: messages.hiddenAt,
  hiddenNote: messages.hiddenNote,
};

/**
 * The latest `limit` messages between the two, newest first (the service turns them around). What the
 * caller addressed by e-mail is in the address's thread instead (listConversationsOf says why).
 */
export function listThread(db: Executor, userId: string, otherId: string, limit: number) {
  return db
    .select(threadColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(events, and(eq(events.id, messages.eventId), isEventVisibleTo(userId)))
    .where(
      or(
        and(eq(messages.senderId, userId), eq(messages.receiverId, otherId), isNull(messages.receiverEmail)),
        and(eq(messages.senderId, otherId), eq(messages.receiverId, userId), isReceivedVisible(userId, 'messages')),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** The latest `limit` messages the caller addressed to this e-mail, newest first. */
export function listAddressThread(db: Executor, userId: string, normalizedEmail: string, limit: number) {
  return db
    .select(threadColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(events, and(eq(events.id, messages.eventId), isEventVisibleTo(userId)))
    .where(and(eq(messages.senderId, userId), eq(messages.receiverEmail, normalizedEmail)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}
