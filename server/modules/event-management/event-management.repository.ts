import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { CHECK_IN_CLOSES_AFTER_END_MINUTES } from '../../../contract/check-in';
import type { RsvpStatus } from '../../../contract/rsvps';
import { type Executor, selectRows } from '../../db/client';
import { eventPhotos, events, messages, rsvps, users, waitlistEntries } from '../../db/schema';
import { searchTextOf } from '../../lib/search-text';

export type EventChanges = Partial<{
  title: string;
  description: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  date: Date;
  categoryId: number;
  categoryName: string;
  maxAttendees: number | null;
  imageUrl: string | null;
  durationMinutes: number;
}>;

export async function updateEvent(
  db: Executor,
  eventId: number,
  changes: EventChanges,
  searchText: { title: string; description: string; categoryName: string; location: string } | null,
): Promise<void> {
  const { categoryName: _categoryName, ...columns } = changes;
  await db
    .update(events)
    .set({
      ...columns,
      ...(searchText ? { searchVector: sql`to_tsvector('simple', ${searchTextOf(searchText)})` } : {}),
      updatedAt: sql`now()`,
      revision: sql`${events.revision} + 1`,
    })
    .where(eq(events.id, eventId));
}

export async function readCategoryNameOfEvent(db: Executor, eventId: number): Promise<string> {
  const [row] = await selectRows<{ name: string }>(
    db,
    sql`SELECT c.name FROM events e JOIN categories c ON c.id = e.category_id WHERE e.id = ${eventId}`,
  );
  return row?.name ?? '';
}

export async function cancelEvent(db: Executor, eventId: number, reason: string | null): Promise<void> {
  await db
    .update(events)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: sql`now()`, revision: sql`${events.revision} + 1` })
    .where(eq(events.id, eventId));
}

export async function deleteEvent(db: Executor, eventId: number): Promise<void> {
  await db.delete(events).where(eq(events.id, eventId));
}

export async function listPhotoIds(db: Executor, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ id: eventPhotos.id })
    .from(eventPhotos)
    .where(eq(eventPhotos.eventId, eventId))
    .orderBy(asc(eventPhotos.position));
  return rows.map((row) => row.id);
}

export async function deletePhotos(db: Executor, eventId: number, photoIds: string[]): Promise<void> {
  if (photoIds.length === 0) return;
  await db.delete(eventPhotos).where(and(eq(eventPhotos.eventId, eventId), inArray(eventPhotos.id, photoIds)));
}

export async function setPhotoPosition(db: Executor, photoId: string, position: number): Promise<void> {
  await db.update(eventPhotos).set({ position }).where(eq(eventPhotos.id, photoId));
}

export type RsvpHolderRow = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  status: RsvpStatus;
  createdAt: Date;
  attended: boolean | null;
  coOrganizerApprovedAt: Date | null;
  confirmedAt: Date | null;
};

export async function listRsvpHolders(db: Executor, eventId: number): Promise<RsvpHolderRow[]> {
  return db
    .select({
      userId: rsvps.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      status: rsvps.status,
      createdAt: rsvps.createdAt,
      attended: rsvps.attended,
      coOrganizerApprovedAt: rsvps.coOrganizerApprovedAt,
      confirmedAt: rsvps.confirmedAt,
    })
    .from(rsvps)
    .innerJoin(users, eq(users.id, rsvps.userId))
    .where(eq(rsvps.eventId, eventId))
    .orderBy(asc(rsvps.createdAt), asc(rsvps.userId));
}

export type WaitlistRow = {
  id: number;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
};

