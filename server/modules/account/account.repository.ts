import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import {
  organizationFollows,
  userPreferences,
  authAttempts,
  calendarFeeds,
  mailOutbox,
  mailPreferences,
  messages,
  notifications,
  passwordResetTokens,
  profilePhotos,
  securityEvents,
  friendships,
  userAchievements,
  users,
  waitlistEntries,
} from '../../db/schema';

export async function insertProfilePhoto(db: Executor, photo: typeof profilePhotos.$inferInsert): Promise<void> {
  await db.insert(profilePhotos).values(photo);
}

/** Every profile photo of the user but `keepId` (a user has one; replaced photos go). */
export async function deleteProfilePhotosOf(db: Executor, userId: string, keepId: string | null = null): Promise<void> {
  await db
    .delete(profilePhotos)
    .where(
      keepId === null
        ? eq(profilePhotos.userId, userId)
        : and(eq(profilePhotos.userId, userId), sql`${profilePhotos.id} <> ${keepId}`),
    );
}

export async function findProfilePhoto(db: Executor, id: string) {
  const [row] = await db
    .select({ contentType: profilePhotos.contentType, bytes: profilePhotos.bytes })
    .from(profilePhotos)
    .where(eq(profilePhotos.id, id))
    .limit(1);
  return row;
}

export async function insertResetToken(db: Executor, token: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

export async function findResetToken(db: Executor, id: string) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, id)).limit(1);
  return row;
}

/** Single use even under a race: only one statement can move used_at from null, and only before expiry. */
export async function takeResetToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** After a reset or a password change, older links of the user no longer work. */
export async function retireResetTokensOf(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Links a day past their expiry: kept that long only so a late click still hears "expired" rather than "not valid". */
export async function deleteResetTokensExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(passwordResetTokens).where(sql`${passwordResetTokens.expiresAt} < ${before.toISOString()}`);
}

type Row = Record<string, unknown>;

