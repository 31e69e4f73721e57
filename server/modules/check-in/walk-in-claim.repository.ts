import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { events, users, walkInGuests } from '../../db/schema';

export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.suspendedAt != null;
}

export type AccountAddress = { email: string | null; isConfirmed: boolean };

/** A person's own address, and whether they confirmed it. */
export async function readAccountAddress(db: Executor, userId: string): Promise<AccountAddress | undefined> {
  const [row] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row && { email: row.email, isConfirmed: row.emailVerifiedAt !== null };
}

export type ClaimRow = {
  guestId: number;
  eventId: number;
  email: string;
  title: string;
  date: Date;
  organizerId: string;
};

/** The guest a claim link names, by the hash of its token; undefined once claimed or removed. */
export async function findGuestByClaim(db: Executor, tokenHash: string): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select({
      guestId: walkInGuests.id,
      eventId: walkInGuests.eventId,
      email: walkInGuests.email,
      title: events.title,
      date: events.date,
      organizerId: events.organizerId,
    })
    .from(walkInGuests)
    .innerJoin(events, eq(events.id, walkInGuests.eventId))
    .where(eq(walkInGuests.claimTokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * The guest becomes the account's place, times and all (decisions §22): one statement, so a link pressed
 * twice at once moves the hours once. A place the account already holds at that event keeps its own
 * record, and takes the door's times when it has none. 0 when the link was used meanwhile.
 */
export async function moveGuestToAccount(
  db: Executor,
  guestId: number,
  tokenHash: string,
  userId: string,
): Promise<number> {
  const moved = await selectRows<{ eventId: number }>(
    db,
    sql`
    WITH gone AS (
      DELETE FROM walk_in_guests WHERE id = ${guestId} AND claim_token_hash = ${tokenHash}
      RETURNING event_id, checked_in_at, checked_out_at
    )
    INSERT INTO rsvps (event_id, user_id, status, is_walk_in, attended, checked_in_at, checked_out_at)
    SELECT event_id, ${userId}, 'attending', true, true, checked_in_at, checked_out_at FROM gone
    ON CONFLICT (event_id, user_id) DO UPDATE SET
      attended = true,
      checked_in_at = coalesce(rsvps.checked_in_at, excluded.checked_in_at),
      checked_out_at = coalesce(rsvps.checked_out_at, excluded.checked_out_at),
      updated_at = now()
    RETURNING event_id AS "eventId"`,
  );
  return moved.length;
}
