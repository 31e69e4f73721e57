import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Slot, SlotSignupStatus } from '../../../contract/slots';
import { type Executor, selectRows } from '../../db/client';
import { events, slotSignups, slots, slotWaitlistEntries } from '../../db/schema';

/** A slot's row as the rules need it, locked for the transaction by lockSlots. */
export type LockedSlot = {
  id: number;
  eventId: number;
  role: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  requiresApproval: boolean;
  signupCount: number;
  pendingCount: number;
  /** The group of copies of this slot on a series' dates (decision 0032); null for a slot of one date. */
  seriesSlotId: number | null;
  /** Whether now is within the attendance window (from the slot's start until 30 days after). */
  isAttendanceOpen: boolean;
};

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

const SLOT_COLUMNS = sql`id, event_id AS "eventId", role, description, starts_at AS "startsAt", ends_at AS "endsAt",
  capacity, requires_approval AS "requiresApproval", signup_count AS "signupCount", pending_count AS "pendingCount",
  series_slot_id AS "seriesSlotId", (starts_at <= now() AND starts_at > now() - interval '30 days') AS "isAttendanceOpen"`;

function toLockedSlot(row: LockedSlot & { startsAt: Date | string; endsAt: Date | string }): LockedSlot {
  return { ...row, startsAt: toDate(row.startsAt), endsAt: toDate(row.endsAt) };
}

/** Only the event id of a slot, unlocked: which event's lock to take first. */
export async function findSlotEventId(db: Executor, slotId: number): Promise<number | undefined> {
  const [row] = await db.select({ eventId: slots.eventId }).from(slots).where(eq(slots.id, slotId)).limit(1);
  return row?.eventId;
}

function idList(ids: number[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** The slots matching `condition` in id order, locked for the transaction unless only read. */
async function selectSlots(db: Executor, condition: SQL, isLocking: boolean): Promise<LockedSlot[]> {
  const rows = await selectRows<LockedSlot & { startsAt: Date | string; endsAt: Date | string }>(
    db,
    sql`SELECT ${SLOT_COLUMNS} FROM slots WHERE ${condition} ORDER BY id ${isLocking ? sql`FOR UPDATE` : sql``}`,
  );
  return rows.map(toLockedSlot);
}

/**
 * Locks slots of one event in id order, after the event's own lock (decision 0027's lock order:
 * event, then slots, then people). Slots of another event are not returned.
 */
export async function lockSlots(
  db: Executor,
  eventId: number,
  slotIds: number[],
  { isLocking = true }: { isLocking?: boolean } = {},
): Promise<LockedSlot[]> {
  if (slotIds.length === 0) return [];
  return selectSlots(db, sql`event_id = ${eventId} AND id IN (${idList(slotIds)})`, isLocking);
}

export async function countSlotsOfEvent(db: Executor, eventId: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM slots WHERE event_id = ${eventId}`,
  );
  return Number(row?.count ?? 0);
}

/**
 * Holds one person's slot writes in every process one after another (a transaction-scoped advisory lock),
 * so two overlapping slots asked for at once, even of two events, cannot both be taken. Taken after the
 * event's and slots' locks; a transaction locking several people locks them in sorted order.
 */
export async function lockPeople(db: Executor, userIds: string[]): Promise<void> {
  for (const userId of [...new Set(userIds)].sort()) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(2027, hashtext(${userId}))`);
  }
}

