import { and, asc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { RsvpStatus } from '../../../contract/rsvps';
import { type Executor, selectRows } from '../../db/client';
import { eventPhotos, events, rsvps } from '../../db/schema';
import { foldForSearch } from '../../lib/search-text';

export type EventListFilter = {
  categoryId?: number;
  /** A to_tsquery text (see toPrefixQuery); words only, so it cannot break the query syntax. */
  tsQuery?: string;
  /**
   * Whether the search words are thought to be in more than SEARCH_COMMON_SHARE of events: then the
   * next events in date order are looked through first, otherwise the text index is asked at once.
   */
  isSearchCommon?: boolean;
  location?: string;
  includePast: boolean;
  after?: { date: string; id: number };
  limit: number;
};

export type NewEvent = {
  title: string;
  description: string;
  location: string;
  date: Date;
  imageUrl: string | null;
  categoryId: number;
  categoryName: string;
  organizerId: string;
  maxAttendees: number | null;
};

/** `cardBytes`: the smaller rendition cards load (contract/photos.ts), null when the photo is no wider. */
export type NewPhoto = { id: string; position: number; contentType: string; width: number; height: number; bytes: Buffer; cardBytes: Buffer | null };

export type EventRow = Omit<NewEvent, 'categoryName'> & {
  id: number;
  rsvpCount: number;
  ratingCount: number;
  ratingSum: number;
  createdAt: Date;
  updatedAt: Date;
  categoryName: string;
  categoryColor: string;
  categoryIcon: string;
  organizerFirstName: string | null;
  organizerLastName: string | null;
  organizerEmail: string | null;
  organizerProfileImageUrl: string | null;
  userRsvpStatus: RsvpStatus | null;
  /** Microsecond precision: a cursor rounded to JavaScript's milliseconds could skip or repeat rows. */
  cursorDate: string;
  /** In display order. */
  photoIds: string[];
};

/**
 * Every read of events, with category, organizer, the viewer's RSVP and photo ids, in ONE statement of
 * plain SQL. Written out rather than built with Drizzle's query builder: at 50 events a page, building
 * the query and mapping 1 300 fields through the builder cost more CPU than everything else the request
 * did (issue 6 profile, docs/benchmarks.md). search_vector and the photo bytes are never read here: both
 * are large and unused by readers.
 */
async function readEvents(db: Executor, viewerId: string, options: { where: SQL; orderBy: SQL; isViewerRsvpRequired?: boolean }): Promise<EventRow[]> {
  const rsvpJoin = options.isViewerRsvpRequired ? sql.raw('JOIN') : sql.raw('LEFT JOIN');
  const result = await db.execute(sql`
    SELECT e.id, e.title, e.description, e.location, e.date, e.image_url AS "imageUrl", e.category_id AS "categoryId",
      e.organizer_id AS "organizerId", e.max_attendees AS "maxAttendees", e.rsvp_count AS "rsvpCount",
      e.rating_count AS "ratingCount", e.rating_sum AS "ratingSum", e.created_at AS "createdAt", e.updated_at AS "updatedAt",
      c.name AS "categoryName", c.color AS "categoryColor", c.icon AS "categoryIcon",
      u.first_name AS "organizerFirstName", u.last_name AS "organizerLastName", u.email AS "organizerEmail",
      u.profile_image_url AS "organizerProfileImageUrl", r.status AS "userRsvpStatus",
      to_char(e.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorDate",
      ARRAY(SELECT p.id FROM event_photos p WHERE p.event_id = e.id ORDER BY p.position) AS "photoIds"
    FROM events e
    JOIN categories c ON c.id = e.category_id
    JOIN users u ON u.id = e.organizer_id
    ${rsvpJoin} rsvps r ON r.event_id = e.id AND r.user_id = ${viewerId}
    WHERE ${options.where}
    ORDER BY ${options.orderBy}`);
  const rows = (result as unknown as { rows: Array<EventRow & { date: Date | string; createdAt: Date | string; updatedAt: Date | string }> }).rows;
  // node-postgres parses timestamptz into Date; keep the type exact whichever driver answered.
  for (const row of rows) {
    if (!(row.date instanceof Date)) row.date = new Date(row.date);
    if (!(row.createdAt instanceof Date)) row.createdAt = new Date(row.createdAt);
    if (!(row.updatedAt instanceof Date)) row.updatedAt = new Date(row.updatedAt);
  }
  return rows as EventRow[];
}

/** Turns user text into a LIKE pattern that matches it literally anywhere in the value. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A search walks the events in date order or asks its text index; neither is fast for every word
 * (docs/decisions/0008): date order over a rare word reads the whole table, and the index over a word
 * found everywhere hands back every row to sort. PostgreSQL cannot choose by itself because it has no
 * statistics for prefix queries ("volunt:*"), so the service estimates each word's share of events from
 * pg_stats (readSearchWordShares) and passes `isSearchCommon`. A common word is looked for in the next
 * SEARCH_WINDOW events in date order; a page that comes back short (the estimate was wrong, or the
 * events are few) is asked of the text index instead. At 100 000 events (docs/benchmarks.md) the
 * window reads about 400 events a millisecond and the index about 2 ms per 1 000 matching events: a
 * 2 000-event window fills a page for any word in 2.6 % of events or more, and 4 % leaves it a margin.
 */
export const SEARCH_COMMON_SHARE = 0.04;
const SEARCH_WINDOW = 2000;
/**
 * A place has no statistics to plan from, so a location search always looks through the window first;
 * the trigram index, which rechecks every candidate row, answers the places the window cannot fill.
 */
const LOCATION_WINDOW = 2000;

/**
 * The share of events holding each of the most common search words, from the planner's statistics
 * (refreshed by ANALYZE / autovacuum). Words not listed are rarer than every listed one.
 */
export async function readSearchWordShares(db: Executor): Promise<Map<string, number>> {
  const rows = await selectRows<{ words: string[] | string | null; shares: number[] | string | null }>(
    db,
    sql`SELECT most_common_elems::text::text[] AS words, most_common_elem_freqs AS shares FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'events' AND attname = 'search_vector'`,
  );
  const shares = new Map<string, number>();
  const [row] = rows;
  if (!row || !Array.isArray(row.words) || !Array.isArray(row.shares)) return shares;
  row.words.forEach((word, index) => shares.set(word, Number((row.shares as number[])[index])));
  return shares;
}

/** The ids of one page, in (date, id) order, so the events_date_id / events_category_date_id indexes serve it. */
async function selectPageIds(db: Executor, filter: EventListFilter): Promise<number[]> {
  const conditions: SQL[] = [];
  if (!filter.includePast) conditions.push(gt(events.date, sql`now()`));
  if (filter.categoryId !== undefined) conditions.push(eq(events.categoryId, filter.categoryId));
  if (filter.after) conditions.push(sql`(${events.date}, ${events.id}) > (${filter.after.date}::timestamptz, ${filter.after.id})`);
  const textConditions: SQL[] = [];
  if (filter.tsQuery) textConditions.push(sql`search_vector @@ to_tsquery('simple', ${filter.tsQuery})`);
  // Same expression as the events_location_trgm index, so PostgreSQL can use it.
  if (filter.location) textConditions.push(sql`lower(location) LIKE lower(${containsPattern(filter.location)}) ESCAPE '\\'`);

  if (textConditions.length === 0) {
    const rows = await db.select({ id: events.id }).from(events).where(and(...conditions)).orderBy(asc(events.date), asc(events.id)).limit(filter.limit);
    return rows.map((row) => row.id);
  }
  if (filter.tsQuery && !filter.isSearchCommon) return selectPageIdsFromTextIndex(db, conditions, textConditions, filter.limit);
  const window = db
    .select({ id: events.id, date: events.date, search_vector: events.searchVector, location: events.location })
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.date), asc(events.id))
    .limit(filter.tsQuery ? SEARCH_WINDOW : LOCATION_WINDOW)
    .as('window');
  const fromWindow = await db.select({ id: window.id }).from(window).where(and(...textConditions)).orderBy(asc(window.date), asc(window.id)).limit(filter.limit);
  if (fromWindow.length === filter.limit) return fromWindow.map((row) => row.id);
  return selectPageIdsFromTextIndex(db, conditions, textConditions, filter.limit);
}

