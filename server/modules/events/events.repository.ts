import { type SQL, sql } from 'drizzle-orm';
import type { RsvpStatus } from '../../../contract/rsvps';
import { type Database, type Executor, selectPrepared, selectRows } from '../../db/client';
import { eventChanges, eventPhotos, events, photoFiles } from '../../db/schema';
import { searchTextOf } from '../../lib/search-text';

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
  /** Only the events of organizations the viewer follows. */
  isFollowedOnly?: boolean;
  organizationId?: number;
  /** Starting at or after `from`, before `to` (ISO timestamps). */
  from?: string;
  to?: string;
  /** Only events with a place left: a seat, or an open place in one of its slots. */
  isPlacesLeftOnly?: boolean;
  /** Only events with coordinates within the radius, nearest first (decisions §21). */
  near?: NearPoint;
  after?: { date: string; id: number };
  /** Where a page of a `near` list ended: its last event's exact distance and id. */
  afterNear?: { distanceKm: number; id: number };
  limit: number;
};

export type NearPoint = { latitude: number; longitude: number; radiusKm: number };

export type NewEvent = {
  title: string;
  description: string;
  location: string;
  /** The place picker's coordinates; both null for a location typed freely. */
  latitude?: number | null;
  longitude?: number | null;
  date: Date;
  imageUrl: string | null;
  categoryId: number;
  categoryName: string;
  organizerId: string;
  maxAttendees: number | null;
  /** The organization it is held under, or null. */
  organizationId?: number | null;
  /** Absent: the column's default (180). */
  durationMinutes?: number;
  isTest?: boolean;
  /** An occurrence of a series: its id and 1-based place. */
  seriesId?: number | null;
  seriesPosition?: number | null;
};

/** `cardBytes`: the smaller rendition cards load (contract/photos.ts), null when the photo is no wider. */
export type NewPhoto = {
  id: string;
  position: number;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  cardBytes: Buffer | null;
};

export type EventRow = Omit<
  NewEvent,
  'categoryName' | 'durationMinutes' | 'organizationId' | 'latitude' | 'longitude'
> & {
  latitude: number | null;
  longitude: number | null;
  durationMinutes: number;
  organizationId: number | null;
  organizationSlug: string | null;
  organizationName: string | null;
  organizationLogoUrl: string | null;
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
  organizerProfileImageUrl: string | null;
  userRsvpStatus: RsvpStatus | null;
  canManage: boolean;
  status: 'scheduled' | 'cancelled';
  cancelReason: string | null;
  waitlistCount: number;
  /** The viewer's 1-based place in the queue, or null. */
  userWaitlistPosition: number | null;
  slotCount: number;
  openSlotPlaces: number;
  slotPlaces: number;
  seriesId: number | null;
  seriesPosition: number | null;
  /** Microsecond precision: a cursor rounded to JavaScript's milliseconds could skip or repeat rows. */
  cursorDate: string;
  /** In display order. */
  photoIds: string[];
  hiddenAt: Date | string | null;
  hiddenNote: string | null;
};

/**
 * Every read of events, with category, organizer, the viewer's RSVP and photo ids, in ONE statement of
 * plain SQL. Written out rather than built with Drizzle's query builder: at 50 events a page, building
 * the query and mapping 1 300 fields through the builder cost more CPU than everything else the request
 * did (as profiled, docs/benchmarks.md). search_vector and the photo bytes are never read here: both
 * are large and unused by readers.
 */
