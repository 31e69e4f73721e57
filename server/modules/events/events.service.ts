import type { z } from 'zod';
import {
  COORDINATES_TOGETHER,
  EVENT_PHOTO_URL_PATTERN,
  type Event,
  type EventListQuery,
  type MyRsvpListQuery,
  parseNear,
} from '../../../contract/events';
import { EVENT_LIMITS } from '../../../contract/event-limits';
import { IMAGE_URL_MESSAGES, isOnOrigin } from '../../../contract/image-url';
import { type createEventOrSeriesBodySchema, type Recurrence, SERIES_LIMITS } from '../../../contract/series';
import type { PhotoSize } from '../../../contract/photos';
import type { Database, Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { searchWords, toPrefixQuery } from '../../lib/search-text';
import { findCategory } from '../categories/categories.service';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { notifyOfEventChange } from '../notifications/notifications.service';
import { assertCanHoldEventsFor, notifyFollowersOfNewEvent } from '../organizations/organizations.service';
import { assertWithinWriteLimit, consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import { inspectPhotos, newPhotoId, readPhotoUploads, reencodePhotos } from '../../lib/photo-uploads';
import { copyPhotos, findPhotoRendition, measureOrganizersPhotos } from './event-photos.repository';
import * as repository from './events.repository';
import { listOccurrenceDates } from '../series/occurrence-dates';
import { insertSeries } from '../series/series.service';

const UNKNOWN_PHOTO = "Each photo URL must be one of your events' photos";

export type CreateEventInput = z.output<typeof createEventOrSeriesBodySchema>;
export type EventChange = repository.NewEventChange;
export type NewPhoto = repository.NewPhoto;

const EVENT_NOT_FOUND = 'Event not found';
const TEST_EVENTS_OFF = 'Test events can only be made while the developer panels are on';
const CURSOR_DAMAGED = 'Cursor is damaged';

const CURSOR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** Date.parse rolls 31 February over into March; PostgreSQL refuses it. Only a date that exists passes. */
function isRealDate(text: string): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === text.slice(0, 19);
}

/**
 * Opaque to clients: the (date, id) of the last event of the page, where the next page starts, and for
 * a list in two parts (my RSVPs: upcoming, then past) whether that event was in the past part.
 */
export function encodeCursor(position: { date: string; id: number; isPast?: boolean }): string {
  return Buffer.from(JSON.stringify({ d: position.date, i: position.id, ...(position.isPast && { p: 1 }) })).toString(
    'base64url',
  );
}

/** A cursor's fields, whichever list made it; a cursor that is not base64url JSON of an object is damaged. */
function readCursorFields(cursor: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw damagedCursor();
}

function damagedCursor() {
  return badRequest(CURSOR_DAMAGED, [{ path: 'cursor', message: CURSOR_DAMAGED }]);
}

const isRowId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;

function decodeCursor(cursor: string): { date: string; id: number; isPast: boolean } {
  const { d, i, p } = readCursorFields(cursor);
  if (
    typeof d === 'string' &&
    CURSOR_DATE_PATTERN.test(d) &&
    isRealDate(d) &&
    isRowId(i) &&
    (p === undefined || p === 1)
  )
    return { date: d, id: i, isPast: p === 1 };
  throw damagedCursor();
}

/** Where a page of a `near` list ended (its last event's exact distance and id); opaque to clients too. */
function encodeNearCursor(position: { distanceKm: number; id: number }): string {
  return Buffer.from(JSON.stringify({ k: position.distanceKm, i: position.id })).toString('base64url');
}

function decodeNearCursor(cursor: string): { distanceKm: number; id: number } {
  const { k, i } = readCursorFields(cursor);
  if (typeof k === 'number' && Number.isFinite(k) && k >= 0 && isRowId(i)) return { distanceKm: k, id: i };
  throw damagedCursor();
}

/**
 * Latitude and longitude as a body gives them: both, or neither (null). A 400 when only one came, since a
 * place with half its position would be found in the wrong place.
 */
export function readCoordinates(input: {
  latitude?: number | null;
  longitude?: number | null;
}): { latitude: number; longitude: number } | null {
  const hasLatitude = input.latitude !== undefined && input.latitude !== null;
  const hasLongitude = input.longitude !== undefined && input.longitude !== null;
  if (hasLatitude !== hasLongitude)
    throw badRequest(COORDINATES_TOGETHER, [
      { path: hasLatitude ? 'longitude' : 'latitude', message: COORDINATES_TOGETHER },
    ]);
  return hasLatitude ? { latitude: input.latitude!, longitude: input.longitude! } : null;
}

/**
 * THE place where "an event changed / was cancelled / someone was promoted / the organizer announced
 * something" is announced (decision 0012). It writes an outbox row in the caller's transaction, so the
 * record exists exactly when the change does; the notifications and e-mails about the change are made
 * from these rows (event_changes, processed_at null = not yet delivered). Recipients are listed at the
 * moment of the change: who held an RSVP then is who must hear of it, whatever happens next.
 */
export async function announceEventChange(tx: Executor, change: EventChange): Promise<void> {
  // A hidden event, or a suspended organizer's, reaches nobody (decisions §22): no record, so no mail and no bell.
  if (await isEventSilenced(tx, change.eventId)) return;
  await repository.insertEventChange(tx, change);
  await notifyOfEventChange(tx, change);
}

/** Whether the event reaches nobody: hidden by a moderator, or its organizer suspended (decisions §22). */
export async function isEventSilenced(db: Executor, eventId: number): Promise<boolean> {
  return repository.isEventSilenced(db, eventId);
}

/** Adds photos already inspected and re-encoded (event-photos) to an event, in the caller's transaction. */
export async function addEventPhotos(tx: Executor, eventId: number, photos: NewPhoto[]): Promise<void> {
  await repository.insertPhotos(tx, eventId, photos);
}

function photoUrl(photoId: string): string {
  return `/api/images/${photoId}`;
}

/** GET /api/images/{id}?size=card: the card rendition, or the photo itself when it has none. */
export async function getPhotoRendition(db: Executor, photoId: string, size: PhotoSize) {
  const photo = await findPhotoRendition(db, photoId, size);
  if (!photo) throw notFound('Photo not found');
  return photo;
}

function toEvent(row: repository.EventRow, viewerId: string | null): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    distanceKm: null,
    date: row.date.toISOString(),
    imageUrl: row.imageUrl,
    images: row.photoIds.map(photoUrl),
    categoryId: row.categoryId,
    category: { id: row.categoryId, name: row.categoryName, color: row.categoryColor, icon: row.categoryIcon },
    organizerId: row.organizerId,
    organizer: {
      id: row.organizerId,
      firstName: row.organizerFirstName,
      lastName: row.organizerLastName,
      // Never another user's e-mail; the organizer knows their own from /api/auth/user.
      email: null,
      profileImageUrl: row.organizerProfileImageUrl,
    },
    organization:
      row.organizationId === null
        ? null
        : {
            id: row.organizationId,
            slug: row.organizationSlug!,
            name: row.organizationName!,
            logoUrl: row.organizationLogoUrl,
          },
    rsvpCount: row.rsvpCount,
    maxAttendees: row.maxAttendees,
    averageRating: row.ratingCount > 0 ? row.ratingSum / row.ratingCount : 0,
    ratingCount: row.ratingCount,
    userRsvpStatus: row.userRsvpStatus ?? null,
    canManage: row.canManage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    cancelReason: row.cancelReason,
    durationMinutes: row.durationMinutes,
    waitlistCount: Number(row.waitlistCount),
    // The statement counts 0 when the viewer is not waiting.
    userWaitlistPosition: Number(row.userWaitlistPosition) > 0 ? Number(row.userWaitlistPosition) : null,
    slotCount: row.slotCount,
    openSlotPlaces: row.openSlotPlaces,
    slotPlaces: row.slotPlaces,
    seriesId: row.seriesId,
    seriesPosition: row.seriesPosition,
    hiddenNotice:
      row.hiddenAt !== null && row.organizerId === viewerId
        ? { hiddenAt: new Date(row.hiddenAt).toISOString(), note: row.hiddenNote }
        : null,
  };
}

