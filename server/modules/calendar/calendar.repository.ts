import { eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

/** What a calendar entry shows of an event, and nothing of anyone else. */
export type CalendarEventRow = {
  id: number;
  title: string;
  description: string;
  location: string;
  date: Date;
  durationMinutes: number;
  status: 'scheduled' | 'cancelled';
  cancelReason: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  organizerFirstName: string | null;
  organizerLastName: string | null;
};

/** The feed reaches back a year: older entries are history a calendar app already keeps. */
const FEED_HISTORY = sql`interval '365 days'`;
/** A bound on one feed's size; a volunteer with more RSVPs than this in a year gets the soonest ones. */
const FEED_EVENTS_MAX = 1000;

const SELECTED = sql`e.id, e.title, e.description, e.location, e.date, e.duration_minutes AS "durationMinutes", e.status,
  e.cancel_reason AS "cancelReason", e.revision, e.created_at AS "createdAt", e.updated_at AS "updatedAt",
  u.first_name AS "organizerFirstName", u.last_name AS "organizerLastName"`;

function withDates<T extends { date: Date | string; createdAt: Date | string; updatedAt: Date | string }>(
  row: T,
): T & { date: Date; createdAt: Date; updatedAt: Date } {
  return { ...row, date: new Date(row.date), createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

/** A developer test panel's event, and one a moderator hid, are in their organizer's calendar only. */
export async function findCalendarEvent(
  db: Executor,
  eventId: number,
  viewerId: string | null,
): Promise<CalendarEventRow | undefined> {
  const [row] = await selectRows<CalendarEventRow>(
    db,
    sql`SELECT ${SELECTED} FROM events e JOIN users u ON u.id = e.organizer_id
        WHERE e.id = ${eventId} AND ((e.is_test = false AND e.hidden_at IS NULL) OR e.organizer_id = ${viewerId})`,
  );
  return row ? withDates(row) : undefined;
}

export async function listCalendarEventsOf(db: Executor, userId: string): Promise<CalendarEventRow[]> {
  const rows = await selectRows<CalendarEventRow>(
    db,
    sql`SELECT ${SELECTED} FROM rsvps r JOIN events e ON e.id = r.event_id JOIN users u ON u.id = e.organizer_id
        WHERE r.user_id = ${userId} AND e.date > now() - ${FEED_HISTORY} AND ((e.is_test = false AND e.hidden_at IS NULL) OR e.organizer_id = ${userId})
        ORDER BY e.date, e.id LIMIT ${FEED_EVENTS_MAX}`,
  );
  return rows.map(withDates);
}

export async function findFeedByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; tokenHash: string } | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, tokenHash: calendarFeeds.tokenHash })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

export async function findFeedOf(db: Executor, userId: string): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row;
}

/** One row per user: the new hash replaces the old in one statement, so the old URL is dead when this returns. */
export async function replaceFeed(db: Executor, userId: string, tokenHash: string): Promise<Date> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row!.createdAt;
}

export async function deleteFeed(db: Executor, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