async function readEvents(
  db: Executor,
  viewerId: string | null,
  options: { where: SQL; orderBy: SQL; isViewerRsvpRequired?: boolean },
): Promise<EventRow[]> {
  const rsvpJoin = options.isViewerRsvpRequired ? sql.raw('JOIN') : sql.raw('LEFT JOIN');
  const result = await db.execute(sql`
    SELECT e.id, e.title, e.description, e.location, e.latitude, e.longitude, e.date, e.image_url AS "imageUrl", e.category_id AS "categoryId",
      e.organizer_id AS "organizerId", e.max_attendees AS "maxAttendees", e.rsvp_count AS "rsvpCount",
      e.rating_count AS "ratingCount", e.rating_sum AS "ratingSum", e.created_at AS "createdAt", e.updated_at AS "updatedAt",
      c.name AS "categoryName", c.color AS "categoryColor", c.icon AS "categoryIcon",
      u.first_name AS "organizerFirstName", u.last_name AS "organizerLastName",
      u.profile_image_url AS "organizerProfileImageUrl", r.status AS "userRsvpStatus",
      (coalesce(e.organizer_id = ${viewerId} AND e.organization_id IS NULL, false)
        OR coalesce(r.status = 'organizing' AND r.co_organizer_approved_at IS NOT NULL, false)
        OR EXISTS (SELECT 1 FROM organization_members m
        WHERE m.organization_id = e.organization_id AND m.user_id = ${viewerId} AND m.role IN ('owner', 'admin', 'organizer')))
        AS "canManage",
      e.organization_id AS "organizationId", o.slug AS "organizationSlug", o.name AS "organizationName",
      o.logo_url AS "organizationLogoUrl",
      e.status, e.cancel_reason AS "cancelReason", e.duration_minutes AS "durationMinutes",
      (SELECT count(*)::int FROM waitlist_entries w WHERE w.event_id = e.id) AS "waitlistCount",
      (SELECT count(*)::int FROM waitlist_entries w JOIN waitlist_entries mine ON mine.event_id = w.event_id AND mine.user_id = ${viewerId}
        WHERE w.event_id = e.id AND w.id <= mine.id) AS "userWaitlistPosition",
      e.slot_count AS "slotCount", e.open_slot_places AS "openSlotPlaces", e.slot_places AS "slotPlaces",
      e.series_id AS "seriesId", e.series_position AS "seriesPosition",
      e.hidden_at AS "hiddenAt", e.hidden_note AS "hiddenNote",
      to_char(e.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorDate",
      ARRAY(SELECT p.id FROM event_photos p WHERE p.event_id = e.id ORDER BY p.position) AS "photoIds"
    FROM events e
    JOIN categories c ON c.id = e.category_id
    JOIN users u ON u.id = e.organizer_id
    LEFT JOIN organizations o ON o.id = e.organization_id
    ${rsvpJoin} rsvps r ON r.event_id = e.id AND r.user_id = ${viewerId}
    WHERE ${options.where}
    ORDER BY ${options.orderBy}`);
  const rows = (
    result as unknown as {
      rows: Array<EventRow & { date: Date | string; createdAt: Date | string; updatedAt: Date | string }>;
    }
  ).rows;
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

/**
 * A developer test panel's event, and one a moderator hid (decisions §20), exist for their organizer only;
 * `$1` is the viewer (null: a guest).
 */
const VISIBLE_TO_VIEWER = '((e.is_test = false AND e.hidden_at IS NULL) OR e.organizer_id = $1::text)';

export async function findEvent(db: Executor, viewerId: string | null, eventId: number): Promise<EventRow | undefined> {
  const [row] = await readEvents(db, viewerId, {
    where: sql`e.id = ${eventId} AND ((e.is_test = false AND e.hidden_at IS NULL) OR e.organizer_id = ${viewerId})`,
    orderBy: sql`e.id`,
  });
  return row;
}

export async function insertEvent(db: Executor, event: NewEvent): Promise<number> {
  const [row] = await db
    .insert(events)
    .values({
      title: event.title,
      description: event.description,
      location: event.location,
      latitude: event.latitude ?? null,
      longitude: event.longitude ?? null,
      date: event.date,
      imageUrl: event.imageUrl,
      categoryId: event.categoryId,
      organizerId: event.organizerId,
      maxAttendees: event.maxAttendees,
      organizationId: event.organizationId ?? null,
      durationMinutes: event.durationMinutes,
      isTest: event.isTest ?? false,
      seriesId: event.seriesId ?? null,
      seriesPosition: event.seriesPosition ?? null,
      searchVector: sql`to_tsvector('simple', ${searchTextOf(event)})`,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('insert into events returned no row');
  return row.id;
}

/** Stores each new photo's bytes as a file of its own (named by the photo's id) and shows it on the event. */
export async function insertPhotos(db: Executor, eventId: number, photos: NewPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  await db
    .insert(photoFiles)
    .values(photos.map((photo) => ({ id: photo.id, bytes: photo.bytes, cardBytes: photo.cardBytes })));
  await db.insert(eventPhotos).values(
    photos.map((photo) => ({
      id: photo.id,
      eventId,
      position: photo.position,
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
      fileId: photo.id,
    })),
  );
}

/** An ISO 8601 timestamp in UTC with milliseconds, as JavaScript's toISOString writes it. */
function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Whether the viewer may manage the event: the rule of canManageEvent (event-management.service.ts) in
 * SQL: its organizer (of an event held under no organization, decisions §22), a co-organizer it approved
 * (the viewer's RSVP, `r`, joined by every reader), or an owner, admin or organizer of its organization
 * (the members' primary key finds the row). False for a guest (a null viewer).
 */
function canManageColumn(viewer: string): string {
  return `(coalesce(e.organizer_id = ${viewer} AND e.organization_id IS NULL, false)
    OR coalesce(r.status = 'organizing' AND r.co_organizer_approved_at IS NOT NULL, false)
    OR EXISTS (SELECT 1 FROM organization_members m
    WHERE m.organization_id = e.organization_id AND m.user_id = ${viewer} AND m.role IN ('owner', 'admin', 'organizer')))`;
}

/**
 * One event as its API answer (contract/events.ts eventSchema, keys in its order), built by PostgreSQL.
 * row_to_json writes compact JSON; the app passes the text through without parsing or serialising it,
 * which had been a third of the CPU of a page (docs/decisions/0020). `$1` is the viewer (null: a guest);
 * `distanceKm` the SQL of the distance from a list's `near` point, NULL outside such a list.
 */
function eventJsonColumns(distanceKm: string): string {
  return `
  e.id, e.title, e.description, e.location, e.latitude, e.longitude, ${distanceKm} AS "distanceKm",
  ${isoTimestamp('e.date')} AS "date", e.image_url AS "imageUrl",
  ARRAY(SELECT '/api/images/' || p.id FROM event_photos p WHERE p.event_id = e.id ORDER BY p.position) AS images,
  e.category_id AS "categoryId",
  (SELECT row_to_json(category) FROM (SELECT c.id, c.name, c.color, c.icon) category) AS category,
  e.organizer_id AS "organizerId",
  (SELECT row_to_json(organizer) FROM (SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", NULL::text AS email,
    u.profile_image_url AS "profileImageUrl") organizer) AS organizer,
  (SELECT row_to_json(organization) FROM (SELECT o.id, o.slug, o.name, o.logo_url AS "logoUrl") organization
    WHERE o.id IS NOT NULL) AS organization,
  e.rsvp_count AS "rsvpCount", e.max_attendees AS "maxAttendees",
  CASE WHEN e.rating_count > 0 THEN e.rating_sum::float8 / e.rating_count ELSE 0 END AS "averageRating",
  e.rating_count AS "ratingCount", r.status AS "userRsvpStatus",
  ${canManageColumn('$1::text')} AS "canManage",
  ${isoTimestamp('e.created_at')} AS "createdAt", ${isoTimestamp('e.updated_at')} AS "updatedAt",
  e.status, e.cancel_reason AS "cancelReason", e.duration_minutes AS "durationMinutes",
  (SELECT count(*)::int FROM waitlist_entries w WHERE w.event_id = e.id) AS "waitlistCount",
  (SELECT nullif(count(*), 0)::int FROM waitlist_entries w JOIN waitlist_entries mine ON mine.event_id = w.event_id AND mine.user_id = $1::text
    WHERE w.event_id = e.id AND w.id <= mine.id) AS "userWaitlistPosition",
  e.slot_count AS "slotCount", e.open_slot_places AS "openSlotPlaces", e.slot_places AS "slotPlaces",
  e.series_id AS "seriesId", e.series_position AS "seriesPosition",
  CASE WHEN e.hidden_at IS NOT NULL AND e.organizer_id = $1::text
    THEN json_build_object('hiddenAt', ${isoTimestamp('e.hidden_at')}, 'note', e.hidden_note) END AS "hiddenNotice"`;
}

const EVENT_JSON_COLUMNS = eventJsonColumns('NULL::float8');

/** The mean radius of the Earth (IUGG), in kilometres: the sphere the distances are measured on. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * The great-circle (haversine) distance in kilometres from the point of the two parameters to the
 * event's coordinates; least() keeps rounding from taking asin out of its domain.
 */
function distanceKmSql(latitude: string, longitude: string): string {
  return `(${2 * EARTH_RADIUS_KM} * asin(least(1, sqrt(power(sin(radians(latitude - ${latitude}) / 2), 2)
    + cos(radians(${latitude})) * cos(radians(latitude)) * power(sin(radians(longitude - ${longitude}) / 2), 2)))))`;
}

/**
 * The smallest latitude and longitude ranges holding every point within the radius (the bounding box of a
 * spherical cap): what the events_listed_place index is asked, before the exact distance is measured on
 * the few events inside. Longitude is left free when the cap holds a pole or crosses every meridian, and
 * is two ranges when it crosses the antimeridian. A millionth more on each side covers rounding.
 */
export function boundingBoxOf(near: NearPoint): {
  latitudes: [number, number];
  longitudes: Array<[number, number]> | null;
} {
  const angle = near.radiusKm / EARTH_RADIUS_KM;
  const latitudeSpan = (angle * 180) / Math.PI + 1e-6;
  const latitudes: [number, number] = [
    Math.max(-90, near.latitude - latitudeSpan),
    Math.min(90, near.latitude + latitudeSpan),
  ];
  const ratio = Math.sin(angle) / Math.cos((near.latitude * Math.PI) / 180);
  if (latitudes[0] === -90 || latitudes[1] === 90 || ratio >= 1) return { latitudes, longitudes: null };
  const longitudeSpan = (Math.asin(ratio) * 180) / Math.PI + 1e-6;
  const low = near.longitude - longitudeSpan;
  const high = near.longitude + longitudeSpan;
  if (low < -180)
    return {
      latitudes,
      longitudes: [
        [low + 360, 180],
        [-180, high],
      ],
    };
  if (high > 180)
    return {
      latitudes,
      longitudes: [
        [low, 180],
        [-180, high - 360],
      ],
    };
  return { latitudes, longitudes: [[low, high]] };
}

/** The joins EVENT_JSON_COLUMNS reads from, after `events e`. */
function eventJoins(): string {
  return `JOIN categories c ON c.id = e.category_id
    JOIN users u ON u.id = e.organizer_id
    LEFT JOIN organizations o ON o.id = e.organization_id
    LEFT JOIN rsvps r ON r.event_id = e.id AND r.user_id = $1::text`;
}

/** Events in the given order as one JSON array text. */
async function selectEventArrayJson(
  db: Database,
  viewerId: string | null,
  where: string,
  orderBy: string,
  values: unknown[],
): Promise<string> {
  const [row] = await selectPrepared(
    db,
    `SELECT '[' || coalesce(string_agg(row_to_json(event)::text, ',' ORDER BY ${orderBy}), '') || ']'
     FROM events e ${eventJoins()}, LATERAL (SELECT ${EVENT_JSON_COLUMNS}) event
     WHERE ${where}`,
    [viewerId, ...values],
  );
  return row![0] as string;
}

/** One event's answer as JSON text, or undefined when there is no such event. */
export async function findEventJson(
  db: Database,
  viewerId: string | null,
  eventId: number,
): Promise<string | undefined> {
  const [row] = await selectPrepared(
    db,
    `SELECT row_to_json(event)::text FROM events e ${eventJoins()}, LATERAL (SELECT ${EVENT_JSON_COLUMNS}) event
     WHERE e.id = $2 AND ${VISIBLE_TO_VIEWER}`,
    [viewerId, eventId],
  );
  return row?.[0] as string | undefined;
}

export function listEventsOrganizedByJson(db: Database, userId: string): Promise<string> {
  return selectEventArrayJson(db, userId, 'e.organizer_id = $1::text', 'e.date DESC, e.id DESC', []);
}

/** An organization's page: its next scheduled events, soonest first, as one JSON array text. */
export function listUpcomingEventsOfOrganizationJson(
  db: Database,
  viewerId: string | null,
  organizationId: number,
  limit: number,
): Promise<string> {
  return selectEventArrayJson(
    db,
    viewerId,
    `e.id IN (SELECT id FROM events WHERE organization_id = $2::int AND is_test = false AND status = 'scheduled'
      AND hidden_at IS NULL AND date > now() ORDER BY date, id LIMIT ${wholeNumberText(limit)})`,
    'e.date, e.id',
    [organizationId],
  );
}

function wholeNumberText(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number: ${value}`);
  return String(value);
}

/**
 * A page of events as JSON text; `count` up to limit + 1 says whether a next page exists. `last` is where
 * the page ended, with the exact distance in a `near` list.
 */
type EventPageJson = {
  body: string;
  count: number;
  last: { date: string; id: number; distanceKm: number | null } | null;
};

/**
 * A page of the event list in ONE statement: choosing the page's ids (the same plans as selectPageIds),
 * reading them with their category, organizer, viewer's RSVP and photos, and writing the JSON array.
 * Each shape of filter has its own text, so each is prepared and planned for what it is.
 * `filter.limit` rows are read; the first `pageSize` are the page, the rest only tell that one more exists.
 */
export async function listEventsJson(
  db: Database,
  viewerId: string | null,
  filter: EventListFilter,
  pageSize: number,
): Promise<EventPageJson> {
  const values: unknown[] = [viewerId];
  const parameter = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  // A developer test panel's event is in no shared list, its organizer's included: the lists are what
  // every visitor browses. Its organizer finds it under My Events. A cancelled event stays readable at
  // its address but leaves every list and search, as does one a moderator hid (the same three conditions
  // as the events_listed_date index's, so the list still reads that index alone).
  const conditions = ['is_test = false', "status = 'scheduled'", 'hidden_at IS NULL'];
  if (!filter.includePast) conditions.push('date > now()');
  if (filter.categoryId !== undefined) conditions.push(`category_id = ${parameter(filter.categoryId, 'int')}`);
  // $1 is the viewer: a guest (null) follows nothing. The follows' primary key leads with the
  // organization, their user index finds the viewer's few rows.
  if (filter.isFollowedOnly)
    conditions.push('organization_id IN (SELECT organization_id FROM organization_follows WHERE user_id = $1::text)');
  if (filter.organizationId !== undefined)
    conditions.push(`organization_id = ${parameter(filter.organizationId, 'int')}`);
  if (filter.from !== undefined) conditions.push(`date >= ${parameter(filter.from, 'timestamptz')}`);
  if (filter.to !== undefined) conditions.push(`date < ${parameter(filter.to, 'timestamptz')}`);
  // A slotted event's places are its slots' (decision 0027); any other's, its seats.
  if (filter.isPlacesLeftOnly)
    conditions.push(
      '(CASE WHEN slot_count > 0 THEN open_slot_places > 0 ELSE max_attendees IS NULL OR rsvp_count < max_attendees END)',
    );
  if (filter.after)
    conditions.push(
      `(date, id) > (${parameter(filter.after.date, 'timestamptz')}, ${parameter(filter.after.id, 'int')})`,
    );
  const textConditions: string[] = [];
  if (filter.tsQuery)
    textConditions.push(`search_vector @@ to_tsquery('simple', ${parameter(filter.tsQuery, 'text')})`);
  // Same expression as the events_location_trgm index, so PostgreSQL can use it.
  if (filter.location)
    textConditions.push(
      `lower(location) LIKE lower(${parameter(containsPattern(filter.location), 'text')}) ESCAPE '\\'`,
    );
  // Written into the text rather than passed: for a parameter the planner of a prepared statement's
  // generic plan assumes a tenth of the table, and then prefers sorting the whole table to walking the
  // date index. The page sizes are a handful of whole numbers, so their texts are a handful too.
  const limit = wholeNumberText(filter.limit);
  const where = conditions.join(' AND ');
  let ids: string;
  if (filter.near) {
    // Nearest first: the index's bounding box, then the exact distance of the few events inside it.
    const box = boundingBoxOf(filter.near);
    const latitude = parameter(filter.near.latitude, 'float8');
    const longitude = parameter(filter.near.longitude, 'float8');
    const inBox = [
      'latitude IS NOT NULL',
      `latitude BETWEEN ${parameter(box.latitudes[0], 'float8')} AND ${parameter(box.latitudes[1], 'float8')}`,
    ];
    if (box.longitudes)
      inBox.push(
        `(${box.longitudes
          .map(([low, high]) => `longitude BETWEEN ${parameter(low, 'float8')} AND ${parameter(high, 'float8')}`)
          .join(' OR ')})`,
      );
    const after = filter.afterNear
      ? ` AND (distance, id) > (${parameter(filter.afterNear.distanceKm, 'float8')}, ${parameter(filter.afterNear.id, 'int')})`
      : '';
    ids = `SELECT id, distance FROM (
        SELECT id, ${distanceKmSql(latitude, longitude)} AS distance FROM events
        WHERE ${[where, ...inBox, ...textConditions].join(' AND ')}) near_rows
      WHERE distance <= ${parameter(filter.near.radiusKm, 'float8')}${after} ORDER BY distance, id LIMIT ${limit}`;
  } else if (textConditions.length === 0) {
    ids = `SELECT id, date FROM events WHERE ${where} ORDER BY date, id LIMIT ${limit}`;
  } else {
    // Ordering by an expression keeps the planner off the date index, so it takes the text index's matches.
    const fromIndex = `SELECT id, date FROM events WHERE ${where} AND ${textConditions.join(' AND ')} ORDER BY date + interval '0 seconds', id LIMIT ${limit}`;
    if (filter.tsQuery && !filter.isSearchCommon) {
      ids = fromIndex;
    } else {
      // The window first; only when it cannot fill the page is the index asked. The index's branch sits
      // behind a one-time filter, so PostgreSQL does not run it at all when the window was enough.
      const windowSize = filter.tsQuery ? SEARCH_WINDOW : LOCATION_WINDOW;
      ids = `WITH in_window AS MATERIALIZED (
          SELECT id, date FROM (SELECT id, date, search_vector, location FROM events WHERE ${where} ORDER BY date, id LIMIT ${windowSize}) window_rows
          WHERE ${textConditions.join(' AND ')} ORDER BY date, id LIMIT ${limit})
        SELECT id, date FROM in_window WHERE (SELECT count(*) FROM in_window) = ${limit}
        UNION ALL
        SELECT * FROM (${fromIndex}) from_index WHERE (SELECT count(*) FROM in_window) < ${limit}`;
    }
  }
  const size = wholeNumberText(pageSize);
  const page = filter.near
    ? `SELECT id, distance, row_number() OVER (ORDER BY distance, id) AS position FROM (${ids}) page_ids`
    : `SELECT id, NULL::float8 AS distance, row_number() OVER (ORDER BY date, id) AS position FROM (${ids}) page_ids`;
  const [row] = await selectPrepared(
    db,
    `WITH page AS MATERIALIZED (${page})
     SELECT '[' || coalesce(string_agg(row_to_json(event)::text, ',' ORDER BY page.position) FILTER (WHERE page.position <= ${size}), '') || ']',
       count(*)::int,
       max(to_char(e.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) FILTER (WHERE page.position = ${size}),
       max(e.id) FILTER (WHERE page.position = ${size}),
       max(page.distance) FILTER (WHERE page.position = ${size})
     FROM page JOIN events e ON e.id = page.id ${eventJoins()},
       LATERAL (SELECT ${eventJsonColumns('round(page.distance::numeric, 1)::float8')}) event`,
    values,
  );
  const [body, count, lastDate, lastId, lastDistance] = row as [
    string,
    number,
    string | null,
    number | null,
    number | string | null,
  ];
  return {
    body,
    count,
    last:
      lastDate !== null && lastId !== null
        ? { date: lastDate, id: lastId, distanceKm: lastDistance === null ? null : Number(lastDistance) }
        : null,
  };
}

/** What a person said they care about (their first-run answers): a place to find in locations, and categories. */
export type EventInterests = { place: string | null; categoryIds: number[] };

/**
 * Up to `limit` upcoming events matching a person's interests as one JSON array text: those in their
 * place and categories first, then in their place, then in their categories, each soonest first. Each
 * rank is its own walk of the date order cut at `limit`, so the cost stays a few short index walks
 * however many events match.
 */
export async function listEventsMatchingJson(
  db: Database,
  viewerId: string,
  interests: EventInterests,
  limit: number,
): Promise<string> {
  const size = wholeNumberText(limit);
  const listed = "is_test = false AND status = 'scheduled' AND hidden_at IS NULL AND date > now()";
  // Same expression as the events_location_trgm index, so PostgreSQL can use it.
  const inPlace = "($2::text IS NOT NULL AND lower(location) LIKE lower($2::text) ESCAPE '\\')";
  const inCategories = 'category_id = ANY($3::int[])';
  const rank = (value: number, condition: string) =>
    `(SELECT id, date, ${value} AS rank FROM events WHERE ${listed} AND ${condition} ORDER BY date, id LIMIT ${size})`;
  const [row] = await selectPrepared(
    db,
    `WITH picks AS MATERIALIZED (
       SELECT id, row_number() OVER (ORDER BY min(rank), date, id) AS position FROM (
         ${rank(0, `${inPlace} AND ${inCategories}`)} UNION ALL ${rank(1, inPlace)} UNION ALL ${rank(2, inCategories)}
       ) candidates GROUP BY id, date)
     SELECT '[' || coalesce(string_agg(row_to_json(event)::text, ',' ORDER BY picks.position), '') || ']'
     FROM picks JOIN events e ON e.id = picks.id ${eventJoins()}, LATERAL (SELECT ${EVENT_JSON_COLUMNS}) event
     WHERE picks.position <= ${size}`,
    [viewerId, interests.place === null ? null : containsPattern(interests.place), interests.categoryIds],
  );
  return row![0] as string;
}

/** Where a page of my RSVPs ends: the last event's (date, id) and whether it was in the past part. */
export type RsvpPagePosition = { date: string; id: number; isPast: boolean };

/**
 * A page of the events `userId` holds an RSVP for, in ONE statement: those not yet started, soonest
 * first, then (with `includePast`) the past ones, newest first. Each part is a keyset walk of its own
 * order from `after`; the cursor says which part it stopped in, so an event that starts between two
 * pages moves to the past part and is still listed exactly once. `limit` rows are read; the first
 * `pageSize` are the page, the rest only tell that one more exists.
 */
export async function listEventsWithRsvpOfJson(
  db: Database,
  userId: string,
  options: { includePast: boolean; after?: RsvpPagePosition; limit: number },
  pageSize: number,
): Promise<{ body: string; count: number; last: RsvpPagePosition | null }> {
  const values: unknown[] = [userId];
  const parameter = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const { after } = options;
  // Written into the text, as listEventsJson does: a handful of page sizes, each planned for itself.
  const limit = wholeNumberText(options.limit);
  const mine = `FROM rsvps r JOIN events e ON e.id = r.event_id WHERE r.user_id = $1::text AND ${VISIBLE_TO_VIEWER}`;
  const parts: string[] = [];
  if (!after?.isPast) {
    const from = after
      ? ` AND (e.date, e.id) > (${parameter(after.date, 'timestamptz')}, ${parameter(after.id, 'int')})`
      : '';
    parts.push(`(SELECT e.id, e.date, 0 AS part, row_number() OVER (ORDER BY e.date, e.id) AS position
      ${mine} AND e.date > now()${from} ORDER BY e.date, e.id LIMIT ${limit})`);
  }
  if (options.includePast) {
    const from = after?.isPast
      ? ` AND (e.date, e.id) < (${parameter(after.date, 'timestamptz')}, ${parameter(after.id, 'int')})`
      : '';
    parts.push(`(SELECT e.id, e.date, 1 AS part, row_number() OVER (ORDER BY e.date DESC, e.id DESC) AS position
      ${mine} AND e.date <= now()${from} ORDER BY e.date DESC, e.id DESC LIMIT ${limit})`);
  }
  if (parts.length === 0) return { body: '[]', count: 0, last: null };
  const size = wholeNumberText(pageSize);
  const [row] = await selectPrepared(
    db,
    `WITH page AS MATERIALIZED (
       SELECT id, part, row_number() OVER (ORDER BY part, position) AS position
       FROM (${parts.join(' UNION ALL ')}) both_parts ORDER BY part, position LIMIT ${limit})
     SELECT '[' || coalesce(string_agg(row_to_json(event)::text, ',' ORDER BY page.position) FILTER (WHERE page.position <= ${size}), '') || ']',
       count(*)::int,
       max(to_char(e.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) FILTER (WHERE page.position = ${size}),
       max(e.id) FILTER (WHERE page.position = ${size}),
       bool_or(page.part = 1) FILTER (WHERE page.position = ${size})
     FROM page JOIN events e ON e.id = page.id ${eventJoins()}, LATERAL (SELECT ${EVENT_JSON_COLUMNS}) event`,
    values,
  );
  const [body, count, lastDate, lastId, isLastPast] = row as [
    string,
    number,
    string | null,
    number | null,
    boolean | null,
  ];
  return {
    body,
    count,
    last: lastDate !== null && lastId !== null ? { date: lastDate, id: lastId, isPast: isLastPast === true } : null,
  };
}

export type NewEventChange = {
  type: 'event_changed' | 'event_cancelled' | 'waitlist_promoted' | 'announcement';
  eventId: number;
  actorId: string | null;
  recipientIds: string[];
  payload: Record<string, unknown>;
};

export async function insertEventChange(db: Executor, change: NewEventChange): Promise<void> {
  await db.insert(eventChanges).values(change);
}

/**
 * Whether the event reaches nobody (decisions §22): a moderator hid it, or its organizer is suspended.
 * An unknown event reaches nobody either.
 */
export async function isEventSilenced(db: Executor, eventId: number): Promise<boolean> {
  const [row] = await selectRows<{ isSilenced: boolean }>(
    db,
    sql`SELECT (e.hidden_at IS NOT NULL OR u.suspended_at IS NOT NULL) AS "isSilenced"
        FROM events e JOIN users u ON u.id = e.organizer_id WHERE e.id = ${eventId}`,
  );
  return row?.isSilenced ?? true;
}