/** Whether the person holds (confirmed or pending) another slot overlapping the window. */
export async function holdsOverlappingSlot(
  db: Executor,
  userId: string,
  window: { startsAt: Date; endsAt: Date },
  exceptSlotIds: number[],
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    // A hidden event no longer blocks its people's other slots (decisions §22).
    sql`SELECT s.id FROM slot_signups m JOIN slots s ON s.id = m.slot_id JOIN events e ON e.id = s.event_id
        WHERE m.user_id = ${userId} AND e.hidden_at IS NULL AND s.starts_at < ${window.endsAt.toISOString()}::timestamptz
          AND s.ends_at > ${window.startsAt.toISOString()}::timestamptz
          ${exceptSlotIds.length > 0 ? sql`AND s.id NOT IN (${idList(exceptSlotIds)})` : sql``}
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** Everyone holding (confirmed or pending) a slot of the events. */
export async function listHolderIdsOfEvents(db: Executor, eventIds: number[]): Promise<string[]> {
  const rows = await selectRows<{ userId: string }>(
    db,
    sql`SELECT DISTINCT m.user_id AS "userId" FROM slot_signups m JOIN slots s ON s.id = m.slot_id
        WHERE s.event_id IN (${idList(eventIds)})`,
  );
  return rows.map((row) => row.userId);
}

/** Moves every slot of the events by `shiftMs`, keeping each one's length. */
export async function shiftSlotsOfEvents(db: Executor, eventIds: number[], shiftMs: number): Promise<void> {
  await db.execute(
    sql`UPDATE slots SET starts_at = starts_at + ${shiftMs} * interval '1 millisecond',
          ends_at = ends_at + ${shiftMs} * interval '1 millisecond', updated_at = now()
        WHERE event_id IN (${idList(eventIds)})`,
  );
}

/** Whether someone holding a slot of the events also holds an overlapping slot of another event. */
export async function hasHolderOverlapOutside(db: Executor, eventIds: number[]): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM slot_signups mine JOIN slots moved ON moved.id = mine.slot_id
          JOIN slot_signups theirs ON theirs.user_id = mine.user_id
          JOIN slots other ON other.id = theirs.slot_id
        WHERE moved.event_id IN (${idList(eventIds)}) AND other.event_id NOT IN (${idList(eventIds)})
          AND other.starts_at < moved.ends_at AND moved.starts_at < other.ends_at
        LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertSlot(
  db: Executor,
  eventId: number,
  values: {
    role: string;
    description: string;
    startsAt: Date;
    endsAt: Date;
    capacity: number;
    requiresApproval: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(slots)
    .values({ eventId, ...values })
    .returning({ id: slots.id });
  return row!.id;
}

/** Makes the slots one group of copies across a series' dates, named by the chosen date's slot. */
export async function markSeriesCopies(db: Executor, slotIds: number[], seriesSlotId: number): Promise<void> {
  await db.update(slots).set({ seriesSlotId }).where(inArray(slots.id, slotIds));
}

/**
 * Locks the copies of a slot on the given dates, in id order. The caller holds those events' locks
 * already (lockOccurrences), so decision 0027's order, event then slots, holds.
 */
export async function lockSeriesCopies(
  db: Executor,
  seriesSlotId: number,
  eventIds: number[],
  { isLocking = true }: { isLocking?: boolean } = {},
): Promise<LockedSlot[]> {
  if (eventIds.length === 0) return [];
  return selectSlots(db, sql`series_slot_id = ${seriesSlotId} AND event_id IN (${idList(eventIds)})`, isLocking);
}

export async function updateSlot(
  db: Executor,
  slotId: number,
  changes: Partial<{
    role: string;
    description: string;
    startsAt: Date;
    endsAt: Date;
    capacity: number;
    requiresApproval: boolean;
  }>,
): Promise<void> {
  await db
    .update(slots)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(slots.id, slotId));
}

export async function deleteSlot(db: Executor, slotId: number): Promise<void> {
  await db.delete(slots).where(eq(slots.id, slotId));
}

/**
 * Writes the event's slot totals from its slots, under the event's lock: what event answers show as
 * slotCount and openSlotPlaces.
 */
export async function refreshSlotTotals(db: Executor, eventId: number): Promise<void> {
  await db
    .update(events)
    .set({
      slotCount: sql`(SELECT count(*)::int FROM slots WHERE event_id = ${eventId})`,
      openSlotPlaces: sql`(SELECT coalesce(sum(capacity - signup_count - pending_count), 0)::int FROM slots WHERE event_id = ${eventId})`,
      slotPlaces: sql`(SELECT coalesce(sum(capacity), 0)::int FROM slots WHERE event_id = ${eventId})`,
    })
    .where(eq(events.id, eventId));
}

export async function findSignupStatus(
  db: Executor,
  slotId: number,
  userId: string,
): Promise<SlotSignupStatus | undefined> {
  const [row] = await db
    .select({ status: slotSignups.status })
    .from(slotSignups)
    .where(and(eq(slotSignups.slotId, slotId), eq(slotSignups.userId, userId)))
    .limit(1);
  return row?.status;
}

/**
 * Takes a place only while one is free; false when the slot is full. Run under the slot's lock, and the
 * slots_capacity CHECK backs the condition.
 */
export async function takeSlotPlace(db: Executor, slotId: number, status: SlotSignupStatus): Promise<boolean> {
  const counter = status === 'confirmed' ? slots.signupCount : slots.pendingCount;
  const updated = await db
    .update(slots)
    .set(status === 'confirmed' ? { signupCount: sql`${counter} + 1` } : { pendingCount: sql`${counter} + 1` })
    .where(and(eq(slots.id, slotId), sql`${slots.signupCount} + ${slots.pendingCount} < ${slots.capacity}`))
    .returning({ id: slots.id });
  return updated.length > 0;
}

export async function insertSignup(
  db: Executor,
  slotId: number,
  userId: string,
  status: SlotSignupStatus,
): Promise<void> {
  await db.insert(slotSignups).values({ slotId, userId, status });
}

/** Removes a person's place and gives it back to the slot's count; the status it had, or undefined. */
export async function deleteSignup(
  db: Executor,
  slotId: number,
  userId: string,
): Promise<SlotSignupStatus | undefined> {
  const [row] = await db
    .delete(slotSignups)
    .where(and(eq(slotSignups.slotId, slotId), eq(slotSignups.userId, userId)))
    .returning({ status: slotSignups.status });
  if (!row) return undefined;
  await db
    .update(slots)
    .set(
      row.status === 'confirmed'
        ? { signupCount: sql`${slots.signupCount} - 1` }
        : { pendingCount: sql`${slots.pendingCount} - 1` },
    )
    .where(eq(slots.id, slotId));
  return row.status;
}

/** A pending place becomes confirmed; false when the person had no pending place. */
export async function confirmPendingSignup(db: Executor, slotId: number, userId: string): Promise<boolean> {
  const updated = await db
    .update(slotSignups)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .where(and(eq(slotSignups.slotId, slotId), eq(slotSignups.userId, userId), eq(slotSignups.status, 'pending')))
    .returning({ slotId: slotSignups.slotId });
  if (updated.length === 0) return false;
  await db
    .update(slots)
    .set({ signupCount: sql`${slots.signupCount} + 1`, pendingCount: sql`${slots.pendingCount} - 1` })
    .where(eq(slots.id, slotId));
  return true;
}

export async function listHolderIds(db: Executor, slotId: number): Promise<string[]> {
  const rows = await db.select({ userId: slotSignups.userId }).from(slotSignups).where(eq(slotSignups.slotId, slotId));
  return rows.map((row) => row.userId);
}

/** Everyone holding a place in, and everyone waiting for, any of the slots: each list without repeats. */
export async function listPeopleOfSlots(
  db: Executor,
  slotIds: number[],
): Promise<{ holderIds: string[]; waitingIds: string[] }> {
  const holders = await db
    .selectDistinct({ userId: slotSignups.userId })
    .from(slotSignups)
    .where(inArray(slotSignups.slotId, slotIds));
  const waiting = await db
    .selectDistinct({ userId: slotWaitlistEntries.userId })
    .from(slotWaitlistEntries)
    .where(inArray(slotWaitlistEntries.slotId, slotIds));
  return { holderIds: holders.map((row) => row.userId), waitingIds: waiting.map((row) => row.userId) };
}

export async function listWaitingIds(db: Executor, slotId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: slotWaitlistEntries.userId })
    .from(slotWaitlistEntries)
    .where(eq(slotWaitlistEntries.slotId, slotId))
    .orderBy(slotWaitlistEntries.id);
  return rows.map((row) => row.userId);
}

/** Returns the new entry's 1-based position, or undefined when the person was already waiting. */
export async function insertWaitlistEntry(db: Executor, slotId: number, userId: string): Promise<number | undefined> {
  const inserted = await db
    .insert(slotWaitlistEntries)
    .values({ slotId, userId })
    .onConflictDoNothing({ target: [slotWaitlistEntries.slotId, slotWaitlistEntries.userId] })
    .returning({ id: slotWaitlistEntries.id });
  const entry = inserted[0];
  if (!entry) return undefined;
  const [row] = await selectRows<{ position: number }>(
    db,
    sql`SELECT count(*)::int AS position FROM slot_waitlist_entries WHERE slot_id = ${slotId} AND id <= ${entry.id}`,
  );
  return Number(row?.position ?? 1);
}

export async function deleteWaitlistEntries(db: Executor, slotId: number, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const deleted = await db
    .delete(slotWaitlistEntries)
    .where(and(eq(slotWaitlistEntries.slotId, slotId), inArray(slotWaitlistEntries.userId, userIds)))
    .returning({ id: slotWaitlistEntries.id });
  return deleted.length;
}

type SlotAnswerRow = Omit<Slot, 'startsAt' | 'endsAt'> & { startsAt: Date | string; endsAt: Date | string };

function toSlot(row: SlotAnswerRow): Slot {
  return {
    id: row.id,
    eventId: row.eventId,
    role: row.role,
    description: row.description,
    startsAt: toDate(row.startsAt).toISOString(),
    endsAt: toDate(row.endsAt).toISOString(),
    capacity: row.capacity,
    requiresApproval: row.requiresApproval,
    signupCount: row.signupCount,
    pendingCount: row.pendingCount,
    waitlistCount: Number(row.waitlistCount),
    userSignupStatus: row.userSignupStatus ?? null,
    hasSeriesCopies: row.hasSeriesCopies === true,
  };
}

const SLOT_ANSWER_COLUMNS = (viewerId: string | null) => sql`s.id, s.event_id AS "eventId", s.role, s.description,
  s.starts_at AS "startsAt", s.ends_at AS "endsAt", s.capacity, s.requires_approval AS "requiresApproval",
  s.signup_count AS "signupCount", s.pending_count AS "pendingCount",
  (SELECT count(*)::int FROM slot_waitlist_entries w WHERE w.slot_id = s.id) AS "waitlistCount",
  coalesce(
    (SELECT m.status FROM slot_signups m WHERE m.slot_id = s.id AND m.user_id = ${viewerId}),
    (SELECT 'waitlisted' FROM slot_waitlist_entries w WHERE w.slot_id = s.id AND w.user_id = ${viewerId})
  ) AS "userSignupStatus",
  (s.series_slot_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM slots c WHERE c.series_slot_id = s.series_slot_id AND c.id <> s.id
  )) AS "hasSeriesCopies"`;

/** An event's slots as answers, by start then role (then id, so equal ones keep one order). */
export async function listSlotAnswers(db: Executor, eventId: number, viewerId: string | null): Promise<Slot[]> {
  const rows = await selectRows<SlotAnswerRow>(
    db,
    sql`SELECT ${SLOT_ANSWER_COLUMNS(viewerId)} FROM slots s WHERE s.event_id = ${eventId}
        ORDER BY s.starts_at, s.role, s.id`,
  );
  return rows.map(toSlot);
}

export async function findSlotAnswer(db: Executor, slotId: number, viewerId: string | null): Promise<Slot | undefined> {
  const [row] = await selectRows<SlotAnswerRow>(
    db,
    sql`SELECT ${SLOT_ANSWER_COLUMNS(viewerId)} FROM slots s WHERE s.id = ${slotId}`,
  );
  return row ? toSlot(row) : undefined;
}

/**
 * The person's places and queues in slots not yet ended, soonest first, of events they may see (no
 * other organizer's test event).
 */
export async function listSlotsOfPerson(
  db: Executor,
  userId: string,
): Promise<Array<Slot & { event: { id: number; title: string } }>> {
  const rows = await selectRows<SlotAnswerRow & { eventTitle: string }>(
    db,
    sql`SELECT ${SLOT_ANSWER_COLUMNS(userId)}, e.title AS "eventTitle" FROM slots s JOIN events e ON e.id = s.event_id
        WHERE s.ends_at > now() AND ((NOT e.is_test AND e.hidden_at IS NULL) OR e.organizer_id = ${userId})
          AND (EXISTS (SELECT 1 FROM slot_signups m WHERE m.slot_id = s.id AND m.user_id = ${userId})
            OR EXISTS (SELECT 1 FROM slot_waitlist_entries w WHERE w.slot_id = s.id AND w.user_id = ${userId}))
        ORDER BY s.starts_at, s.id LIMIT 500`,
  );
  return rows.map((row) => ({ ...toSlot(row), event: { id: row.eventId, title: row.eventTitle } }));
}

export type RosterRow = {
  slotId: number;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  status: SlotSignupStatus | 'waitlisted';
  createdAt: Date | string;
  attended: boolean | null;
};

/** Every slot's people (places by when taken, then the queue in order) for the organizer. */
export async function listRoster(db: Executor, eventId: number): Promise<RosterRow[]> {
  return selectRows<RosterRow>(
    db,
    sql`SELECT * FROM (
          SELECT m.slot_id AS "slotId", u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName",
                 u.profile_image_url AS "profileImageUrl", m.status, m.created_at AS "createdAt", m.attended, 0 AS queue_order
          FROM slot_signups m JOIN slots s ON s.id = m.slot_id JOIN users u ON u.id = m.user_id WHERE s.event_id = ${eventId}
          UNION ALL
          SELECT w.slot_id, u.id, u.first_name, u.last_name, u.profile_image_url, 'waitlisted', w.created_at, NULL, w.id
          FROM slot_waitlist_entries w JOIN slots s ON s.id = w.slot_id JOIN users u ON u.id = w.user_id WHERE s.event_id = ${eventId}
        ) roster ORDER BY "slotId", queue_order, "createdAt", "userId"`,
  );
}

export async function recordAttendance(
  db: Executor,
  slotId: number,
  entries: Array<{ userId: string; attended: boolean }>,
): Promise<void> {
  for (const entry of entries) {
    await db
      .update(slotSignups)
      .set({ attended: entry.attended, updatedAt: sql`now()` })
      .where(and(eq(slotSignups.slotId, slotId), eq(slotSignups.userId, entry.userId)));
  }
}
