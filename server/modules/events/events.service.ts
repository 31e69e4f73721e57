import type { z } from 'zod';
import { type createEventBodySchema, EVENT_LIMITS, type Event, type EventListQuery } from '../../../contract/events';
import { IMAGE_URL_MESSAGES, isOnOrigin } from '../../../contract/image-url';
import type { RsvpResponse, RsvpStatus } from '../../../contract/rsvps';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { searchWords, toPrefixQuery } from '../../lib/search-text';
import { findCategory } from '../categories/categories.repository';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { notifyOfRsvp } from '../notifications/notifications.service';
import { assertWithinWriteLimit, consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import { EVENT_CANCELLED, fillFreeSeats } from '../event-management/event-management.service';
import { deleteWaitlistEntry, lockEvent } from '../event-management/event-management.repository';
import { inspectPhotos, photoUrl, readPhotoUploads, reencodePhotos } from './event-photos';
import * as repository from './events.repository';

export type CreateEventInput = z.output<typeof createEventBodySchema>;

const EVENT_NOT_FOUND = 'Event not found';
const EVENT_FULL = 'Event Full';
const EVENT_PAST = 'This event has already taken place';
const CURSOR_DAMAGED = 'Cursor is damaged';

const CURSOR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
// A switch that finds the RSVP withdrawn by a concurrent request starts over as a new RSVP, at most this often.
const RSVP_ATTEMPTS = 3;

/** Opaque to clients: the (date, id) of the last event of the page, where the next page starts. */
export function encodeCursor(position: { date: string; id: number }): string {
  return Buffer.from(JSON.stringify({ d: position.date, i: position.id })).toString('base64url');
}

function decodeCursor(cursor: string): { date: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) {
      const { d, i } = value as { d?: unknown; i?: unknown };
      if (
        typeof d === 'string' &&
        CURSOR_DATE_PATTERN.test(d) &&
        !Number.isNaN(Date.parse(d)) &&
        Number.isInteger(i) &&
        (i as number) >= 0 &&
        (i as number) <= 2_147_483_647
      ) {
        return { date: d, id: i as number };
      }
    }
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw badRequest(CURSOR_DAMAGED, [{ path: 'cursor', message: CURSOR_DAMAGED }]);
}

function toEvent(row: repository.EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
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
    rsvpCount: row.rsvpCount,
    maxAttendees: row.maxAttendees,
    averageRating: row.ratingCount > 0 ? row.ratingSum / row.ratingCount : 0,
    ratingCount: row.ratingCount,
    userRsvpStatus: row.userRsvpStatus ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    cancelReason: row.cancelReason,
    durationMinutes: row.durationMinutes,
    waitlistCount: Number(row.waitlistCount),
    // The statement counts 0 when the viewer is not waiting.
    userWaitlistPosition: Number(row.userWaitlistPosition) > 0 ? Number(row.userWaitlistPosition) : null,
  };
}

/** The PostgreSQL error code of a driver error, which Drizzle wraps as the cause. */
function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
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