/** How long the search words' shares (pg_stats) are trusted; ANALYZE changes them slowly. */
const SEARCH_STATISTICS_LIFETIME_MS = 5 * 60 * 1000;

/** The share of events holding every word, as a prefix: at most the share of the rarest word. */
export function estimateSearchShare(words: string[], shares: Map<string, number>): number {
  let estimate = 1;
  for (const word of words) {
    let share = 0;
    for (const [lexeme, lexemeShare] of shares) if (lexeme.startsWith(word)) share += lexemeShare;
    estimate = Math.min(estimate, share);
  }
  return estimate;
}

const SERIES_PROBLEMS = {
  'until-too-far': `A series ends at most ${SERIES_LIMITS.untilDaysMax} days after its first date`,
  'until-before-start': `The end date leaves fewer than ${SERIES_LIMITS.countMin} dates`,
  'too-many': `A series has at most ${SERIES_LIMITS.occurrencesMax} dates: choose a closer end date or a longer interval`,
} as const;

/** The dates of a new series, or a 400 SERIES_TOO_LONG naming what to change. */
function listSeriesDates(first: Date, recurrence: Recurrence, timeZone: string): Date[] {
  const result = listOccurrenceDates(first, recurrence, timeZone);
  if ('dates' in result) return result.dates;
  const message = SERIES_PROBLEMS[result.problem];
  throw badRequest(message, [{ path: 'recurrence.until', message }], 'SERIES_TOO_LONG');
}

