import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { RsvpStatus } from '../../../contract/rsvps';
import { type Executor, selectRows } from '../../db/client';
import { events, rsvps, waitlistEntries } from '../../db/schema';

/** The events row as the organizer's calls and the RSVP rules need it, locked for the transaction. */
export type LockedEvent = {
  id: number;
  organizerId: string;
  /** The organization it is held under, whose admins and organizers manage it too. */
  organizationId: number | null;
  status: 'scheduled' | 'cancelled';
  maxAttendees: number | null;
  rsvpCount: number;
  isUpcoming: boolean;
  /** Whether now is within the attendance window (from the start until 30 days after). */
  isAttendanceOpen: boolean;
  categoryId: number;
  title: string;
  description: string;
  location: string;
  date: Date;
  durationMinutes: number;
  /** A developer test panel's event: it exists for its organizer only (isHiddenFrom). */
  isTest: boolean;
  /** Taken down by a moderator (decisions §20): like a test event, it exists for its organizer only. */
  isModeratorHidden: boolean;
  /** An event with slots gives `attending` only with a confirmed slot (decision 0027). */
  slotCount: number;
  /** The series it is an occurrence of, or null. */
  seriesId: number | null;
};

/** A test event, and one a moderator hid, answer 404 to everyone but its organizer, on every read and write. */
export function isHiddenFrom(
  event: Pick<LockedEvent, 'isTest' | 'isModeratorHidden' | 'organizerId'>,
  userId: string | null,
): boolean {
  return (event.isTest || event.isModeratorHidden) && event.organizerId !== userId;
}

/**
 * Leaving finds a moderator-hidden event (decisions §22: its people may still leave it), while a test event
 * stays its organizer's alone. The caller still answers 404 to whoever holds no place in it.
 */
export function isHiddenFromLeaving(
  event: Pick<LockedEvent, 'isTest' | 'organizerId'>,
  userId: string | null,
): boolean {
  return event.isTest && event.organizerId !== userId;
}

/**
 * Locks the event's row before anything else of the event is touched (decision 0012): every write of
 * RSVPs, waitlist entries and capacity takes this lock first, so they queue in one order on one row,
 * whichever server process runs them, and cannot deadlock. NO KEY UPDATE: inserts elsewhere that only
 * reference the event (messages, ratings) are not held up.
 */
export async function lockEvent(
  db: Executor,
  eventId: number,
  options: { isLocking: boolean } = { isLocking: true },
): Promise<LockedEvent | undefined> {
  const [row] = await selectRows<LockedEvent & { date: Date | string }>(
    db,
    sql`SELECT id, organizer_id AS "organizerId", organization_id AS "organizationId", status, max_attendees AS "maxAttendees", rsvp_count AS "rsvpCount",
          date > now() AS "isUpcoming", (date <= now() AND date > now() - interval '30 days') AS "isAttendanceOpen",
          category_id AS "categoryId", title, description, location, date, duration_minutes AS "durationMinutes",
          is_test AS "isTest", hidden_at IS NOT NULL AS "isModeratorHidden", slot_count AS "slotCount", series_id AS "seriesId"
        FROM events WHERE id = ${eventId} ${options.isLocking ? sql`FOR NO KEY UPDATE` : sql``}`,
  );
  if (!row) return undefined;
  return { ...row, date: row.date instanceof Date ? row.date : new Date(row.date) };
}

/** Returns false when the RSVP already exists; a concurrent insert of the same pair waits, then sees it. */
export async function insertRsvpIfAbsent(
  db: Executor,
  eventId: number,
  userId: string,
  status: RsvpStatus,
): Promise<boolean> {
  const inserted = await db
    .insert(rsvps)
    .values({ eventId, userId, status })
    .onConflictDoNothing({ target: [rsvps.eventId, rsvps.userId] })
    .returning({ eventId: rsvps.eventId });
  return inserted.length > 0;
}

export async function updateRsvpStatus(
  db: Executor,
  eventId: number,
  userId: string,
  status: RsvpStatus,
): Promise<boolean> {
  const updated = await db
    .update(rsvps)
    // Leaving 'organizing' ends co-organizer rights (decisions §21): asking again needs a new approval.
    .set({
      status,
      updatedAt: sql`now()`,
      ...(status === 'organizing' ? {} : { coOrganizerApprovedAt: null }),
    })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .returning({ eventId: rsvps.eventId });
  return updated.length > 0;
}

/** Deletes the RSVP only while it has this status; false otherwise. */
export async function deleteRsvpWithStatus(
  db: Executor,
  eventId: number,
  userId: string,
  status: RsvpStatus,
): Promise<boolean> {
  const deleted = await db
    .delete(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), eq(rsvps.status, status)))
    .returning({ eventId: rsvps.eventId });
  return deleted.length > 0;
}

