import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { events, ratings, rsvps, users } from '../../db/schema';

/** A developer test panel's event, and one a moderator hid, exist for their organizer only. */
function isVisibleTo(viewerId: string | null) {
  return sql`((${events.isTest} = false AND ${events.hiddenAt} IS NULL) OR ${events.organizerId} = ${viewerId})`;
}

export async function findEventForRating(db: Executor, eventId: number, viewerId: string) {
  const [row] = await db
    .select({ id: events.id, date: events.date, organizerId: events.organizerId })
    .from(events)
    .where(and(eq(events.id, eventId), isVisibleTo(viewerId)))
    .limit(1);
  return row;
}

export async function hasRsvp(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: rsvps.eventId })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Returns the new row, or undefined when the user already rated the event (the unique index decides). */
export async function insertRatingIfAbsent(
  db: Executor,
  rating: { eventId: number; userId: string; rating: number; comment: string | null },
) {
  const [row] = await db
    .insert(ratings)
    .values(rating)
    .onConflictDoNothing({ target: [ratings.eventId, ratings.userId] })
    .returning({ id: ratings.id });
  return row;
}

/** Locks the user's rating so two replacements by the same user apply their deltas one after the other. */
export async function findRatingForUpdate(db: Executor, eventId: number, userId: string) {
  const [row] = await db
    .select({ id: ratings.id, rating: ratings.rating, hiddenAt: ratings.hiddenAt })
    .from(ratings)
    .where(and(eq(ratings.eventId, eventId), eq(ratings.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function replaceRating(
  db: Executor,
  id: number,
  changes: { rating: number; comment: string | null },
): Promise<void> {
  // A replacement is the user's current review, so it moves to the top of the newest-first list.
  await db
    .update(ratings)
    .set({ ...changes, createdAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(ratings.id, id));
}

/**
 * Deltas, not recounts: `x = x + d` is re-read on the latest row version, so concurrent raters never lose an update.
 */
export async function adjustEventRatingTotals(
  db: Executor,
  eventId: number,
  countDelta: number,
  sumDelta: number,
): Promise<void> {
  await db
    .update(events)
    .set({ ratingCount: sql`${events.ratingCount} + ${countDelta}`, ratingSum: sql`${events.ratingSum} + ${sumDelta}` })
    .where(eq(events.id, eventId));
}

const ratingColumns = {
  id: ratings.id,
  eventId: ratings.eventId,
  userId: ratings.userId,
  rating: ratings.rating,
  comment: ratings.comment,
  createdAt: ratings.createdAt,
  hiddenAt: ratings.hiddenAt,
  hiddenNote: ratings.hiddenNote,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

export type RatingRow = {
  id: number;
  eventId: number;
  userId: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  hiddenAt: Date | null;
  hiddenNote: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

export async function findRatingById(db: Executor, id: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(eq(ratings.id, id))
    .limit(1);
  return row;
}

/** A review a moderator hid is listed for its author only, who reads why (decisions §20). */
export function listEventRatings(db: Executor, eventId: number, viewerId: string | null): Promise<RatingRow[]> {
  return db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.eventId, eventId), sql`(${ratings.hiddenAt} IS NULL OR ${ratings.userId} = ${viewerId})`))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
}

export async function eventExists(db: Executor, eventId: number, viewerId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), isVisibleTo(viewerId)))
    .limit(1);
  return row !== undefined;
}