async function selectPageIdsFromTextIndex(db: Executor, conditions: SQL[], textConditions: SQL[], limit: number): Promise<number[]> {
  // Ordering by an expression keeps the planner off the date index, so it takes the text index's matches.
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(...conditions, ...textConditions))
    .orderBy(sql`${events.date} + interval '0 seconds'`, asc(events.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The page's ids are chosen first, so the joins run for at most `limit` rows. */
export async function listEvents(db: Executor, viewerId: string, filter: EventListFilter) {
  const ids = await selectPageIds(db, filter);
  if (ids.length === 0) return [];
  return readEvents(db, viewerId, { where: sql`e.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`, orderBy: sql`e.date, e.id` });
}

export async function findEvent(db: Executor, viewerId: string, eventId: number): Promise<EventRow | undefined> {
  const [row] = await readEvents(db, viewerId, { where: sql`e.id = ${eventId}`, orderBy: sql`e.id` });
  return row;
}

export function listEventsOrganizedBy(db: Executor, userId: string): Promise<EventRow[]> {
  return readEvents(db, userId, { where: sql`e.organizer_id = ${userId}`, orderBy: sql`e.date DESC, e.id DESC` });
}

export function listEventsWithRsvpOf(db: Executor, userId: string): Promise<EventRow[]> {
  return readEvents(db, userId, { where: sql`TRUE`, orderBy: sql`e.date DESC, e.id DESC`, isViewerRsvpRequired: true });
}

/** The text behind search_vector: title, description and category name, accent-folded (decisions §3). */
export function searchTextOf(event: Pick<NewEvent, 'title' | 'description' | 'categoryName'>): string {
  return foldForSearch(`${event.title} ${event.description} ${event.categoryName}`);
}

export async function insertEvent(db: Executor, event: NewEvent): Promise<number> {
  const [row] = await db
    .insert(events)
    .values({
      title: event.title,
      description: event.description,
      location: event.location,
      date: event.date,
      imageUrl: event.imageUrl,
      categoryId: event.categoryId,
      organizerId: event.organizerId,
      maxAttendees: event.maxAttendees,
      searchVector: sql`to_tsvector('simple', ${searchTextOf(event)})`,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('insert into events returned no row');
  return row.id;
}

export async function insertPhotos(db: Executor, eventId: number, photos: NewPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  await db.insert(eventPhotos).values(photos.map((photo) => ({ ...photo, eventId })));
}

/** Whether the event exists and is still upcoming, judged by the transaction's own clock. */
export async function findEventTiming(db: Executor, eventId: number): Promise<{ isUpcoming: boolean } | undefined> {
  const [row] = await db
    .select({ isUpcoming: sql<boolean>`${events.date} > now()` })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/** Returns false when the RSVP already exists; a concurrent insert of the same pair waits, then sees it. */
export async function insertRsvpIfAbsent(db: Executor, eventId: number, userId: string, status: RsvpStatus): Promise<boolean> {
  const inserted = await db
    .insert(rsvps)
    .values({ eventId, userId, status })
    .onConflictDoNothing({ target: [rsvps.eventId, rsvps.userId] })
    .returning({ eventId: rsvps.eventId });
  return inserted.length > 0;
}

export async function updateRsvpStatus(db: Executor, eventId: number, userId: string, status: RsvpStatus): Promise<boolean> {
  const updated = await db
    .update(rsvps)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .returning({ eventId: rsvps.eventId });
  return updated.length > 0;
}

export async function deleteRsvp(db: Executor, eventId: number, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .returning({ eventId: rsvps.eventId });
  return deleted.length > 0;
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

/** Every RSVP status of one user, by event id: what makes a shared event page theirs. */
export async function readRsvpStatusesOf(db: Executor, userId: string): Promise<Map<number, RsvpStatus>> {
  const rows = await db.select({ eventId: rsvps.eventId, status: rsvps.status }).from(rsvps).where(eq(rsvps.userId, userId));
  return new Map(rows.map((row) => [row.eventId, row.status]));
}