export async function readRsvpStatus(db: Executor, eventId: number, userId: string): Promise<RsvpStatus | undefined> {
  const [row] = await db
    .select({ status: rsvps.status })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return row?.status;
}

/** Whether the person holds a confirmed slot of the event: what their `attending` stands for there. */
export async function holdsConfirmedSlot(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const rows = await selectRows<{ slotId: number }>(
    db,
    sql`SELECT m.slot_id AS "slotId" FROM slot_signups m JOIN slots s ON s.id = m.slot_id
        WHERE s.event_id = ${eventId} AND m.user_id = ${userId} AND m.status = 'confirmed' LIMIT 1`,
  );
  return rows.length > 0;
}

/** The deleted RSVP, or undefined when there was none; a walk-in (decisions §19) held no seat. */
export async function deleteRsvp(
  db: Executor,
  eventId: number,
  userId: string,
): Promise<{ isWalkIn: boolean } | undefined> {
  const [deleted] = await db
    .delete(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .returning({ isWalkIn: rsvps.isWalkIn });
  return deleted;
}

export async function releaseWalkIn(db: Executor, eventId: number): Promise<void> {
  await db
    .update(events)
    .set({ walkInCount: sql`greatest(${events.walkInCount} - 1, 0)` })
    .where(eq(events.id, eventId));
}

/**
 * Takes a seat only while one is free and the event is upcoming; returns the new count or undefined.
 * Concurrent callers queue on the row lock and PostgreSQL re-checks the condition on the row each one
 * finally sees, so the count can never pass max_attendees, whatever the number of server processes.
 */
export async function takeSeat(db: Executor, eventId: number): Promise<number | undefined> {
  const [row] = await db
    .update(events)
    .set({ rsvpCount: sql`${events.rsvpCount} + 1` })
    .where(
      and(
        eq(events.id, eventId),
        gt(events.date, sql`now()`),
        or(isNull(events.maxAttendees), lt(events.rsvpCount, events.maxAttendees)),
      ),
    )
    .returning({ rsvpCount: events.rsvpCount });
  return row?.rsvpCount;
}

export async function releaseSeat(db: Executor, eventId: number): Promise<void> {
  await db
    .update(events)
    .set({ rsvpCount: sql`greatest(${events.rsvpCount} - 1, 0)` })
    .where(eq(events.id, eventId));
}

export async function readRsvpCount(db: Executor, eventId: number): Promise<number> {
  const [row] = await db.select({ rsvpCount: events.rsvpCount }).from(events).where(eq(events.id, eventId)).limit(1);
  return row?.rsvpCount ?? 0;
}

export async function hasRsvp(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: rsvps.userId })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Returns the new entry's 1-based position, or undefined when the user was already waiting. */
export async function insertWaitlistEntry(db: Executor, eventId: number, userId: string): Promise<number | undefined> {
  const inserted = await db
    .insert(waitlistEntries)
    .values({ eventId, userId })
    .onConflictDoNothing({ target: [waitlistEntries.eventId, waitlistEntries.userId] })
    .returning({ id: waitlistEntries.id });
  const entry = inserted[0];
  if (!entry) return undefined;
  const [row] = await selectRows<{ position: number }>(
    db,
    sql`SELECT count(*)::int AS position FROM waitlist_entries WHERE event_id = ${eventId} AND id <= ${entry.id}`,
  );
  return Number(row?.position ?? 1);
}

export async function deleteWaitlistEntry(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.userId, userId)))
    .returning({ id: waitlistEntries.id });
  return deleted.length > 0;
}

/**
 * Moves the first `count` people of the queue (by entry id: first come first served) onto the event as
 * attending and takes their seats, in one statement. Call it only while holding lockEvent's lock.
 */
export async function promoteWaitlisted(
  db: Executor,
  eventId: number,
  count: number,
): Promise<Array<{ userId: string; entryId: number }>> {
  if (count <= 0) return [];
  const rows = await selectRows<{ user_id: string; entry_id: number }>(
    db,
    sql`WITH next AS (
          DELETE FROM waitlist_entries WHERE id IN (SELECT id FROM waitlist_entries WHERE event_id = ${eventId} ORDER BY id LIMIT ${count})
          RETURNING id, user_id
        ), promoted AS (
          INSERT INTO rsvps (event_id, user_id, status) SELECT ${eventId}, user_id, 'attending' FROM next
          ON CONFLICT (event_id, user_id) DO NOTHING RETURNING user_id
        )
        SELECT promoted.user_id, next.id AS entry_id FROM promoted JOIN next ON next.user_id = promoted.user_id ORDER BY next.id`,
  );
  if (rows.length > 0) {
    await db
      .update(events)
      .set({ rsvpCount: sql`${events.rsvpCount} + ${rows.length}` })
      .where(eq(events.id, eventId));
  }
  return rows.map((row) => ({ userId: row.user_id, entryId: Number(row.entry_id) }));
}