export async function listWaitlist(db: Executor, eventId: number): Promise<WaitlistRow[]> {
  return db
    .select({
      id: waitlistEntries.id,
      userId: waitlistEntries.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(asc(waitlistEntries.id));
}

export async function countOtherRsvps(db: Executor, eventId: number, userId: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM rsvps WHERE event_id = ${eventId} AND user_id <> ${userId}`,
  );
  return Number(row?.count ?? 0);
}

export async function listRsvpHolderIds(db: Executor, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: rsvps.userId })
    .from(rsvps)
    .where(eq(rsvps.eventId, eventId))
    .orderBy(asc(rsvps.userId));
  return rows.map((row) => row.userId);
}

/** Everyone holding an RSVP to, and everyone waiting for, any of the events: each list without repeats. */
export async function listPeopleOfEvents(
  db: Executor,
  eventIds: number[],
): Promise<{ holderIds: string[]; waitingIds: string[] }> {
  const holders = await db.selectDistinct({ userId: rsvps.userId }).from(rsvps).where(inArray(rsvps.eventId, eventIds));
  const waiting = await db
    .selectDistinct({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.eventId, eventIds));
  return { holderIds: holders.map((row) => row.userId), waitingIds: waiting.map((row) => row.userId) };
}

export async function listWaitlistedIds(db: Executor, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(asc(waitlistEntries.id));
  return rows.map((row) => row.userId);
}

/** Sets attendance for RSVP holders only; returns the user ids that hold no RSVP (nothing is written for them). */
export async function recordAttendance(
  db: Executor,
  eventId: number,
  entries: Array<{ userId: string; attended: boolean }>,
): Promise<void> {
  for (const attended of [true, false]) {
    const userIds = entries.filter((entry) => entry.attended === attended).map((entry) => entry.userId);
    if (userIds.length === 0) continue;
    await db
      .update(rsvps)
      .set({ attended, updatedAt: sql`now()` })
      .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.userId, userIds)));
  }
}

export async function insertAnnouncementMessages(
  db: Executor,
  senderId: string,
  eventId: number,
  receiverIds: string[],
  content: string,
): Promise<void> {
  if (receiverIds.length === 0) return;
  await db.insert(messages).values(
    receiverIds.map((receiverId) => ({
      senderId,
      receiverId,
      receiverEmail: null,
      eventId,
      content,
      isAnnouncement: true,
    })),
  );
}

export type VerifiedHoursRow = { eventId: number; title: string; date: Date; durationMinutes: number };

/**
 * Attendance that verifies hours. Cancelled events count nothing, nor do a person's own events: an
 * organizer's mark for themself (recorded before it was refused) verifies nothing.
 */
const isVerifiedAttendance = and(
  eq(rsvps.attended, true),
  eq(events.status, 'scheduled'),
  sql`${events.organizerId} <> ${rsvps.userId}`,
);

/** Events the user was recorded as attending, newest first. */
const isVerifiedAttendanceOf = (userId: string) => and(eq(rsvps.userId, userId), isVerifiedAttendance);

/**
 * The time a person gave: from check-in to check-out when the door recorded both (a check-out before
 * the check-in counts nothing), else the event's length. No hour is verified before the start (decisions
 * §22): the door opens 2 h early, and a check-in then counts from the start, a check-out then nothing.
 */
const attendedStart = sql<Date>`CASE WHEN ${rsvps.checkedInAt} IS NOT NULL AND ${rsvps.checkedOutAt} IS NOT NULL THEN greatest(${rsvps.checkedInAt}, ${events.date}) ELSE ${events.date} END`;
const attendedEnd = sql<Date>`CASE WHEN ${rsvps.checkedInAt} IS NOT NULL AND ${rsvps.checkedOutAt} IS NOT NULL THEN greatest(${rsvps.checkedOutAt}, ${rsvps.checkedInAt}, ${events.date}) ELSE ${events.date} + make_interval(mins => ${events.durationMinutes}) END`;

/**
 * The attended slots of events with slots (decision 0027): there each attended slot's own window counts,
 * not the event's length. Confirmed places only, of scheduled events the person does not organize; of
 * one person, or of everyone when `userId` is null (the community's figure).
 */
const attendedSlots = (userId: string | null) =>
  sql`slot_signups m JOIN slots s ON s.id = m.slot_id JOIN events e ON e.id = s.event_id
    WHERE m.attended = true AND m.status = 'confirmed' AND e.status = 'scheduled' AND e.organizer_id <> m.user_id
      ${userId === null ? sql`` : sql`AND m.user_id = ${userId}`}`;

export async function listAttendedEvents(db: Executor, userId: string): Promise<VerifiedHoursRow[]> {
  const rows = await selectRows<{
    eventId: number;
    title: string;
    date: Date | string;
    durationMinutes: number | string;
  }>(
    db,
    sql`SELECT "eventId", title, date, "durationMinutes" FROM (
          SELECT ${events.id} AS "eventId", ${events.title} AS title, ${events.date} AS date,
                 extract(epoch FROM ${attendedEnd} - ${attendedStart})::float8 / 60 AS "durationMinutes"
          FROM ${rsvps} JOIN ${events} ON ${events.id} = ${rsvps.eventId}
          WHERE ${isVerifiedAttendanceOf(userId)} AND ${events.slotCount} = 0
          UNION ALL
          SELECT e.id, e.title, e.date, sum(extract(epoch FROM s.ends_at - s.starts_at))::float8 / 60
          FROM ${attendedSlots(userId)}
          GROUP BY e.id, e.title, e.date
        ) attended ORDER BY date DESC, "eventId" DESC`,
  );
  return rows.map((row) => ({
    ...row,
    date: row.date instanceof Date ? row.date : new Date(row.date),
    durationMinutes: Number(row.durationMinutes),
  }));
}

/**
 * The union of each person's attended time spans (events, or on events with slots their attended
 * slots) as islands of time, for the people the filter lets through: a minute inside two overlapping
 * spans of one person lies in one island. Sorted by start, a span opens a new island when it starts
 * after every earlier one of that person has ended (the running maximum of the ends before it); each
 * island runs from its first start to its last end. A CTE list ending in `merged(user_id, island_start,
 * island_end)`, for the caller's SELECT.
 */
function attendedIslands(filter: SQL | undefined, userId: string | null): SQL {
  return sql`WITH spans AS (
          SELECT ${rsvps.userId} AS user_id, ${attendedStart} AS starts_at, ${attendedEnd} AS ends_at
          FROM ${rsvps} JOIN ${events} ON ${events.id} = ${rsvps.eventId}
          WHERE ${filter} AND ${events.slotCount} = 0
          UNION ALL
          SELECT m.user_id, s.starts_at, s.ends_at FROM ${attendedSlots(userId)}
        ), reached AS (
          SELECT user_id, starts_at, ends_at,
                 max(ends_at) OVER (PARTITION BY user_id ORDER BY starts_at, ends_at
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_end
          FROM spans
        ), islands AS (
          SELECT user_id, starts_at, ends_at,
                 sum(CASE WHEN earlier_end IS NULL OR starts_at > earlier_end THEN 1 ELSE 0 END)
                   OVER (PARTITION BY user_id ORDER BY starts_at, ends_at ROWS UNBOUNDED PRECEDING) AS island
          FROM reached
        ), merged AS (
          SELECT user_id, min(starts_at) AS island_start, max(ends_at) AS island_end
          FROM islands GROUP BY user_id, island
        )`;
}

/** The minutes of `attendedIslands`, added up: a minute a person gave in two overlapping spans counts once. */
async function sumAttendedMinutesOnceWhere(
  db: Executor,
  filter: SQL | undefined,
  userId: string | null,
): Promise<number> {
  const [row] = await selectRows<{ minutes: number | string | null }>(
    db,
    sql`${attendedIslands(filter, userId)}
        SELECT sum(extract(epoch FROM island_end - island_start)) / 60 AS minutes FROM merged`,
  );
  return Number(row?.minutes ?? 0);
}

/**
 * A person's verified minutes per calendar month in `timeZone`, for the 12 months from `firstMonth`
 * (YYYY-MM): each island of time counted in the month it began, so the months add up to the headline.
 */
export async function sumAttendedMinutesByMonth(
  db: Executor,
  userId: string,
  timeZone: string,
  firstMonth: string,
): Promise<Map<string, number>> {
  const rows = await selectRows<{ month: string; minutes: number | string }>(
    db,
    sql`${attendedIslands(isVerifiedAttendanceOf(userId), userId)}
        SELECT to_char(date_trunc('month', island_start AT TIME ZONE ${timeZone}), 'YYYY-MM') AS month,
               sum(extract(epoch FROM island_end - island_start)) / 60 AS minutes
        FROM merged
        WHERE island_start AT TIME ZONE ${timeZone} >= to_timestamp(${firstMonth}, 'YYYY-MM')::timestamp
          AND island_start AT TIME ZONE ${timeZone} < to_timestamp(${firstMonth}, 'YYYY-MM')::timestamp + interval '12 months'
        GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.month, Number(row.minutes)]));
}

