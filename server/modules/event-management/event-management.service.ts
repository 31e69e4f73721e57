import type { z } from 'zod';
import type {
  Attendee,
  AttendanceBody,
  AttendeesResponse,
  VerifiedHours,
  WaitlistEntry,
} from '../../../contract/event-management';
import { EVENT_PHOTO_URL_PATTERN, type updateEventBodySchema } from '../../../contract/events';
import { IMAGE_URL_MESSAGES, isOnOrigin } from '../../../contract/image-url';
import type { Database, Executor } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { toIso } from '../../lib/iso-time';
import { formatLocalTime } from '../../lib/local-time';
import { personName } from '../../lib/person-name';
import { findCategory } from '../categories/categories.service';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { assertWithinWriteLimit, consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import * as repository from './event-management.repository';
import type { ChangeAudience, SeriesScope } from '../../../contract/series';
import { moveSlotsWithEvents } from '../slots/slot-moves';
import { listChangeableOccurrenceIds } from '../series/series.service';
import { inspectPhotos, readPhotoUploads, reencodePhotos } from '../../lib/photo-uploads';
import {
  addEventPhotos,
  announceEventChange,
  isEventSilenced,
  type NewPhoto,
  readCoordinates,
} from '../events/events.service';
import { isAbleTo } from '../../../contract/organization-roles';
import { findOrganizationRole } from '../organizations/organizations.service';
import {
  EVENT_CANCELLED,
  EVENT_NOT_FOUND,
  EVENT_PAST,
  fillFreeSeats,
  isHiddenFrom,
  lockEvent,
  readEvent,
  type LockedEvent,
  removeFromWaitlist,
} from '../rsvps/rsvps.service';

export type UpdateEventInput = z.output<typeof updateEventBodySchema>;

const ONLY_ORGANIZER = 'Only the organizer can change this event';
const NOT_CO_ORGANIZING = 'This person has not offered to co-organize this event';
const ONLY_ORGANIZER_ATTENDEES = 'Only the organizer can see who is coming';
const PEOPLE_HAVE_RSVPED = 'People have RSVPed: cancel the event instead';
const CAPACITY_BELOW_RSVPS = 'Maximum attendees cannot be below the number of RSVPs';
const ATTENDANCE_CLOSED = 'Attendance can be recorded from the start of the event until 30 days after it';
const NOT_AN_RSVP_HOLDER = 'This person has no RSVP for this event';
const OWN_ATTENDANCE = 'Organizers cannot record their own attendance';
const UNKNOWN_PHOTO = "Each photo URL must be one of this event's photos";
const SERIES_PHOTOS = 'Photos are changed one date at a time';
const EVENT_HIDDEN = 'A moderator hid this event: it reaches nobody until the hide is undone';
const SERIES_DATE_PAST = 'The new time would put a date of the series in the past';

/** RSVP statuses as the event page words them (web/locales/en/event-detail.json). */
const RSVP_STATUS_WORDS: Record<Attendee['status'], string> = {
  attending: 'Attending',
  supporting: 'Supporting',
  organizing: 'Co-organizing',
};

function attendedInWords(attended: boolean | null): string {
  return attended === true ? 'Yes' : attended === false ? 'No' : 'Not recorded';
}

/**
 * The attendees as an organizer opens them in a spreadsheet: a column per thing they read (no ids),
 * statuses in words and times on the organizer's clock, whose zone the time column names.
 */
export function attendeesToCsv(answer: AttendeesResponse, timeZone: string): string {
  const header = ['Name', 'List', 'Waitlist position', 'RSVP status', `Signed up (${timeZone})`, 'Attended'];
  return toCsv(header, [
    ...answer.attendees.map((entry) => [
      personName(entry.user),
      'RSVP',
      '',
      RSVP_STATUS_WORDS[entry.status],
      formatLocalTime(entry.createdAt, timeZone),
      attendedInWords(entry.attended),
    ]),
    ...answer.waitlist.map((entry) => [
      personName(entry.user),
      'Waitlist',
      entry.position,
      '',
      formatLocalTime(entry.createdAt, timeZone),
      '',
    ]),
  ]);
}

const HOURS_CSV_HEADER = ['eventId', 'title', 'date', 'hours'];

export function hoursToCsv(answer: VerifiedHours): string {
  return toCsv(HOURS_CSV_HEADER, [
    ...answer.entries.map((entry) => [entry.eventId, entry.title, entry.date, entry.hours]),
    ['', 'Total', '', answer.verifiedHours],
  ]);
}

export type ChangedOccurrence = {
  event: LockedEvent;
  noticed: Record<string, { from: string | number; to: string | number }>;
  recipientIds: string[];
};

/** The date a changed occurrence now has: its new one when the change moved it. */
function currentDateOf(occurrence: ChangedOccurrence): string {
  return String(occurrence.noticed.date?.to ?? occurrence.event.date.toISOString());
}

/**
 * One change record per person however many dates of a series changed (decisions §18): each person hears
 * once, about the earliest changed date they hold a place in, and the record names every changed date
 * they hold (`payload.series.dates`), so that their one mail lists them all. People who hold the same
 * changed dates share one record. Change mails and unread notifications are gathered per event and
 * person (decision 0024), so one record per person is one notification and one mail.
 */
export async function announceOncePerPerson(
  tx: Executor,
  type: 'event_changed' | 'event_cancelled',
  actorId: string,
  occurrences: ChangedOccurrence[],
  scope: SeriesScope,
  payloadOf: (occurrence: ChangedOccurrence) => Record<string, unknown>,
): Promise<void> {
  const sorted = [...occurrences].sort((left, right) => left.event.date.getTime() - right.event.date.getTime());
  // A single event's change is recorded even with nobody to tell, as it always was.
  if (sorted.length === 1) {
    const [only] = sorted as [ChangedOccurrence];
    await announceEventChange(tx, {
      type,
      eventId: only.event.id,
      actorId,
      recipientIds: only.recipientIds,
      payload: payloadOf(only),
    });
    return;
  }
  const heldByPerson = new Map<string, ChangedOccurrence[]>();
  for (const occurrence of sorted)
    for (const id of occurrence.recipientIds) {
      const held = heldByPerson.get(id);
      if (held) held.push(occurrence);
      else heldByPerson.set(id, [occurrence]);
    }
  const groups = new Map<string, { held: ChangedOccurrence[]; recipientIds: string[] }>();
  for (const [personId, held] of heldByPerson) {
    const key = held.map((occurrence) => occurrence.event.id).join(',');
    const group = groups.get(key) ?? { held, recipientIds: [] };
    group.recipientIds.push(personId);
    groups.set(key, group);
  }
  for (const { held, recipientIds } of groups.values()) {
    const [first] = held as [ChangedOccurrence, ...ChangedOccurrence[]];
    const series =
      first.event.seriesId !== null
        ? {
            series: {
              id: first.event.seriesId,
              scope,
              dateCount: occurrences.length,
              dates: held.map((occurrence) => ({ eventId: occurrence.event.id, date: currentDateOf(occurrence) })),
            },
          }
        : {};
    await announceEventChange(tx, {
      type,
      eventId: first.event.id,
      actorId,
      recipientIds,
      payload: { ...payloadOf(first), ...series },
    });
  }
}

/**
 * THE answer to "may this person manage this event" (decisions §11–§13, §20 and §21): its organizer, the
 * co-organizers the organizer approved, and the owners, admins and organizers of the organization it is
 * held under. Every organizer call asks it through lockManagedEvent or findManagedEvent; another module
 * that needs it gets it exported here, never by comparing ids.
 */
async function canManageEvent(
  db: Executor,
  event: Pick<LockedEvent, 'id' | 'organizerId' | 'organizationId'>,
  userId: string,
): Promise<boolean> {
  if (event.organizationId !== null) {
    if (isAbleTo(await findOrganizationRole(db, event.organizationId, userId), 'manageEvents')) return true;
    // Decisions §22: an organization's event stays the organization's. Its organizer holds it by their
    // role there: removed or made a member, they lose every right over it (its admins may reassign it).
    if (event.organizerId === userId) return false;
  } else if (event.organizerId === userId) return true;
  return repository.isApprovedCoOrganizer(db, event.id, userId);
}

/** The people a change would tell, each once: holders, then waiting people who hold nothing (ChangeAudience). */
export function countAudience(
  actorId: string,
  people: { holderIds: string[]; waitingIds: string[] },
  dateCount: number,
): ChangeAudience {
  const holders = new Set(people.holderIds.filter((id) => id !== actorId));
  const onlyWaiting = new Set(people.waitingIds.filter((id) => id !== actorId && !holders.has(id)));
  return { holderCount: holders.size, waitlistCount: onlyWaiting.size, dateCount };
}

export class EventManagementService {
  constructor(
    private readonly db: Database,
    private readonly options: { publicUrl: string | null } = { publicUrl: null },
  ) {}

  /**
   * canManageEvent for a module that already holds the event: the door asks it of the person it would
   * check in, since whoever manages an event cannot verify their own hours there (decisions §22).
   */
  canManage(db: Executor, event: Pick<LockedEvent, 'id' | 'organizerId' | 'organizationId'>, userId: string) {
    return canManageEvent(db, event, userId);
  }

  /**
   * Locks the event and checks the caller may manage it (canManageEvent): 404 before 403, so ids reveal
   * nothing more. The one organizer check: other modules (slots, check-in) call it through this service
   * rather than compare ids themselves.
   */
  async lockManagedEvent(
    tx: Executor,
    userId: string,
    eventId: number,
    message = ONLY_ORGANIZER,
  ): Promise<LockedEvent> {
    return this.requireManaged(tx, userId, await lockEvent(tx, eventId), message);
  }

  /** lockManagedEvent's check on the event only read, for calls that change nothing. */
  async findManagedEvent(
    db: Executor,
    userId: string,
    eventId: number,
    message = ONLY_ORGANIZER,
  ): Promise<LockedEvent> {
    return this.requireManaged(db, userId, await readEvent(db, eventId), message);
  }

  private async requireManaged(
    db: Executor,
    userId: string,
    event: LockedEvent | undefined,
    message: string,
  ): Promise<LockedEvent> {
    if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    if (!(await canManageEvent(db, event, userId))) throw forbidden(message, 'NOT_ORGANIZER');
    return event;
  }

  /**
   * The occurrences a change of `scope` reaches, locked and checked like one event: `this` is the event
   * alone (as is every scope on a single event); `following` it and the later upcoming dates of its
   * series; `all` every upcoming date. Locks are taken in id order, so two series changes at once queue
   * rather than deadlock; dates cancelled or started meanwhile are left out. Slots use it to reach a
   * slot's copies on several dates (decision 0032). `isLocking` false only reads, for a count shown
   * before a change.
   */
  async lockOccurrences(
    tx: Executor,
    userId: string,
    eventId: number,
    scope: SeriesScope,
    isLocking = true,
  ): Promise<{ called: LockedEvent; occurrences: LockedEvent[] }> {
    const managedEvent = (id: number, isLocked: boolean) =>
      isLocked ? this.lockManagedEvent(tx, userId, id) : this.findManagedEvent(tx, userId, id);
    const first = await managedEvent(eventId, isLocking && scope === 'this');
    if (scope === 'this' || first.seriesId === null) {
      const called = scope === 'this' || !isLocking ? first : await this.lockManagedEvent(tx, userId, eventId);
      return { called, occurrences: [called] };
    }
    const ids = await listChangeableOccurrenceIds(tx, first.seriesId, scope === 'following' ? first.date : new Date(0));
    const occurrences: LockedEvent[] = [];
    for (const id of [...new Set([...ids, eventId])].sort((left, right) => left - right))
      occurrences.push(await managedEvent(id, isLocking));
    const called = occurrences.find((occurrence) => occurrence.id === eventId)!;
    return {
      called,
      occurrences: occurrences.filter(
        (occurrence) => occurrence === called || (occurrence.status === 'scheduled' && occurrence.isUpcoming),
      ),
    };
  }

  /**
   * Edits an event (PATCH), or with `scope` several dates of its series: each gets the same fields, and a
   * new date moves each by as much as this one moves. Photos are decoded before the transaction (the
   * costly part, as on create); which URLs are this event's photos is checked again inside it, under the
   * event's lock.
   */
  async update(
    userId: string,
    eventId: number,
    input: UpdateEventInput,
    requestOrigin: string | null,
    scope: SeriesScope = 'this',
  ): Promise<void> {
    const date = input.date === undefined ? undefined : new Date(input.date);
    if (date && date.getTime() <= Date.now())
      throw badRequest('Date must be in the future', [{ path: 'date', message: 'Date must be in the future' }]);
    if (input.imageUrl && isOnOrigin(input.imageUrl, [requestOrigin, this.options.publicUrl])) {
      throw badRequest(IMAGE_URL_MESSAGES.ownOrigin, [{ path: 'imageUrl', message: IMAGE_URL_MESSAGES.ownOrigin }]);
    }
    const category = input.categoryId === undefined ? undefined : await findCategory(this.db, input.categoryId);
    if (input.categoryId !== undefined && !category)
      throw badRequest('Category not found', [{ path: 'categoryId', message: 'Category not found' }]);
    const images = input.images;
    // Each date holds photos of its own: a list naming this date's photos means nothing to the others.
    if (images !== undefined && scope !== 'this')
      throw badRequest(SERIES_PHOTOS, [{ path: 'images', message: SERIES_PHOTOS }]);
    const newDataUrls = (images ?? []).filter((image) => !EVENT_PHOTO_URL_PATTERN.test(image));
    const uploads = readPhotoUploads(newDataUrls);
    const photoBytes = uploads.reduce((total, upload) => total + upload.length, 0);
    // The ownership check is cheap and comes before the photos are decoded.
    await this.findManagedEvent(this.db, userId, eventId);
    if (photoBytes > 0) await assertWithinWriteLimit(this.db, WRITE_LIMITS.photoBytes, userId, photoBytes);
    await inspectPhotos(uploads);
    const prepared = await reencodePhotos(uploads);
    await this.db.transaction(async (tx) => {
      const { called, occurrences } = await this.lockOccurrences(tx, userId, eventId, scope);
      if (called.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      if (!called.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
      // Counted in the edit's transaction: a refused or failed edit counts nothing. A change of several
      // dates is one act of the organizer and counts once.
      await consumeWriteLimit(tx, WRITE_LIMITS.eventEdits, userId);
      const shift = date === undefined ? 0 : date.getTime() - called.date.getTime();
      const changed: ChangedOccurrence[] = [];
      for (const event of occurrences) {
        const occurrenceDate = date === undefined ? undefined : new Date(event.date.getTime() + shift);
        if (occurrenceDate && occurrenceDate.getTime() <= Date.now())
          throw badRequest(SERIES_DATE_PAST, [{ path: 'date', message: SERIES_DATE_PAST }]);
        if (input.maxAttendees !== undefined && input.maxAttendees !== null && input.maxAttendees < event.rsvpCount) {
          throw conflict(CAPACITY_BELOW_RSVPS, 'CAPACITY_BELOW_RSVPS');
        }
        if (images !== undefined) {
          if (photoBytes > 0) await consumeWriteLimit(tx, WRITE_LIMITS.photoBytes, userId, photoBytes);
          await this.replacePhotos(tx, event.id, images, prepared);
        }
        const noticed = await this.applyChanges(tx, event, input, occurrenceDate, category);
        if (Object.keys(noticed).length > 0)
          changed.push({
            event,
            noticed,
            recipientIds: (await repository.listRsvpHolderIds(tx, event.id)).filter((id) => id !== userId),
          });
        // A higher capacity frees seats, which go to the queue in the same transaction.
        const isCapacityRaised =
          input.maxAttendees !== undefined &&
          (input.maxAttendees === null || (event.maxAttendees !== null && input.maxAttendees > event.maxAttendees));
        if (isCapacityRaised) await fillFreeSeats(tx, event.id, userId);
      }
      // A schedule stays on its day: the slots of every moved date move with it.
      if (shift !== 0)
        await moveSlotsWithEvents(
          tx,
          occurrences.map((event) => event.id),
          shift,
        );
      await announceOncePerPerson(tx, 'event_changed', userId, changed, scope, (occurrence) => ({
        changes: occurrence.noticed,
      }));
    });
  }

  private async replacePhotos(tx: Executor, eventId: number, images: string[], prepared: NewPhoto[]): Promise<void> {
    const existing = await repository.listPhotoIds(tx, eventId);
    const kept: Array<{ id: string; position: number }> = [];
    const added: NewPhoto[] = [];
    let uploadIndex = 0;
    images.forEach((image, position) => {
      if (EVENT_PHOTO_URL_PATTERN.test(image)) {
        const id = image.slice('/api/images/'.length);
        if (!existing.includes(id) || kept.some((photo) => photo.id === id))
          throw badRequest(UNKNOWN_PHOTO, [{ path: `images.${position}`, message: UNKNOWN_PHOTO }]);
        kept.push({ id, position });
      } else {
        const photo = prepared[uploadIndex];
        uploadIndex += 1;
        if (photo) added.push({ ...photo, position });
      }
    });
    await repository.deletePhotos(
      tx,
      eventId,
      existing.filter((id) => !kept.some((photo) => photo.id === id)),
    );
    for (const photo of kept) await repository.setPhotoPosition(tx, photo.id, photo.position);
    await addEventPhotos(tx, eventId, added);
  }

  /** Writes the fields to one event; answers the changes its RSVP holders must hear of (date, time, length, place). */
  private async applyChanges(
    tx: Executor,
    event: LockedEvent,
    input: UpdateEventInput,
    date: Date | undefined,
    category: { id: number; name: string } | undefined,
  ): Promise<Record<string, { from: string | number; to: string | number }>> {
    const changes: repository.EventChanges = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.location !== undefined) changes.location = input.location;
    // A new place comes with its coordinates from the place picker; a location typed freely has none, so
    // the old place's coordinates go rather than pin the event where it no longer is.
    const coordinates = readCoordinates(input);
    if (coordinates) Object.assign(changes, coordinates);
    else if (input.location !== undefined || input.latitude === null)
      Object.assign(changes, { latitude: null, longitude: null });
    if (date !== undefined) changes.date = date;
    if (category) changes.categoryId = category.id;
    if (input.maxAttendees !== undefined) changes.maxAttendees = input.maxAttendees;
    if (input.imageUrl !== undefined) changes.imageUrl = input.imageUrl;
    if (input.durationMinutes !== undefined) changes.durationMinutes = input.durationMinutes;
    const isSearchTextChanged =
      input.title !== undefined ||
      input.description !== undefined ||
      input.location !== undefined ||
      category !== undefined;
    const searchText = isSearchTextChanged
      ? {
          title: changes.title ?? event.title,
          description: changes.description ?? event.description,
          location: changes.location ?? event.location,
          categoryName: category?.name ?? (await repository.readCategoryNameOfEvent(tx, event.id)),
        }
      : null;
    await repository.updateEvent(tx, event.id, changes, searchText);
    const noticed: Record<string, { from: string | number; to: string | number }> = {};
    if (date !== undefined && date.getTime() !== event.date.getTime())
      noticed.date = { from: event.date.toISOString(), to: date.toISOString() };
    if (changes.location !== undefined && changes.location !== event.location)
      noticed.location = { from: event.location, to: changes.location };
    if (changes.durationMinutes !== undefined && changes.durationMinutes !== event.durationMinutes)
      noticed.durationMinutes = { from: event.durationMinutes, to: changes.durationMinutes };
    return noticed;
  }

  async cancel(userId: string, eventId: number, reason: string | null, scope: SeriesScope = 'this'): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { called, occurrences } = await this.lockOccurrences(tx, userId, eventId, scope);
      if (called.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      if (!called.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
      const cancelled: ChangedOccurrence[] = [];
      for (const event of occurrences) {
        const holders = await repository.listRsvpHolderIds(tx, event.id);
        const waitlisted = await repository.listWaitlistedIds(tx, event.id);
        await repository.cancelEvent(tx, event.id, reason);
        // Nobody waits for a place at a cancelled event; they are told (below) rather than kept queued.
        for (const waitingId of waitlisted) await removeFromWaitlist(tx, event.id, waitingId);
        cancelled.push({
          event,
          noticed: {},
          recipientIds: [...new Set([...holders, ...waitlisted])].filter((id) => id !== userId),
        });
      }
      await announceOncePerPerson(tx, 'event_cancelled', userId, cancelled, scope, () => ({ reason }));
    });
  }

  /** GET /api/events/{id}/audience: whom a cancellation with `scope` would tell, before the organizer confirms. */
  async audience(userId: string, eventId: number, scope: SeriesScope): Promise<ChangeAudience> {
    return this.db.transaction(async (tx) => {
      const { occurrences } = await this.lockOccurrences(tx, userId, eventId, scope, false);
      const people = await repository.listPeopleOfEvents(
        tx,
        occurrences.map((occurrence) => occurrence.id),
      );
      return countAudience(userId, people, occurrences.length);
    });
  }

  async remove(userId: string, eventId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const event = await this.lockManagedEvent(tx, userId, eventId);
      // Under the lock: nobody can RSVP between this count and the delete.
      if ((await repository.countOtherRsvps(tx, eventId, event.organizerId)) > 0)
        throw conflict(PEOPLE_HAVE_RSVPED, 'EVENT_HAS_RSVPS');
      // Only the organizer's own RSVP can fill an event nobody else joined, yet people may wait for it:
      // they hear that it is gone, as they would of a cancellation.
      const waitlisted = await repository.listWaitlistedIds(tx, eventId);
      if (waitlisted.length > 0)
        await announceEventChange(tx, {
          type: 'event_cancelled',
          eventId,
          actorId: userId,
          recipientIds: waitlisted,
          payload: {
            reason: null,
            isDeleted: true,
            title: event.title,
            date: event.date.toISOString(),
            location: event.location,
          },
        });
      await repository.deleteEvent(tx, eventId);
      // The organizer's own RSVP, if any, went with the event; their counts must follow.
      await refreshAchievementProgress(tx, event.organizerId);
    });
  }

  async attendees(userId: string, eventId: number): Promise<AttendeesResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.findManagedEvent(tx, userId, eventId, ONLY_ORGANIZER_ATTENDEES);
      return this.readAttendees(tx, event);
    });
  }

  private async readAttendees(
    tx: Executor,
    { id: eventId, organizerId }: Pick<LockedEvent, 'id' | 'organizerId'>,
  ): Promise<AttendeesResponse> {
    const [holders, waiting] = [
      await repository.listRsvpHolders(tx, eventId),
      await repository.listWaitlist(tx, eventId),
    ];
    const histories = new Map(
      (
        await repository.countAttendanceHistory(
          tx,
          organizerId,
          holders.map((row) => row.userId),
        )
      ).map((row) => [row.userId, { attended: row.attended, noShows: row.noShows }]),
    );
    const attendees: Attendee[] = holders.map((row) => ({
      user: { id: row.userId, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl },
      status: row.status,
      createdAt: toIso(row.createdAt),
      attended: row.attended,
      isCoOrganizer: row.status === 'organizing' && row.coOrganizerApprovedAt !== null,
      confirmedAt: row.confirmedAt ? toIso(row.confirmedAt) : null,
      history: histories.get(row.userId) ?? { attended: 0, noShows: 0 },
    }));
    const waitlist: WaitlistEntry[] = waiting.map((row, index) => ({
      user: { id: row.userId, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl },
      position: index + 1,
      createdAt: toIso(row.createdAt),
    }));
    return { attendees, waitlist };
  }

  /**
   * Accepts a person's "Co-Organizing" RSVP (decisions §21): from then on canManageEvent lets them manage
   * the event. 404 NOT_CO_ORGANIZING when they asked for nothing, so rights are never given unasked.
   */
  async approveCoOrganizer(userId: string, eventId: number, personId: string): Promise<AttendeesResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.lockManagedEvent(tx, userId, eventId);
      if (!(await repository.approveCoOrganizer(tx, event.id, personId)))
        throw notFound(NOT_CO_ORGANIZING, 'NOT_CO_ORGANIZING');
      return this.readAttendees(tx, event);
    });
  }

  /** Declines the request, or takes the rights back; the person stays on the list as attending. */
  async removeCoOrganizer(userId: string, eventId: number, personId: string): Promise<AttendeesResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.lockManagedEvent(tx, userId, eventId);
      if (!(await repository.removeCoOrganizer(tx, event.id, personId)))
        throw notFound(NOT_CO_ORGANIZING, 'NOT_CO_ORGANIZING');
      return this.readAttendees(tx, event);
    });
  }

  async announce(userId: string, eventId: number, content: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const event = await this.lockManagedEvent(tx, userId, eventId);
      if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      // Said to the organizer rather than dropped in silence: they would wait for answers that never come.
      if (await isEventSilenced(tx, eventId)) throw conflict(EVENT_HIDDEN, 'EVENT_HIDDEN');
      await consumeWriteLimit(tx, WRITE_LIMITS.announcements, userId);
      const recipientIds = (await repository.listRsvpHolderIds(tx, eventId)).filter((id) => id !== userId);
      await repository.insertAnnouncementMessages(tx, userId, eventId, recipientIds, content);
      await announceEventChange(tx, {
        type: 'announcement',
        eventId,
        actorId: userId,
        recipientIds,
        payload: { content },
      });
      return recipientIds.length;
    });
  }

  async recordAttendance(userId: string, eventId: number, body: AttendanceBody): Promise<AttendeesResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.lockManagedEvent(tx, userId, eventId);
      if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      if (!event.isAttendanceOpen) throw conflict(ATTENDANCE_CLOSED, 'ATTENDANCE_CLOSED');
      // Verified hours are someone else's word that a person came: an organizer's word for themself is not.
      if (body.entries.some((entry) => entry.userId === userId))
        throw forbidden(OWN_ATTENDANCE, 'ORGANIZER_CANNOT_VERIFY_SELF');
      const holders = new Set(await repository.listRsvpHolderIds(tx, eventId));
      const strangers = body.entries.flatMap((entry, index) =>
        holders.has(entry.userId) ? [] : [{ path: `entries.${index}.userId`, message: NOT_AN_RSVP_HOLDER }],
      );
      if (strangers.length > 0) throw badRequest(NOT_AN_RSVP_HOLDER, strangers.slice(0, 20));
      // The last entry for a person wins, as it would if they were sent one after the other.
      const byUser = new Map(body.entries.map((entry) => [entry.userId, entry.attended]));
      await repository.recordAttendance(
        tx,
        eventId,
        [...byUser].map(([id, attended]) => ({ userId: id, attended })),
      );
      // Hour achievements count verified hours: a mark given or taken back moves them, in this write.
      for (const attendeeId of byUser.keys()) await refreshAchievementProgress(tx, attendeeId);
      return this.readAttendees(tx, event);
    });
  }

  /**
   * Each entry shows its event's own length; the total counts time once however many attended events
   * overlap it (three 24-hour events on the same day are 24 hours, not 72), so the entries may add up to more.
   */
  async verifiedHours(userId: string): Promise<VerifiedHours> {
    const rows = await repository.listAttendedEvents(this.db, userId);
    const entries = rows.map((row) => ({
      eventId: row.eventId,
      title: row.title,
      date: toIso(row.date),
      hours: Math.round((row.durationMinutes / 60) * 100) / 100,
    }));
    const minutes = await repository.sumAttendedMinutesOnce(this.db, userId);
    return { verifiedHours: Math.round((minutes / 60) * 100) / 100, entries };
  }
}
