import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import ical, { escape, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { CalendarFeed, CalendarFeedStatus } from '../../../contract/calendar';
import { LINE_BREAKING_CHARACTERS } from '../../../contract/common';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import * as repository from './calendar.repository';

const EVENT_NOT_FOUND_MESSAGE = 'Event not found';
export const FEED_NOT_FOUND_MESSAGE = 'Calendar feed not found';

/** 32 random bytes (256 bits; at least 128 are needed), base64url: 43 characters. */
const TOKEN_BYTES = 32;
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * SHA-256, not a slow password hash: the token is 256 random bits, so nothing can be guessed from
 * its hash, and a feed is fetched by calendar apps every few minutes.
 */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const LINE_BREAKING_RUNS = new RegExp(`${LINE_BREAKING_CHARACTERS.source}+`, 'gu');
const LINE_BREAKING_BUT_NEWLINES = /[^\P{Cc}\n]|[\u2028\u2029]/gu;

/**
 * A one-line value as calendar text. The contract refuses line breaks in titles, places and names, but
 * rows written before that rule may hold them; each run of them becomes one space, so nothing of the
 * value can start a line of its own (an `END:VEVENT` and a forged `BEGIN:VEVENT` carrying another
 * event's UID).
 */
function oneLine(value: string): string {
  return value.replace(LINE_BREAKING_RUNS, ' ');
}

/** A multi-line value keeps its line breaks (escaped to `\n` by ical-generator); other control characters go. */
function multiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(LINE_BREAKING_BUT_NEWLINES, ' ');
}

function toCalendar(
  name: string,
  rows: repository.CalendarEventRow[],
  options: { eventUrl: (id: number) => string; uidDomain: string; isFeed: boolean },
) {
  const calendar = ical({
    // ical-generator writes NAME and X-WR-CALNAME as given, unlike the event's properties, which it escapes.
    name: escape(oneLine(name), false),
    prodId: { company: 'PitchIn', product: 'PitchIn', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps that honour it poll the feed hourly.
    ...(options.isFeed ? { ttl: 60 * 60 } : {}),
  });
  for (const row of rows) {
    const url = options.eventUrl(row.id);
    const organizer = oneLine(
      [row.organizerFirstName, row.organizerLastName].filter((part) => part && part.trim()).join(' '),
    );
    const notes = [
      multiLine(row.description),
      row.status === 'cancelled' && row.cancelReason ? `Cancelled: ${multiLine(row.cancelReason)}` : null,
      organizer ? `Organizer: ${organizer}` : null,
      url,
    ];
    calendar.createEvent({
      // Stable across edits, downloads and the feed: a calendar app updates the entry rather than adding one.
      id: `pitchin-event-${row.id}@${options.uidDomain}`,
      sequence: row.revision,
      start: row.date,
      end: new Date(row.date.getTime() + row.durationMinutes * 60_000),
      stamp: row.updatedAt,
      created: row.createdAt,
      lastModified: row.updatedAt,
      summary: oneLine(row.title),
      description: notes.filter((part) => part !== null && part !== '').join('\n\n'),
      location: oneLine(row.location),
      url,
      status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 §3.1: every content line ends with CRLF, the last (END:VCALENDAR) too; ical-generator
  // joins lines with CRLF but leaves none after the last, and strict importers drop such a file.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** An event's .ics and the personal feed of one's RSVPs. */
export class CalendarService {
  constructor(
    private readonly db: Database,
    private readonly options: { publicUrl: string | null },
  ) {}

  private uidDomain(origin: string): string {
    return new URL(this.options.publicUrl ?? origin).hostname;
  }

  private baseUrl(origin: string): string {
    return (this.options.publicUrl ?? origin).replace(/\/+$/, '');
  }

  async eventCalendar(eventId: number, origin: string, viewerId: string | null): Promise<string> {
    const row = await repository.findCalendarEvent(this.db, eventId, viewerId);
    if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE, 'EVENT_NOT_FOUND');
    const base = this.baseUrl(origin);
    return toCalendar(row.title, [row], {
      eventUrl: (id) => `${base}/events/${id}`,
      uidDomain: this.uidDomain(origin),
      isFeed: false,
    });
  }

  /** The feed of the token's owner; any unknown or malformed token is simply not found. */
  async feedCalendar(token: string, origin: string): Promise<string> {
    if (!FEED_TOKEN_PATTERN.test(token)) throw notFound(FEED_NOT_FOUND_MESSAGE);
    const hash = hashToken(token);
    const feed = await repository.findFeedByTokenHash(this.db, hash);
    // The lookup is by an index on the hash; the comparison of what it found is constant-time all the same.
    if (!feed || !timingSafeEqual(Buffer.from(feed.tokenHash, 'hex'), Buffer.from(hash, 'hex')))
      throw notFound(FEED_NOT_FOUND_MESSAGE);
    const rows = await repository.listCalendarEventsOf(this.db, feed.userId);
    const base = this.baseUrl(origin);
    return toCalendar('PitchIn', rows, {
      eventUrl: (id) => `${base}/events/${id}`,
      uidDomain: this.uidDomain(origin),
      isFeed: true,
    });
  }

  async feedStatus(userId: string): Promise<CalendarFeedStatus> {
    const feed = await repository.findFeedOf(this.db, userId);
    return { isActive: feed !== undefined, createdAt: feed ? feed.createdAt.toISOString() : null };
  }

  /** Makes the user's feed URL, or a new one: the old URL stops working at once. */
  async renewFeed(userId: string, origin: string): Promise<CalendarFeed> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const createdAt = await repository.replaceFeed(this.db, userId, hashToken(token));
    return { url: `${this.baseUrl(origin)}/api/calendar/${token}.ics`, createdAt: new Date(createdAt).toISOString() };
  }

  async removeFeed(userId: string): Promise<void> {
    await repository.deleteFeed(this.db, userId);
  }
}