export function sumAttendedMinutesOnce(db: Executor, userId: string): Promise<number> {
  return sumAttendedMinutesOnceWhere(db, isVerifiedAttendanceOf(userId), userId);
}

/** Every person's verified minutes, added up: the community's figure (decisions.md §21). */
export function sumEveryonesAttendedMinutesOnce(db: Executor): Promise<number> {
  return sumAttendedMinutesOnceWhere(db, isVerifiedAttendance, null);
}

export type OrganizationAttendanceRow = {
  eventId: number;
  title: string;
  date: Date;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  minutes: number;
};

/**
 * Every verified attendance at an organization's events held in [from, to): per person and event, its
 * minutes as a person's own verified hours count them (the door's times, else the event's length; on
 * events with slots each attended slot's window).
 */
export async function listOrganizationAttendance(
  db: Executor,
  organizationId: number,
  from: { date: string; timeZone: string },
  to: { date: string },
): Promise<OrganizationAttendanceRow[]> {
  const starts = sql`(${from.date}::date)::timestamp AT TIME ZONE ${from.timeZone}`;
  const ends = sql`(${to.date}::date + 1)::timestamp AT TIME ZONE ${from.timeZone}`;
  const rows = await selectRows<
    Omit<OrganizationAttendanceRow, 'date' | 'minutes'> & { date: Date | string; minutes: number | string }
  >(
    db,
    sql`SELECT a."eventId", a.title, a.date, a."userId", u.first_name AS "firstName", u.last_name AS "lastName",
          u.profile_image_url AS "profileImageUrl", a.minutes
        FROM (
          SELECT ${events.id} AS "eventId", ${events.title} AS title, ${events.date} AS date, ${rsvps.userId} AS "userId",
                 extract(epoch FROM ${attendedEnd} - ${attendedStart})::float8 / 60 AS minutes
          FROM ${rsvps} JOIN ${events} ON ${events.id} = ${rsvps.eventId}
          WHERE ${isVerifiedAttendance} AND ${events.slotCount} = 0 AND ${events.organizationId} = ${organizationId}
            AND ${events.date} >= ${starts} AND ${events.date} < ${ends}
          UNION ALL
          SELECT e.id, e.title, e.date, m.user_id, sum(extract(epoch FROM s.ends_at - s.starts_at))::float8 / 60
          FROM ${attendedSlots(null)} AND e.organization_id = ${organizationId} AND e.date >= ${starts} AND e.date < ${ends}
          GROUP BY e.id, e.title, e.date, m.user_id
        ) a JOIN users u ON u.id = a."userId"
        ORDER BY a.date, a."eventId", lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), a."userId"`,
  );
  return rows.map((row) => ({
    ...row,
    date: row.date instanceof Date ? row.date : new Date(row.date),
    minutes: Number(row.minutes),
  }));
}