export class EventsService {
  private searchShares: { loadedAt: number; shares: Map<string, number> } | null = null;
  private searchSharesLoading: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: { publicUrl: string | null; canCreateTestEvents?: boolean; timeZone?: string } = {
      publicUrl: null,
    },
  ) {}

  /** The statistics behind a search's plan (repository SEARCH_COMMON_SHARE); stale ones serve while they reload. */
  private async searchWordShares(): Promise<Map<string, number>> {
    if (this.searchShares && Date.now() - this.searchShares.loadedAt < SEARCH_STATISTICS_LIFETIME_MS)
      return this.searchShares.shares;
    this.searchSharesLoading ??= repository
      .readSearchWordShares(this.db)
      // Without statistics every word counts as rare: the text index answers, correctly if not fastest.
      .catch(() => new Map<string, number>())
      .then((shares) => {
        this.searchShares = { loadedAt: Date.now(), shares };
      })
      .finally(() => {
        this.searchSharesLoading = null;
      });
    if (!this.searchShares) await this.searchSharesLoading;
    return this.searchShares?.shares ?? new Map<string, number>();
  }

  /** A page of the list as the JSON text of its answer, with the cursor of the next page if there is one. */
  async list(viewerId: string | null, query: EventListQuery): Promise<{ body: string; nextCursor: string | null }> {
    const limit = query.limit ?? EVENT_LIMITS.pageSizeDefault;
    const words = query.search === undefined ? [] : searchWords(query.search);
    const point = query.near === undefined ? null : parseNear(query.near);
    if (query.radiusKm !== undefined && point === null) {
      const message = 'Radius needs near';
      throw badRequest(message, [{ path: 'radiusKm', message }]);
    }
    const near = point && { ...point, radiusKm: query.radiusKm ?? EVENT_LIMITS.radiusKmDefault };
    const page = await repository.listEventsJson(
      this.db,
      viewerId,
      {
        categoryId: query.category,
        tsQuery: words.length > 0 ? toPrefixQuery(words) : undefined,
        isSearchCommon:
          words.length > 0 &&
          estimateSearchShare(words, await this.searchWordShares()) >= repository.SEARCH_COMMON_SHARE,
        location: query.location?.trim() || undefined,
        includePast: query.include === 'past',
        isFollowedOnly: query.organizations === 'followed',
        organizationId: query.organizationId,
        from: query.from,
        to: query.to,
        isPlacesLeftOnly: query.placesLeft === 'true',
        near: near ?? undefined,
        after: query.cursor === undefined || near ? undefined : decodeCursor(query.cursor),
        afterNear: query.cursor === undefined || !near ? undefined : decodeNearCursor(query.cursor),
        // One row more than the page tells whether a next page exists without a count query.
        limit: limit + 1,
      },
      limit,
    );
    if (page.count <= limit || !page.last) return { body: page.body, nextCursor: null };
    const { last } = page;
    return {
      body: page.body,
      nextCursor:
        last.distanceKm === null ? encodeCursor(last) : encodeNearCursor({ distanceKm: last.distanceKm, id: last.id }),
    };
  }

  /** Upcoming events in a person's place or categories, best matches first, as the JSON text of its answer. */
  listMatchingJson(viewerId: string, interests: repository.EventInterests, limit: number): Promise<string> {
    if (interests.place === null && interests.categoryIds.length === 0) return Promise.resolve('[]');
    return repository.listEventsMatchingJson(this.db, viewerId, interests, limit);
  }

  /** One event's answer as JSON text. */
  async getJson(viewerId: string | null, eventId: number): Promise<string> {
    const body = await repository.findEventJson(this.db, viewerId, eventId);
    if (body === undefined) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    return body;
  }

  async get(viewerId: string | null, eventId: number): Promise<Event> {
    const row = await repository.findEvent(this.db, viewerId, eventId);
    if (!row) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    return toEvent(row, viewerId);
  }

  listUpcomingOfOrganizationJson(viewerId: string | null, organizationId: number, limit: number): Promise<string> {
    return repository.listUpcomingEventsOfOrganizationJson(this.db, viewerId, organizationId, limit);
  }

  listOrganizedJson(userId: string): Promise<string> {
    return repository.listEventsOrganizedByJson(this.db, userId);
  }

  /** A page of my RSVPs as the JSON text of its answer, with the cursor of the next page if there is one. */
  async listJoined(userId: string, query: MyRsvpListQuery): Promise<{ body: string; nextCursor: string | null }> {
    const limit = query.limit ?? EVENT_LIMITS.pageSizeDefault;
    const page = await repository.listEventsWithRsvpOfJson(
      this.db,
      userId,
      {
        includePast: query.include === 'past',
        after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        limit: limit + 1,
      },
      limit,
    );
    return { body: page.body, nextCursor: page.count > limit && page.last ? encodeCursor(page.last) : null };
  }

  /**
   * `requestOrigin` is the origin the request reached (protocol://host): with PUBLIC_URL's, the origins
   * an imageUrl may not point at, since the image would then be a request to this app with the viewer's
   * cookies (GET /api/logout was one). The Host header is the caller's to choose, so without PUBLIC_URL
   * this check is a courtesy; what makes it harmless is that no GET of this app changes anything.
   */
  async create(organizerId: string, input: CreateEventInput, requestOrigin: string | null = null): Promise<Event> {
    // The developer panels make test events; with the panels off (SHOW_DEV_PANELS=false) nobody may.
    if (input.isTest && !this.options.canCreateTestEvents)
      throw badRequest(TEST_EVENTS_OFF, [{ path: 'isTest', message: TEST_EVENTS_OFF }]);
    const date = new Date(input.date);
    if (date.getTime() <= Date.now())
      throw badRequest('Date must be in the future', [{ path: 'date', message: 'Date must be in the future' }]);
    if (input.imageUrl && isOnOrigin(input.imageUrl, [requestOrigin, this.options.publicUrl])) {
      throw badRequest(IMAGE_URL_MESSAGES.ownOrigin, [{ path: 'imageUrl', message: IMAGE_URL_MESSAGES.ownOrigin }]);
    }
    const coordinates = readCoordinates(input);
    const category = await findCategory(this.db, input.categoryId);
    if (!category) throw badRequest('Category not found', [{ path: 'categoryId', message: 'Category not found' }]);
    const timeZone = input.recurrence?.timeZone ?? this.options.timeZone ?? 'UTC';
    const dates = input.recurrence ? listSeriesDates(date, input.recurrence, timeZone) : [date];
    const organizationId = input.organizationId ?? null;
    if (organizationId !== null) await assertCanHoldEventsFor(this.db, organizationId, organizerId);
    // A stored photo of the organizer's own events is copied inside the database (duplicating an event),
    // not sent back and forth by the browser and re-encoded; a new one arrives as a data URL.
    const images = input.images ?? [];
    const uploadPositions: number[] = [];
    const copies: Array<{ sourceId: string; id: string; position: number }> = [];
    images.forEach((image, position) => {
      if (EVENT_PHOTO_URL_PATTERN.test(image))
        copies.push({ sourceId: image.slice('/api/images/'.length), id: newPhotoId(), position });
      else uploadPositions.push(position);
    });
    const copiedSizes = await measureOrganizersPhotos(
      this.db,
      copies.map((copy) => copy.sourceId),
      organizerId,
    );
    const unknownCopy = copies.find((copy) => !copiedSizes.has(copy.sourceId));
    if (unknownCopy)
      throw badRequest(UNKNOWN_PHOTO, [{ path: `images.${unknownCopy.position}`, message: UNKNOWN_PHOTO }]);
    // Every refusal that costs nothing comes before the photos are decoded, the costly part.
    const uploads = readPhotoUploads(uploadPositions.map((position) => images[position]!));
    // Every date of a series counts against the write limits (decisions §22, replacing decision 0032's
    // "once"), photos included, though the dates share one stored file: the limits bound what an organizer
    // puts in front of people, and a series over them is refused whole.
    const photoBytes =
      (uploads.reduce((total, upload) => total + upload.length, 0) +
        copies.reduce((total, copy) => total + (copiedSizes.get(copy.sourceId) ?? 0), 0)) *
      dates.length;
    await assertWithinWriteLimit(this.db, WRITE_LIMITS.events, organizerId, dates.length);
    if (photoBytes > 0) await assertWithinWriteLimit(this.db, WRITE_LIMITS.photoBytes, organizerId, photoBytes);
    await inspectPhotos(uploads);
    const photos = (await reencodePhotos(uploads)).map((photo, index) => ({
      ...photo,
      position: uploadPositions[index]!,
    }));
    const eventId = await this.db.transaction(async (tx) => {
      // Counted in the write's transaction: concurrent creates cannot all pass the checks above and a
      // failed create counts nothing. Every date of a series counts (decisions §22).
      await consumeWriteLimit(tx, WRITE_LIMITS.events, organizerId, dates.length);
      if (photoBytes > 0) await consumeWriteLimit(tx, WRITE_LIMITS.photoBytes, organizerId, photoBytes);
      // Asked again in the write's transaction: a role taken away while the photos were decoded counts.
      if (organizationId !== null) await assertCanHoldEventsFor(tx, organizationId, organizerId);
      const seriesId = input.recurrence
        ? await insertSeries(tx, {
            organizerId,
            frequency: input.recurrence.frequency,
            interval: input.recurrence.interval ?? 1,
            timeZone,
          })
        : null;
      const newEvent = {
        title: input.title,
        description: input.description,
        location: input.location,
        ...coordinates,
        date,
        imageUrl: input.imageUrl ?? null,
        categoryId: category.id,
        categoryName: category.name,
        organizerId,
        maxAttendees: input.maxAttendees ?? null,
        organizationId,
        durationMinutes: input.durationMinutes ?? EVENT_LIMITS.durationMinutesDefault,
        isTest: input.isTest ?? false,
      };
      const id = await repository.insertEvent(tx, { ...newEvent, seriesId, seriesPosition: seriesId && 1 });
      await repository.insertPhotos(tx, id, photos);
      await copyPhotos(tx, id, copies);
      // Every later date is an event of its own showing the first one's photos, the same stored files.
      const firstPhotos = [...photos, ...copies].map((photo) => ({ sourceId: photo.id, position: photo.position }));
      for (const [index, occurrenceDate] of dates.entries()) {
        if (index === 0) continue;
        const occurrenceId = await repository.insertEvent(tx, {
          ...newEvent,
          date: occurrenceDate,
          seriesId,
          seriesPosition: index + 1,
        });
        await copyPhotos(
          tx,
          occurrenceId,
          firstPhotos.map((photo) => ({ ...photo, id: newPhotoId() })),
        );
      }
      await refreshAchievementProgress(tx, organizerId);
      // A developer test panel's event is nobody's news.
      if (organizationId !== null && !input.isTest)
        await notifyFollowersOfNewEvent(tx, { id, title: input.title, organizationId, organizerId });
      return id;
    });
    return this.get(organizerId, eventId);
  }
}