export class EventsService {
  private searchShares: { loadedAt: number; shares: Map<string, number> } | null = null;
  private searchSharesLoading: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: { publicUrl: string | null } = { publicUrl: null },
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
        after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        // One row more than the page tells whether a next page exists without a count query.
        limit: limit + 1,
      },
      limit,
    );
    return { body: page.body, nextCursor: page.count > limit && page.last ? encodeCursor(page.last) : null };
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
    return toEvent(row);
  }

  listOrganizedJson(userId: string): Promise<string> {
    return repository.listEventsOrganizedByJson(this.db, userId);
  }

  listJoinedJson(userId: string): Promise<string> {
    return repository.listEventsWithRsvpOfJson(this.db, userId);
  }

  /**
   * `requestOrigin` is the origin the request reached (protocol://host): with PUBLIC_URL's, the origins
   * an imageUrl may not point at, since the image would then be a request to this app with the viewer's
   * cookies (GET /api/logout was one). The Host header is the caller's to choose, so without PUBLIC_URL
   * this check is a courtesy; what makes it harmless is that no GET of this app changes anything.
   */
  async create(organizerId: string, input: CreateEventInput, requestOrigin: string | null = null): Promise<Event> {
    const date = new Date(input.date);
    if (date.getTime() <= Date.now())
      throw badRequest('Date must be in the future', [{ path: 'date', message: 'Date must be in the future' }]);
    if (input.imageUrl && isOnOrigin(input.imageUrl, [requestOrigin, this.options.publicUrl])) {
      throw badRequest(IMAGE_URL_MESSAGES.ownOrigin, [{ path: 'imageUrl', message: IMAGE_URL_MESSAGES.ownOrigin }]);
    }
    const category = await findCategory(this.db, input.categoryId);
    if (!category) throw badRequest('Category not found', [{ path: 'categoryId', message: 'Category not found' }]);
    // Every refusal that costs nothing comes before the photos are decoded, the costly part.
    const uploads = readPhotoUploads(input.images ?? []);
    const photoBytes = uploads.reduce((total, upload) => total + upload.length, 0);
    await assertWithinWriteLimit(this.db, WRITE_LIMITS.events, organizerId);
    if (photoBytes > 0) await assertWithinWriteLimit(this.db, WRITE_LIMITS.photoBytes, organizerId, photoBytes);
    await inspectPhotos(uploads);
    const photos = await reencodePhotos(uploads);
    const eventId = await this.db.transaction(async (tx) => {
      // Counted in the write's transaction: concurrent creates cannot all pass the checks above and a
      // failed create counts nothing.
      await consumeWriteLimit(tx, WRITE_LIMITS.events, organizerId);
      if (photoBytes > 0) await consumeWriteLimit(tx, WRITE_LIMITS.photoBytes, organizerId, photoBytes);
      const id = await repository.insertEvent(tx, {
        title: input.title,
        description: input.description,
        location: input.location,
        date,
        imageUrl: input.imageUrl ?? null,
        categoryId: category.id,
        categoryName: category.name,
        organizerId,
        maxAttendees: input.maxAttendees ?? null,
        durationMinutes: input.durationMinutes ?? EVENT_LIMITS.durationMinutesDefault,
        isTest: input.isTest ?? false,
      });
      await repository.insertPhotos(tx, id, photos);
      await refreshAchievementProgress(tx, organizerId);
      return id;
    });
    return this.get(organizerId, eventId);
  }

  /**
   * The event's row is locked first (lockEvent), as by every write of seats and
   * the waitlist (decision 0012): RSVPs, withdrawals, waitlist changes and promotions of one event then
   * run one after another whatever the number of server processes, always taking their locks in the same
   * order, so none can deadlock another. takeSeat's conditional update and the events_capacity CHECK stay
   * as the defences behind it. A second concurrent request of the same user waits on the lock and then
   * finds its RSVP row, so it never takes a second seat.
   */
  async rsvp(userId: string, eventId: number, status: RsvpStatus): Promise<RsvpResponse> {
    for (let attempt = 1; ; attempt += 1) {
      const result = await this.inTransaction(async (tx) => {
        await this.lockUpcoming(tx, eventId);
        if (await repository.insertRsvpIfAbsent(tx, eventId, userId, status)) {
          const rsvpCount = await repository.takeSeat(tx, eventId);
          // lockUpcoming used this transaction's clock too, so only a full event gets here.
          if (rsvpCount === undefined) throw conflict(EVENT_FULL, 'EVENT_FULL');
          // Someone waiting who gets a seat directly (one freed without a queue ahead) leaves the queue.
          await deleteWaitlistEntry(tx, eventId, userId);
          await refreshAchievementProgress(tx, userId);
          await notifyOfRsvp(tx, eventId, userId);
          return { status, rsvpCount };
        }
        if (!(await repository.updateRsvpStatus(tx, eventId, userId, status))) return null;
        // No achievement is refreshed: every achievement metric counts RSVPs whatever their status,
        // so a switch changes none, and the transaction holds the event's row for less time.
        return { status, rsvpCount: await repository.readRsvpCount(tx, eventId) };
      });
      if (result) return result;
      if (attempt >= RSVP_ATTEMPTS)
        throw conflict('Your RSVP changed meanwhile. Please try again.', 'CHANGED_MEANWHILE');
    }
  }

  /** The freed seat goes to the first person waiting, in this same transaction. */
  async withdraw(userId: string, eventId: number): Promise<void> {
    await this.inTransaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (!event) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
      if (!(await repository.deleteRsvp(tx, eventId, userId)))
        throw notFound('You have no RSVP for this event', 'RSVP_NOT_FOUND');
      await repository.releaseSeat(tx, eventId);
      await refreshAchievementProgress(tx, userId);
      await fillFreeSeats(tx, eventId, userId);
    });
  }

  private async lockUpcoming(tx: Executor, eventId: number): Promise<void> {
    const event = await lockEvent(tx, eventId);
    if (!event) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
  }

  /**
   * Constraint failures that a concurrent request can still cause become the same 409 answers as the checks before
   * them.
   */
  private async inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      const code = databaseErrorCode(error);
      // 23514: the events_capacity CHECK, the last line of defence behind takeSeat's condition.
      if (code === '23514') throw conflict(EVENT_FULL, 'EVENT_FULL');
      // 23503: the event was deleted between the check and the insert.
      if (code === '23503') throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      throw error;
    }
  }
}