/** Whether the person holds an approved 'organizing' RSVP of the event: a co-organizer (decisions §21). */
export async function isApprovedCoOrganizer(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: rsvps.userId })
    .from(rsvps)
    .where(
      and(
        eq(rsvps.eventId, eventId),
        eq(rsvps.userId, userId),
        eq(rsvps.status, 'organizing'),
        isNotNull(rsvps.coOrganizerApprovedAt),
      ),
    );
  return row !== undefined;
}

/** Approves the person's 'organizing' RSVP; false when they hold none (nothing to approve). */
export async function approveCoOrganizer(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const updated = await db
    .update(rsvps)
    .set({ coOrganizerApprovedAt: sql`coalesce(${rsvps.coOrganizerApprovedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), eq(rsvps.status, 'organizing')))
    .returning({ userId: rsvps.userId });
  return updated.length > 0;
}

/**
 * Declines the request or ends the rights: the person keeps their place, as 'attending'. False when they
 * hold no 'organizing' RSVP.
 */
export async function removeCoOrganizer(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const updated = await db
    .update(rsvps)
    .set({ status: 'attending', coOrganizerApprovedAt: null, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), eq(rsvps.status, 'organizing')))
    .returning({ userId: rsvps.userId });
  return updated.length > 0;
}

export type AttendanceHistoryRow = { userId: string; attended: number; noShows: number };

/**
 * Each person's record at an organizer's past events (decisions §19): came (checked in or marked
 * attended) or a no-show (neither), once the event's check-in has closed, 12 hours after its end.
 * Cancelled events count for nobody.
 */
export async function countAttendanceHistory(
  db: Executor,
  organizerId: string,
  userIds: readonly string[],
): Promise<AttendanceHistoryRow[]> {
  if (userIds.length === 0) return [];
  const hasCome = sql`(${rsvps.attended} IS TRUE OR ${rsvps.checkedInAt} IS NOT NULL)`;
  return db
    .select({
      userId: rsvps.userId,
      attended: sql<number>`count(*) FILTER (WHERE ${hasCome})::int`,
      noShows: sql<number>`count(*) FILTER (WHERE NOT ${hasCome})::int`,
    })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(
      and(
        eq(events.organizerId, organizerId),
        eq(events.status, 'scheduled'),
        sql`${events.date} + (${events.durationMinutes} + ${CHECK_IN_CLOSES_AFTER_END_MINUTES}) * interval '1 minute' < now()`,
        inArray(rsvps.userId, [...userIds]),
      ),
    )
    .groupBy(rsvps.userId);
}
