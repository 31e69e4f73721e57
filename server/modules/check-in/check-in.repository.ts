import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { events, rsvps, users, walkInGuests } from '../../db/schema';

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
export async function markCheckedIn(
  db: Executor,
  eventId: number,
  userId: string,
  device: string | null = null,
  at?: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .update(rsvps)
    .set({ checkedInAt: at ?? sql`now()`, attended: true, checkInDevice: device, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), sql`${rsvps.checkedInAt} IS NULL`))
    .returning({ checkedInAt: rsvps.checkedInAt });
  return row?.checkedInAt ?? undefined;
}

export async function markCheckedOut(
  db: Executor,
  eventId: number,
  userId: string,
  at?: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .update(rsvps)
    .set({ checkedOutAt: at ?? sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), isNotNull(rsvps.checkedInAt)))
    .returning({ checkedOutAt: rsvps.checkedOutAt });
  return row?.checkedOutAt ?? undefined;
}

/**
 * A walk-in's place exists only because of its check-in, so undoing the check-in deletes the place;
 * false when the row is not a walk-in's (a holder's place stays theirs).
 */
export async function deleteWalkInRsvp(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const rows = await db
    .delete(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), eq(rsvps.isWalkIn, true)))
    .returning({ userId: rsvps.userId });
  return rows.length > 0;
}

/** A mistaken check-in is undone whole: the times and the attendance it recorded. */
export async function clearCheckIn(db: Executor, eventId: number, userId: string): Promise<void> {
  await db
    .update(rsvps)
    .set({ checkedInAt: null, checkedOutAt: null, attended: null, checkInDevice: null, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
}

export type DoorRow = TicketHolderRow & {
  profileImageUrl: string | null;
  code: string;
  isWalkIn: boolean;
  checkInDevice: string | null;
};

/** Everyone holding a place but the caller, who cannot check themself in. */
export async function listDoor(db: Executor, eventId: number, callerId: string): Promise<DoorRow[]> {
  return db
    .select({
      ...holderColumns,
      profileImageUrl: users.profileImageUrl,
      code: rsvps.ticketCode,
      isWalkIn: rsvps.isWalkIn,
      checkInDevice: rsvps.checkInDevice,
    })
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

export async function findUserIdByEmail(db: Executor, normalizedEmail: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, normalizedEmail), isNull(users.deletedAt)))
    .limit(1);
  return row?.id;
}

export async function readHolderOf(
  db: Executor,
  eventId: number,
  userId: string,
): Promise<TicketHolderRow | undefined> {
  const [row] = await db
    .select(holderColumns)
    .from(rsvps)
    .innerJoin(users, eq(users.id, rsvps.userId))
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return row;
}

/** Undefined when this address already walked in at this event. */
export async function insertWalkInGuest(
  db: Executor,
  guest: {
    eventId: number;
    firstName: string;
    lastName: string;
    email: string;
    addedBy: string;
    claimTokenHash: string;
  },
): Promise<Date | undefined> {
  const [row] = await db
    .insert(walkInGuests)
    .values(guest)
    .onConflictDoNothing({ target: [walkInGuests.eventId, walkInGuests.email] })
    .returning({ checkedInAt: walkInGuests.checkedInAt });
  return row?.checkedInAt;
}

/** Walk-ins are beyond the places: counted apart from rsvp_count, which its CHECK holds to the capacity. */
export async function countWalkIn(db: Executor, eventId: number): Promise<number> {
  const [row] = await db
    .update(events)
    .set({ walkInCount: sql`${events.walkInCount} + 1` })
    .where(eq(events.id, eventId))
    .returning({ walkInCount: events.walkInCount });
  return row?.walkInCount ?? 0;
}

/** Gives back the count of a walk-in undone; never below zero, as the withdrawal's own release. */
export async function uncountWalkIn(db: Executor, eventId: number): Promise<void> {
  await db
    .update(events)
    .set({ walkInCount: sql`greatest(${events.walkInCount} - 1, 0)` })
    .where(eq(events.id, eventId));
}

export type GuestRow = {
  id: number;
  firstName: string;
  lastName: string;
  checkedInAt: Date;
  checkedOutAt: Date | null;
};

const guestColumns = {
  id: walkInGuests.id,
  firstName: walkInGuests.firstName,
  lastName: walkInGuests.lastName,
  checkedInAt: walkInGuests.checkedInAt,
  checkedOutAt: walkInGuests.checkedOutAt,
};

/** A second check-out moves the time on, as for holders. Undefined when the guest is not at this event. */
export async function markGuestCheckedOut(
  db: Executor,
  eventId: number,
  guestId: number,
): Promise<GuestRow | undefined> {
  const [row] = await db
    .update(walkInGuests)
    .set({ checkedOutAt: sql`now()` })
    .where(and(eq(walkInGuests.eventId, eventId), eq(walkInGuests.id, guestId)))
    .returning(guestColumns);
  return row;
}

/** Whether a guest was there to delete: an undo repeated (a replayed queue) finds nothing. */
export async function deleteGuest(db: Executor, eventId: number, guestId: number): Promise<boolean> {
  const rows = await db
    .delete(walkInGuests)
    .where(and(eq(walkInGuests.eventId, eventId), eq(walkInGuests.id, guestId)))
    .returning({ id: walkInGuests.id });
  return rows.length > 0;
}

export async function readWalkInCount(db: Executor, eventId: number): Promise<number> {
  const [row] = await db.select({ walkInCount: events.walkInCount }).from(events).where(eq(events.id, eventId));
  return row?.walkInCount ?? 0;
}

export async function listGuests(db: Executor, eventId: number): Promise<GuestRow[]> {
  return db
    .select(guestColumns)
    .from(walkInGuests)
    .where(eq(walkInGuests.eventId, eventId))
    .orderBy(asc(walkInGuests.firstName), asc(walkInGuests.lastName), asc(walkInGuests.id));
}

export async function readPersonName(
  db: Executor,
  userId: string,
): Promise<{ firstName: string | null; lastName: string | null } | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
