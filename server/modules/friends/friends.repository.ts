import { and, eq, or, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { friendships, users } from '../../db/schema';
import { isPersonPageVisible, isVisiblePerson } from '../users/visible-people';

export type FriendshipRow = typeof friendships.$inferSelect;

/** Another person as the Friends screen lists them, with the friends they share with the viewer. */
export type PersonRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  mutual_friends: number | string;
};

/**
 * A person `viewerId` may see the page of, and so ask: live, and not blocking the viewer (a deleted
 * account keeps its row for its messages, but has no friends to make).
 */
export async function isPersonVisibleTo(db: Executor, viewerId: string, personId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, personId), isPersonPageVisible(viewerId)));
  return row !== undefined;
}

/** Whether `blockerId` blocks `blockedId`, read inside the caller's transaction. */
export async function isBlocking(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await selectRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM user_blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}`,
  );
  return row !== undefined;
}

/**
 * Holds the pair's friendship writes one after another in every process (a transaction-scoped advisory
 * lock on the ordered pair): a request and a block racing on a pair with no row yet have no row to lock,
 * and without it a request could slip in beside a block that has just ended everything between the two.
 */
export async function lockPairWrites(db: Executor, oneId: string, otherId: string): Promise<void> {
  const [first, second] = oneId < otherId ? [oneId, otherId] : [otherId, oneId];
  await db.execute(sql`SELECT pg_advisory_xact_lock(2055, hashtext(${`${first}:${second}`}))`);
}

/** The one row of the pair, whoever asked; locked, so accepting, declining and asking back run one at a time. */
export async function lockPair(db: Executor, oneId: string, otherId: string): Promise<FriendshipRow | undefined> {
  const [row] = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, oneId), eq(friendships.addresseeId, otherId)),
        and(eq(friendships.requesterId, otherId), eq(friendships.addresseeId, oneId)),
      ),
    )
    .for('update');
  return row;
}

export async function lockRequest(db: Executor, id: number): Promise<FriendshipRow | undefined> {
  const [row] = await db.select().from(friendships).where(eq(friendships.id, id)).for('update');
  return row;
}

/**
 * Undefined when the pair already has a row: the unique index on the ordered pair decides, so two
 * crossing requests at once leave one row and the loser reads it again.
 */
export async function insertRequest(
  db: Executor,
  requesterId: string,
  addresseeId: string,
): Promise<number | undefined> {
  const [row] = await db
    .insert(friendships)
    .values({ requesterId, addresseeId, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: friendships.id });
  return row?.id;
}

export async function acceptRequest(db: Executor, id: number): Promise<void> {
  await db.update(friendships).set({ status: 'accepted', acceptedAt: new Date() }).where(eq(friendships.id, id));
}

export async function deleteFriendship(db: Executor, id: number): Promise<void> {
  await db.delete(friendships).where(eq(friendships.id, id));
}

/**
 * The user's accepted friends' ids, as a subquery (`mine`) the person columns count shared friends in:
 * only people the user may see, so that a friend count never counts someone the lists leave out.
 */
const FRIENDS_OF = (userId: string) => sql`
  SELECT friend.id AS friend_id
  FROM friendships
  JOIN users friend ON friend.id = CASE WHEN requester_id = ${userId} THEN addressee_id ELSE requester_id END
  WHERE status = 'accepted' AND (requester_id = ${userId} OR addressee_id = ${userId})
    AND ${isVisiblePerson(userId, 'friend')}`;

/**
 * A person's columns with the count of friends they share with the viewer, whose friends are the `mine`
 * subquery of the statement: read once per statement, not once per person.
 */
function personColumns() {
  return sql`u.id, u.first_name, u.last_name, u.profile_image_url,
    (SELECT count(*) FROM friendships f
      WHERE f.status = 'accepted'
        AND (f.requester_id = u.id OR f.addressee_id = u.id)
        AND (CASE WHEN f.requester_id = u.id THEN f.addressee_id ELSE f.requester_id END) IN (SELECT friend_id FROM mine)
    ) AS mutual_friends`;
}

export function listFriends(db: Executor, userId: string): Promise<PersonRow[]> {
  return selectRows<PersonRow>(
    db,
    sql`
    WITH mine AS (${FRIENDS_OF(userId)})
    SELECT ${personColumns()}
    FROM mine JOIN users u ON u.id = mine.friend_id
    WHERE ${isVisiblePerson(userId, 'u')}
    ORDER BY lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id`,
  );
}

export type RequestRow = PersonRow & { request_id: number; created_at: Date | string };

/** Pending requests to (`direction` incoming) or from (outgoing) the user, newest first. */
export function listRequests(db: Executor, userId: string, direction: 'incoming' | 'outgoing'): Promise<RequestRow[]> {
  const mineColumn = direction === 'incoming' ? sql`r.addressee_id` : sql`r.requester_id`;
  const otherColumn = direction === 'incoming' ? sql`r.requester_id` : sql`r.addressee_id`;
  return selectRows<RequestRow>(
    db,
    sql`
    WITH mine AS (${FRIENDS_OF(userId)})
    SELECT r.id AS request_id, r.created_at, ${personColumns()}
    FROM friendships r JOIN users u ON u.id = ${otherColumn}
    WHERE r.status = 'pending' AND ${mineColumn} = ${userId} AND ${isVisiblePerson(userId, 'u')}
    ORDER BY r.created_at DESC, r.id DESC`,
  );
}

export type SuggestionRow = PersonRow & { event_id: number; event_title: string; shared_events: number | string };

/**
 * People who attended (recorded attendance, §13) an event the user attended, and who are neither
 * friends nor asked either way: most shared events first, each with the latest event both attended.
 */
export function listSuggestions(db: Executor, userId: string, limit: number): Promise<SuggestionRow[]> {
  return selectRows<SuggestionRow>(
    db,
    sql`
    WITH mine AS (${FRIENDS_OF(userId)}),
    together AS (
      SELECT other.user_id AS person_id, e.id AS event_id, e.title, e.date
      FROM rsvps own
      JOIN rsvps other ON other.event_id = own.event_id AND other.user_id <> own.user_id AND other.attended IS TRUE
      -- A test event is in no shared list, and a hidden one (a report, or its author's suspension) reaches
      -- nobody (decisions §20, §22): neither names a suggestion.
      JOIN events e ON e.id = own.event_id AND e.is_test = false AND e.hidden_at IS NULL
      WHERE own.user_id = ${userId} AND own.attended IS TRUE
    ),
    people AS (
      SELECT DISTINCT ON (person_id) person_id, event_id, title,
        count(*) OVER (PARTITION BY person_id) AS shared_events
      FROM together
      ORDER BY person_id, date DESC, event_id DESC
    )
    SELECT people.event_id, people.title AS event_title, people.shared_events, ${personColumns()}
    FROM people JOIN users u ON u.id = people.person_id
    WHERE ${isVisiblePerson(userId, 'u')}
      AND NOT EXISTS (
        SELECT 1 FROM friendships f
        WHERE (f.requester_id = ${userId} AND f.addressee_id = u.id) OR (f.requester_id = u.id AND f.addressee_id = ${userId})
      )
    ORDER BY people.shared_events DESC, lower(coalesce(u.first_name, '')), u.id
    LIMIT ${limit}`,
  );
}

/** One live person with the friends they share with the viewer. */
export async function findPerson(db: Executor, viewerId: string, personId: string): Promise<PersonRow | undefined> {
  const [row] = await selectRows<PersonRow>(
    db,
    sql`
    WITH mine AS (${FRIENDS_OF(viewerId)})
    SELECT ${personColumns()}
    FROM users u
    WHERE u.id = ${personId} AND ${isPersonPageVisible(viewerId, 'u')}`,
  );
  return row;
}

export async function findPair(db: Executor, oneId: string, otherId: string): Promise<FriendshipRow | undefined> {
  const [row] = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, oneId), eq(friendships.addresseeId, otherId)),
        and(eq(friendships.requesterId, otherId), eq(friendships.addresseeId, oneId)),
      ),
    );
  return row;
}
