import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { events, rsvps, users } from '../../db/schema';

export async function readTicketCode(db: Executor, eventId: number, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: rsvps.ticketCode })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return row?.code;
}

export type TicketHolderRow = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
};

const holderColumns = {
  userId: rsvps.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  checkedInAt: rsvps.checkedInAt,
  checkedOutAt: rsvps.checkedOutAt,
};

/** The holder of a code at this event only: a code of another event finds nothing. */
export async function findTicketHolder(
  db: Executor,
  eventId: number,
  code: string,
): Promise<TicketHolderRow | undefined> {
  const [row] = await db
    .select(holderColumns)
    .from(rsvps)
    .innerJoin(users, eq(users.id, rsvps.userId))
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.ticketCode, code)))
    .limit(1);
  return row;
}

/**
 * Checks a holder in unless they already are; the row's lock (the event's, taken first) makes the first
 * of two concurrent scans the one that counts. Undefined when the holder was already in.
 */
export async function markCheckedIn(db: Executor, eventId: number, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .update(rsvps)
    .set({ checkedInAt: sql`now()`, attended: true, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), sql`${rsvps.checkedInAt} IS NULL`))
    .returning({ checkedInAt: rsvps.checkedInAt });
  return row?.checkedInAt ?? undefined;
}

export async function markCheckedOut(db: Executor, eventId: number, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .update(rsvps)
    .set({ checkedOutAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), isNotNull(rsvps.checkedInAt)))
    .returning({ checkedOutAt: rsvps.checkedOutAt });
  return row?.checkedOutAt ?? undefined;
}

/** A mistaken check-in is undone whole: the times and the attendance it recorded. */
export async function clearCheckIn(db: Executor, eventId: number, userId: string): Promise<void> {
  await db
    .update(rsvps)
    .set({ checkedInAt: null, checkedOutAt: null, attended: null, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
}

export type DoorRow = TicketHolderRow & { profileImageUrl: string | null; code: string };

/** Everyone holding a place but the caller, who cannot check themself in. */
export async function listDoor(db: Executor, eventId: number, callerId: string): Promise<DoorRow[]> {
  return db
    .select({ ...holderColumns, profileImageUrl: users.profileImageUrl, code: rsvps.ticketCode })
    .from(rsvps)
    .innerJoin(users, eq(users.id, rsvps.userId))
    .where(and(eq(rsvps.eventId, eventId), sql`${rsvps.userId} <> ${callerId}`))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(rsvps.userId));
}

export type PlaceForReplyRow = {
  ticketCode: string;
  confirmedAt: Date | null;
  firstName: string | null;
  title: string;
  date: Date;
  location: string;
  eventStatus: string;
};

/** A place and its event, for the reminder's answer page; undefined when the person holds none. */
export async function readPlaceForReply(
  db: Executor,
  eventId: number,
  userId: string,
): Promise<PlaceForReplyRow | undefined> {
  const [row] = await db
    .select({
      ticketCode: rsvps.ticketCode,
      confirmedAt: rsvps.confirmedAt,
      firstName: users.firstName,
      title: events.title,
      date: events.date,
      location: events.location,
      eventStatus: events.status,
    })
    .from(rsvps)
    .innerJoin(users, eq(users.id, rsvps.userId))
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return row;
}

/** Only the place the link was written for (its code): a confirmation pressed twice keeps the first time. */
export async function markConfirmed(
  db: Executor,
  eventId: number,
  userId: string,
  ticketCode: string,
): Promise<Date | undefined> {
  const [row] = await db
    .update(rsvps)
    .set({ confirmedAt: sql`coalesce(${rsvps.confirmedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), eq(rsvps.ticketCode, ticketCode)))
    .returning({ confirmedAt: rsvps.confirmedAt });
  return row?.confirmedAt ?? undefined;
}