/** The account's data export: everything stored about the user, as plain rows (the service shapes them). */
export async function readExportRows(db: Executor, userId: string) {
  const [organized, rsvps, waitlist, ratings, sent, received, achievements, sessions, security, friends] =
    await Promise.all([
      selectRows<Row>(
        db,
        sql`SELECT e.id, e.title, e.description, e.location, e.date, e.image_url AS "imageUrl", c.name AS category, e.max_attendees AS "maxAttendees", e.status,
                 e.cancel_reason AS "cancelReason", e.created_at AS "createdAt"
          FROM events e JOIN categories c ON c.id = e.category_id WHERE e.organizer_id = ${userId} ORDER BY e.date, e.id`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT r.event_id AS "eventId", e.title AS "eventTitle", r.status, r.attended, r.created_at AS "createdAt" FROM rsvps r JOIN events e ON e.id = r.event_id
          WHERE r.user_id = ${userId} ORDER BY r.created_at, r.event_id`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT w.event_id AS "eventId", e.title AS "eventTitle", w.created_at AS "createdAt" FROM waitlist_entries w JOIN events e ON e.id = w.event_id
          WHERE w.user_id = ${userId} ORDER BY w.created_at, w.id`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT r.event_id AS "eventId", e.title AS "eventTitle", r.rating, r.comment, r.created_at AS "createdAt" FROM ratings r JOIN events e ON e.id = r.event_id
          WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
      ),
      // The other person by name only: their e-mail is theirs; an address the user typed is the user's own data.
      selectRows<Row>(
        db,
        sql`SELECT m.id, m.receiver_id AS "receiverId", u.first_name AS "receiverFirstName", u.last_name AS "receiverLastName", m.receiver_email AS "addressedTo",
                 m.event_id AS "eventId", m.content, m.created_at AS "createdAt"
          FROM messages m LEFT JOIN users u ON u.id = m.receiver_id WHERE m.sender_id = ${userId} ORDER BY m.created_at, m.id`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT m.id, m.sender_id AS "senderId", u.first_name AS "senderFirstName", u.last_name AS "senderLastName", m.event_id AS "eventId", m.content,
                 m.is_read AS "isRead", m.created_at AS "createdAt"
          FROM messages m JOIN users u ON u.id = m.sender_id WHERE m.receiver_id = ${userId} ORDER BY m.created_at, m.id`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT a.name, ua.progress, ua.unlocked_at AS "unlockedAt" FROM user_achievements ua JOIN achievements a ON a.id = ua.achievement_id
          WHERE ua.user_id = ${userId} ORDER BY a.id`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT user_agent AS "userAgent", created_at AS "createdAt", last_used_at AS "lastUsedAt", expires_at AS "expiresAt" FROM sessions WHERE user_id = ${userId} ORDER BY created_at`,
      ),
      selectRows<Row>(
        db,
        sql`SELECT kind, client_address AS "clientAddress", user_agent AS "userAgent", created_at AS "createdAt" FROM security_events WHERE user_id = ${userId} ORDER BY created_at, id`,
      ),
      // Friendships and requests either way (decision 0036): the other person by name only, as for messages.
      selectRows<Row>(
        db,
        sql`SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", f.status,
                 CASE WHEN f.requester_id = ${userId} THEN 'asked' ELSE 'was asked' END AS "direction",
                 f.created_at AS "createdAt", f.accepted_at AS "acceptedAt"
          FROM friendships f
          JOIN users u ON u.id = CASE WHEN f.requester_id = ${userId} THEN f.addressee_id ELSE f.requester_id END
          WHERE f.requester_id = ${userId} OR f.addressee_id = ${userId} ORDER BY f.created_at, f.id`,
      ),
    ]);
  return { organized, rsvps, waitlist, ratings, sent, received, achievements, sessions, security, friends };
}

/** Someone other than the organizer holds an RSVP or a waitlist place: the event is theirs too. */
const OTHERS_TOOK_PART = (userId: string) =>
  sql`(EXISTS (SELECT 1 FROM rsvps r WHERE r.event_id = e.id AND r.user_id <> ${userId})
    OR EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.event_id = e.id AND w.user_id <> ${userId}))`;

/**
 * The user's scheduled upcoming events that someone else has joined: deleting the account cancels these rather than
 * deleting them.
 */
export async function listJoinedUpcomingEventIds(db: Executor, userId: string): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT e.id FROM events e WHERE e.organizer_id = ${userId} AND e.date > now() AND e.status = 'scheduled' AND ${OTHERS_TOOK_PART(userId)}`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * What deleting an account erases, in the caller's transaction. Events of the user that
 * nobody else joined go (their photos, RSVPs and ratings with them); events others joined (an RSVP or a
 * waitlist place) stay, under a nameless organizer, for the people who took part (past) or cancelled
 * (upcoming, by the caller first). The user's RSVPs, waitlist places and ratings go, with the counters
 * they fed; the caller fills the freed seats from the waitlists. Messages stay, their sender erased. The calendar
 * feed, notifications, mail switches, mails and failed sign-ins counted under the address go too.
 */
export async function eraseAccount(db: Executor, userId: string): Promise<{ freedEventIds: number[] }> {
  await db.execute(sql`DELETE FROM events e WHERE e.organizer_id = ${userId} AND NOT ${OTHERS_TOOK_PART(userId)}`);
  const freed = await selectRows<{ id: number }>(
    db,
    sql`WITH gone AS (DELETE FROM rsvps WHERE user_id = ${userId} RETURNING event_id, is_walk_in)
    UPDATE events SET rsvp_count = greatest(rsvp_count - (NOT g.is_walk_in)::int, 0), walk_in_count = greatest(walk_in_count - g.is_walk_in::int, 0)
    FROM gone g WHERE id = g.event_id RETURNING id`,
  );
  await db.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId));
  await db.execute(sql`WITH gone AS (DELETE FROM ratings WHERE user_id = ${userId} RETURNING event_id, rating)
    UPDATE events e SET rating_count = greatest(e.rating_count - g.count, 0), rating_sum = greatest(e.rating_sum - g.sum, 0)
    FROM (SELECT event_id, count(*)::int AS count, sum(rating)::int AS sum FROM gone GROUP BY event_id) g WHERE e.id = g.event_id`);
  await db.delete(userAchievements).where(eq(userAchievements.userId, userId));
  await db.delete(profilePhotos).where(eq(profilePhotos.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(securityEvents).where(eq(securityEvents.userId, userId));
  // The feed URL would still answer with an empty calendar; the person's own inbox, e-mail switches and the
  // mails to them (sent or waiting, each naming them and their events) are theirs alone.
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(mailPreferences).where(eq(mailPreferences.userId, userId));
  // The place and interests asked at first run, and whom the person followed, are theirs alone.
  await db.delete(userPreferences).where(eq(userPreferences.userId, userId));
  await db.delete(organizationFollows).where(eq(organizationFollows.userId, userId));
  await db.delete(friendships).where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));
  await db.delete(mailOutbox).where(eq(mailOutbox.userId, userId));
  // Failed sign-ins are counted under keys that hold the address (auth.service): the address goes with them.
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (account?.email) {
    const addressSuffix = ` ${account.email}`;
    await db
      .delete(authAttempts)
      .where(
        or(
          eq(authAttempts.key, `account:${account.email}`),
          and(
            sql`${authAttempts.key} LIKE 'account-address:%'`,
            sql`right(${authAttempts.key}, length(${addressSuffix})) = ${addressSuffix}`,
          ),
        ),
      );
  }
  // Waiting messages to addresses without an account: nobody could ever answer them now.
  await db.delete(messages).where(and(eq(messages.senderId, userId), isNull(messages.receiverId)));
  // The address that brought them a message is their e-mail: it goes, the message stays.
  await db.update(messages).set({ receiverEmail: null }).where(eq(messages.receiverId, userId));
  await db
    .update(users)
    .set({
      email: null,
      passwordHash: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      oidcSubject: null,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return { freedEventIds: freed.map((row) => Number(row.id)) };
}
