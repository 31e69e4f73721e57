import type { AttendanceBody } from '../../../contract/event-management';
import {
  type CreateSlotBody,
  type MySlot,
  SLOT_LIMITS,
  type Slot,
  type SlotRoster,
  type SlotSignupStatus,
  slotWindowProblem,
  type UpdateSlotBody,
} from '../../../contract/slots';
import type { Database, Executor } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { formatLocalTime } from '../../lib/local-time';
import { personName } from '../../lib/person-name';
import {
  announceOncePerPerson,
  countAudience,
  type EventManagementService,
} from '../event-management/event-management.service';
import { announceEventChange } from '../events/events.service';
import { notifyOfWithdrawal } from '../notifications/notifications.service';
import {
  EVENT_CANCELLED,
  EVENT_NOT_FOUND,
  EVENT_PAST,
  holdAttendingRsvp,
  isHiddenFrom,
  isHiddenFromLeaving,
  lockEvent,
  readEvent,
  type LockedEvent,
  releaseAttendingRsvp,
} from '../rsvps/rsvps.service';
import * as repository from './slots.repository';
import { HOLDER_OVERLAP } from './slot-moves';
import type { ChangeAudience, SeriesScope } from '../../../contract/series';
import { consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { databaseErrorCode } from '../../db/database-error-code';

const SLOT_NOT_FOUND = 'Slot not found';
const SLOT_FULL = 'This slot is full';
const SLOT_OVERLAP = 'You already hold a slot at that time';
const SLOT_ENDED = 'This slot has already started';
const EVENT_FULL = 'Event Full';
const ALREADY_SIGNED_UP = 'You already have a place in this slot';
const NOT_SIGNED_UP = 'This person has no place in this slot';
const NOT_PENDING = 'This place is not waiting for approval';
const PLACES_FREE = 'There are free places: sign up instead';
const ALREADY_WAITLISTED = 'You are already on the waitlist';
const NOT_WAITLISTED = 'You are not on the waitlist for this slot';
const CAPACITY_BELOW_SIGNUPS = 'Capacity cannot be below the places already taken';
const TOO_MANY_SLOTS = `An event has at most ${SLOT_LIMITS.perEventMax} slots`;
const START_IN_PAST = 'Start must be in the future';
const ATTENDANCE_CLOSED = 'Attendance can be recorded from the start of the slot until 30 days after it';
const OWN_ATTENDANCE = 'Organizers cannot record their own attendance';

function isOverlapping(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** A slot on one date of a series, with the event (the date) it belongs to. */
type SlotCopy = { event: LockedEvent; slot: repository.LockedSlot };

function windowOf(slot: { startsAt: Date; endsAt: Date }) {
  return { startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() };
}

const ROSTER_STATUS_WORDS: Record<SlotSignupStatus | 'waitlisted', string> = {
  confirmed: 'Confirmed',
  pending: 'Pending approval',
  waitlisted: 'Waitlist',
};

/** The schedule as an organizer opens it in a spreadsheet: one row per person per slot, on their clock. */
export function rosterToCsv(slots: Slot[], roster: SlotRoster, timeZone: string): string {
  const header = [
    'Role',
    `Starts (${timeZone})`,
    `Ends (${timeZone})`,
    'Capacity',
    'Name',
    'Status',
    'Waitlist position',
    'Attended',
  ];
  const rows: Array<Array<string | number | null>> = [];
  for (const slot of slots) {
    const entry = roster.find((item) => item.slotId === slot.id);
    const base = [
      slot.role,
      formatLocalTime(slot.startsAt, timeZone),
      formatLocalTime(slot.endsAt, timeZone),
      slot.capacity,
    ];
    const people = [
      ...(entry?.signups ?? []).map((person) => [
        personName(person.user),
        ROSTER_STATUS_WORDS[person.status],
        '',
        person.attended === true ? 'Yes' : person.attended === false ? 'No' : 'Not recorded',
      ]),
      ...(entry?.waitlist ?? []).map((person) => [
        personName(person.user),
        ROSTER_STATUS_WORDS.waitlisted,
        person.position,
        '',
      ]),
    ];
    // A slot nobody took is still a line of the schedule, so its open places show.
    if (people.length === 0) rows.push([...base, '', '', '', '']);
    for (const person of people) rows.push([...base, ...person]);
  }
  return toCsv(header, rows);
}

/**
 * Slots of an event (decision 0027). Every write locks the event's row first (lockEvent, as RSVPs do),
 * then the slots it touches in id order, then the people whose holdings it changes (lockPeople, sorted):
 * one lock order in every process, so capacity and the no-overlap rule hold and nothing deadlocks.
 */
export class SlotsService {
  constructor(
    private readonly db: Database,
    /** The one organizer check and the series' occurrences (built once in server/app.ts). */
    private readonly eventManagement: EventManagementService,
  ) {}

  async list(viewerId: string | null, eventId: number): Promise<Slot[]> {
    const event = await readEvent(this.db, eventId);
    if (!event || isHiddenFrom(event, viewerId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    return repository.listSlotAnswers(this.db, eventId, viewerId);
  }

  async mine(userId: string): Promise<MySlot[]> {
    return repository.listSlotsOfPerson(this.db, userId);
  }

  /**
   * Adds a slot; with `scope` (a date of a series) to this date and the following or all upcoming ones,
   * each at the same time relative to its date (decision 0032), counted once against the write limit.
   * The copies form one group (`seriesSlotId`), which later changes with a scope reach.
   */
  async create(userId: string, eventId: number, body: CreateSlotBody, scope: SeriesScope = 'this'): Promise<Slot> {
    const startsAt = new Date(body.startsAt);
    if (startsAt.getTime() <= Date.now())
      throw badRequest(START_IN_PAST, [{ path: 'startsAt', message: START_IN_PAST }]);
    return this.inTransaction(async (tx) => {
      const { called, occurrences } = await this.eventManagement.lockOccurrences(tx, userId, eventId, scope);
      this.assertOpen(called);
      for (const occurrence of occurrences)
        if ((await repository.countSlotsOfEvent(tx, occurrence.id)) >= SLOT_LIMITS.perEventMax)
          throw conflict(TOO_MANY_SLOTS, 'TOO_MANY_SLOTS');
      // Counted in the write's transaction, after the checks: a refused write counts nothing (decision 0011).
      await consumeWriteLimit(tx, WRITE_LIMITS.slotWrites, userId);
      let calledSlotId = 0;
      const slotIds: number[] = [];
      for (const occurrence of occurrences) {
        const shift = occurrence.date.getTime() - called.date.getTime();
        const slotId = await repository.insertSlot(tx, occurrence.id, {
          role: body.role,
          description: body.description ?? '',
          startsAt: new Date(startsAt.getTime() + shift),
          endsAt: new Date(new Date(body.endsAt).getTime() + shift),
          capacity: body.capacity,
          requiresApproval: body.requiresApproval ?? false,
        });
        if (occurrence.id === eventId) calledSlotId = slotId;
        slotIds.push(slotId);
        await repository.refreshSlotTotals(tx, occurrence.id);
      }
      if (slotIds.length > 1) await repository.markSeriesCopies(tx, slotIds, calledSlotId);
      return (await repository.findSlotAnswer(tx, calledSlotId, userId))!;
    });
  }

  /**
   * Changes a slot; with `scope` its copies on this date and the following or all upcoming dates too
   * (decision 0032). A new time moves each copy by as much as this one moves. All of them or none: a copy
   * the change cannot take (its places, its holders' other slots, a start gone by) refuses the whole.
   * Each person holding a moved copy hears once, however many of their dates moved.
   */
  async update(userId: string, slotId: number, body: UpdateSlotBody, scope: SeriesScope = 'this'): Promise<Slot> {
    return this.inTransaction(async (tx) => {
      const { slot, copies } = await this.lockSlotCopies(tx, userId, slotId, scope);
      const startsAt = body.startsAt === undefined ? slot.startsAt : new Date(body.startsAt);
      const endsAt = body.endsAt === undefined ? slot.endsAt : new Date(body.endsAt);
      const startShift = startsAt.getTime() - slot.startsAt.getTime();
      const endShift = endsAt.getTime() - slot.endsAt.getTime();
      const isTimeChanged = startShift !== 0 || endShift !== 0;
      const moves = copies.map((copy) => ({
        ...copy,
        startsAt: new Date(copy.slot.startsAt.getTime() + startShift),
        endsAt: new Date(copy.slot.endsAt.getTime() + endShift),
      }));
      if (isTimeChanged)
        for (const move of moves) {
          const problem = slotWindowProblem(move.startsAt.toISOString(), move.endsAt.toISOString());
          if (problem) throw badRequest(problem.message, [problem]);
          if (move.startsAt.getTime() <= Date.now())
            throw badRequest(START_IN_PAST, [{ path: 'startsAt', message: START_IN_PAST }]);
        }
      // Pending places hold their places too: the capacity may not drop below them either.
      if (
        body.capacity !== undefined &&
        copies.some((copy) => body.capacity! < copy.slot.signupCount + copy.slot.pendingCount)
      )
        throw conflict(CAPACITY_BELOW_SIGNUPS, 'CAPACITY_BELOW_SIGNUPS');
      const holdersOf = new Map<number, string[]>();
      if (isTimeChanged) {
        // The new window may not give a holder two slots at once, the rule their sign-up was held to
        // (decision 0032): refused rather than moved, so nobody is double-booked or silently dropped.
        // Their locks (after the events' and the slots') keep a sign-up elsewhere from slipping in.
        for (const move of moves) holdersOf.set(move.slot.id, await repository.listHolderIds(tx, move.slot.id));
        await repository.lockPeople(tx, [...holdersOf.values()].flat());
        const movedIds = moves.map((move) => move.slot.id);
        for (const move of moves)
          for (const holderId of holdersOf.get(move.slot.id)!)
            if (await repository.holdsOverlappingSlot(tx, holderId, move, movedIds))
              throw conflict(HOLDER_OVERLAP, 'HOLDER_OVERLAP');
      }
      await consumeWriteLimit(tx, WRITE_LIMITS.slotWrites, userId);
      for (const move of moves) {
        await repository.updateSlot(tx, move.slot.id, {
          ...(body.role === undefined ? {} : { role: body.role }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(isTimeChanged ? { startsAt: move.startsAt, endsAt: move.endsAt } : {}),
          ...(body.capacity === undefined ? {} : { capacity: body.capacity }),
          ...(body.requiresApproval === undefined ? {} : { requiresApproval: body.requiresApproval }),
        });
        if (body.capacity !== undefined && body.capacity > move.slot.capacity)
          await this.fillFreePlaces(tx, move.event, move.slot.id, userId);
        await repository.refreshSlotTotals(tx, move.event.id);
      }
      if (isTimeChanged)
        await this.announceToCopies(
          tx,
          userId,
          moves.map((move) => ({ ...move, recipientIds: holdersOf.get(move.slot.id)! })),
          scope,
          (move) => ({
            slot: {
              id: move.slot.id,
              role: move.slot.role,
              from: windowOf(move.slot),
              to: windowOf(move),
            },
          }),
        );
      return (await repository.findSlotAnswer(tx, slotId, userId))!;
    });
  }

  /** Removes a slot; with `scope` its copies on the following or all upcoming dates too (as update). */
  async remove(userId: string, slotId: number, scope: SeriesScope = 'this'): Promise<void> {
    await this.inTransaction(async (tx) => {
      const { copies } = await this.lockSlotCopies(tx, userId, slotId, scope);
      await consumeWriteLimit(tx, WRITE_LIMITS.slotWrites, userId);
      const removed: Array<SlotCopy & { recipientIds: string[] }> = [];
      for (const copy of copies) {
        const holders = await repository.listHolderIds(tx, copy.slot.id);
        const waiting = await repository.listWaitingIds(tx, copy.slot.id);
        await repository.deleteSlot(tx, copy.slot.id);
        for (const holderId of holders) await releaseAttendingRsvp(tx, copy.event.id, holderId);
        await repository.refreshSlotTotals(tx, copy.event.id);
        removed.push({ ...copy, recipientIds: [...new Set([...holders, ...waiting])] });
      }
      await this.announceToCopies(tx, userId, removed, scope, (copy) => ({
        slotRemoved: { id: copy.slot.id, role: copy.slot.role, ...windowOf(copy.slot) },
      }));
    });
  }

  /**
   * GET /api/slots/{id}/audience: how many people a change or removal with `scope` would tell (each once),
   * and on how many dates, for the organizer's dialog to say before they confirm.
   */
  async audience(userId: string, slotId: number, scope: SeriesScope): Promise<ChangeAudience> {
    return this.db.transaction(async (tx) => {
      const { copies } = await this.lockSlotCopies(tx, userId, slotId, scope, false);
      const people = await repository.listPeopleOfSlots(
        tx,
        copies.map((copy) => copy.slot.id),
      );
      return countAudience(userId, people, copies.length);
    });
  }

  /** POST /api/slots/{id}/signup */
  async signUpForSlot(userId: string, slotId: number): Promise<SlotSignupStatus> {
    const eventId = await repository.findSlotEventId(this.db, slotId);
    if (eventId === undefined) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    const [result] = await this.signUp(userId, eventId, [slotId]);
    return result!.status;
  }

  /**
   * Takes every named slot of the event, or none: each with a free place, none overlapping another or
   * one the person already holds (of any event). Their first confirmed slot brings the event's
   * `attending` RSVP in the same transaction.
   */
  async signUp(
    userId: string,
    eventId: number,
    slotIds: number[],
  ): Promise<Array<{ slotId: number; status: SlotSignupStatus }>> {
    return this.inTransaction(async (tx) => {
      const event = await this.lockOpenEvent(tx, eventId, userId);
      const slots = await repository.lockSlots(tx, eventId, slotIds);
      if (slots.length !== slotIds.length) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
      await repository.lockPeople(tx, [userId]);
      const results: Array<{ slotId: number; status: SlotSignupStatus }> = [];
      for (const [index, slot] of slots.entries()) {
        if (slot.startsAt.getTime() <= Date.now()) throw conflict(SLOT_ENDED, 'SLOT_ENDED');
        if (await repository.findSignupStatus(tx, slot.id, userId))
          throw conflict(ALREADY_SIGNED_UP, 'ALREADY_SIGNED_UP');
        if (
          slots.slice(0, index).some((other) => isOverlapping(other, slot)) ||
          (await repository.holdsOverlappingSlot(tx, userId, slot, []))
        )
          throw conflict(SLOT_OVERLAP, 'SLOT_OVERLAP');
        const status: SlotSignupStatus = slot.requiresApproval ? 'pending' : 'confirmed';
        if (!(await repository.takeSlotPlace(tx, slot.id, status))) throw conflict(SLOT_FULL, 'SLOT_FULL');
        await repository.insertSignup(tx, slot.id, userId, status);
        await repository.deleteWaitlistEntries(tx, slot.id, [userId]);
        results.push({ slotId: slot.id, status });
      }
      if (results.some((result) => result.status === 'confirmed')) {
        if (!(await holdAttendingRsvp(tx, event, userId))) throw conflict(EVENT_FULL, 'EVENT_FULL');
      } else await notifyOfWithdrawal(tx, event);
      await repository.refreshSlotTotals(tx, eventId);
      return results;
    });
  }

  /** DELETE /api/slots/{id}/signup: the freed place goes to the first person waiting, in this transaction. */
  async withdraw(userId: string, slotId: number): Promise<void> {
    await this.inTransaction(async (tx) => {
      const { event } = await this.lockSlotOfEvent(tx, slotId, userId, false, true);
      // A hidden event lets its people go (decisions §22), and exists for nobody else.
      if (isHiddenFrom(event, userId) && !(await repository.findSignupStatus(tx, slotId, userId)))
        throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
      if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
      const status = await repository.deleteSignup(tx, slotId, userId);
      if (!status) throw notFound('You have no place in this slot', 'NOT_SIGNED_UP');
      if (status === 'confirmed') await releaseAttendingRsvp(tx, event.id, userId);
      // Nobody is moved into an event that reaches nobody; the queue moves again once the hide is undone.
      if (!event.isModeratorHidden) await this.fillFreePlaces(tx, event, slotId, userId);
      await repository.refreshSlotTotals(tx, event.id);
      await notifyOfWithdrawal(tx, event);
    });
  }

  async joinWaitlist(userId: string, slotId: number): Promise<number> {
    return this.inTransaction(async (tx) => {
      const { slot } = await this.lockSlotOfEvent(tx, slotId, userId, true);
      if (slot.startsAt.getTime() <= Date.now()) throw conflict(SLOT_ENDED, 'SLOT_ENDED');
      if (await repository.findSignupStatus(tx, slotId, userId)) throw conflict(ALREADY_SIGNED_UP, 'ALREADY_SIGNED_UP');
      // Judged under the locks: a place freed now would already have gone to the queue (fillFreePlaces).
      if (slot.signupCount + slot.pendingCount < slot.capacity) throw conflict(PLACES_FREE, 'PLACES_FREE');
      const position = await repository.insertWaitlistEntry(tx, slotId, userId);
      if (position === undefined) throw conflict(ALREADY_WAITLISTED, 'ALREADY_WAITLISTED');
      return position;
    });
  }

  async leaveWaitlist(userId: string, slotId: number): Promise<void> {
    await this.inTransaction(async (tx) => {
      const { event } = await this.lockSlotOfEvent(tx, slotId, userId, false, true);
      if ((await repository.deleteWaitlistEntries(tx, slotId, [userId])) === 0)
        throw isHiddenFrom(event, userId)
          ? notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND')
          : notFound(NOT_WAITLISTED, 'NOT_WAITLISTED');
    });
  }

  async approve(organizerId: string, slotId: number, userId: string): Promise<void> {
    await this.inTransaction(async (tx) => {
      const { event } = await this.lockOwnSlot(tx, organizerId, slotId);
      this.assertOpen(event);
      await repository.lockPeople(tx, [userId]);
      const status = await repository.findSignupStatus(tx, slotId, userId);
      if (!status) throw notFound(NOT_SIGNED_UP, 'NOT_SIGNED_UP');
      if (status !== 'pending') throw conflict(NOT_PENDING, 'NOT_PENDING');
      // The pending place already held its place, so approving takes no new one, only the event's seat.
      if (!(await holdAttendingRsvp(tx, event, userId))) throw conflict(EVENT_FULL, 'EVENT_FULL');
      await repository.confirmPendingSignup(tx, slotId, userId);
      await repository.refreshSlotTotals(tx, event.id);
      await announceEventChange(tx, {
        type: 'waitlist_promoted',
        eventId: event.id,
        actorId: organizerId,
        recipientIds: [userId],
        payload: { slotId, status: 'confirmed', isApproval: true },
      });
    });
  }

  async decline(organizerId: string, slotId: number, userId: string): Promise<void> {
    await this.inTransaction(async (tx) => {
      const { event, slot } = await this.lockOwnSlot(tx, organizerId, slotId);
      this.assertOpen(event);
      const status = await repository.findSignupStatus(tx, slotId, userId);
      if (!status) throw notFound(NOT_SIGNED_UP, 'NOT_SIGNED_UP');
      if (status !== 'pending') throw conflict(NOT_PENDING, 'NOT_PENDING');
      await repository.deleteSignup(tx, slotId, userId);
      await this.fillFreePlaces(tx, event, slotId, organizerId);
      await repository.refreshSlotTotals(tx, event.id);
      await announceEventChange(tx, {
        type: 'event_changed',
        eventId: event.id,
        actorId: organizerId,
        recipientIds: [userId],
        payload: { slotDeclined: { id: slotId, role: slot.role, ...windowOf(slot) } },
      });
    });
  }

  async roster(organizerId: string, eventId: number): Promise<{ slots: Slot[]; roster: SlotRoster }> {
    return this.db.transaction(async (tx) => {
      await this.eventManagement.findManagedEvent(tx, organizerId, eventId);
      const slots = await repository.listSlotAnswers(tx, eventId, organizerId);
      const rows = await repository.listRoster(tx, eventId);
      const roster: SlotRoster = slots.map((slot) => {
        const people = rows.filter((row) => row.slotId === slot.id);
        return {
          slotId: slot.id,
          signups: people.flatMap((row) =>
            row.status === 'waitlisted'
              ? []
              : [
                  {
                    user: this.publicUser(row),
                    status: row.status,
                    createdAt: new Date(row.createdAt).toISOString(),
                    attended: row.attended,
                  },
                ],
          ),
          waitlist: people
            .filter((row) => row.status === 'waitlisted')
            .map((row, index) => ({
              user: this.publicUser(row),
              position: index + 1,
              createdAt: new Date(row.createdAt).toISOString(),
            })),
        };
      });
      return { slots, roster };
    });
  }

  /** PUT /api/slots/{id}/attendance: only confirmed holders, from the slot's start until 30 days after. */
  async recordAttendance(organizerId: string, slotId: number, body: AttendanceBody): Promise<SlotRoster[number]> {
    const eventId = await this.inTransaction(async (tx) => {
      const { event, slot } = await this.lockOwnSlot(tx, organizerId, slotId);
      if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      if (!slot.isAttendanceOpen) throw conflict(ATTENDANCE_CLOSED, 'ATTENDANCE_CLOSED');
      if (body.entries.some((entry) => entry.userId === organizerId))
        throw forbidden(OWN_ATTENDANCE, 'ORGANIZER_CANNOT_VERIFY_SELF');
      const rows = (await repository.listRoster(tx, event.id)).filter(
        (row) => row.slotId === slotId && row.status === 'confirmed',
      );
      const holders = new Set(rows.map((row) => row.userId));
      const strangers = body.entries.flatMap((entry, index) =>
        holders.has(entry.userId) ? [] : [{ path: `entries.${index}.userId`, message: NOT_SIGNED_UP }],
      );
      if (strangers.length > 0) throw badRequest(NOT_SIGNED_UP, strangers.slice(0, 20));
      const byUser = new Map(body.entries.map((entry) => [entry.userId, entry.attended]));
      await repository.recordAttendance(
        tx,
        slotId,
        [...byUser].map(([id, attended]) => ({ userId: id, attended })),
      );
      // Verified hours, and the achievements that count them, change with the marks.
      for (const attendeeId of byUser.keys()) await refreshAchievementProgress(tx, attendeeId);
      return event.id;
    });
    const { roster } = await this.roster(organizerId, eventId);
    return roster.find((entry) => entry.slotId === slotId)!;
  }

  private publicUser(row: repository.RosterRow) {
    return { id: row.userId, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl };
  }

  /**
   * Gives the slot's free places to its queue, first come first served, in the caller's transaction. A
   * person now holding an overlapping slot is passed over and keeps waiting; when the event has no seat
   * left for a confirmed place, the queue stops there.
   */
  private async fillFreePlaces(tx: Executor, event: LockedEvent, slotId: number, actorId: string): Promise<void> {
    if (event.status !== 'scheduled' || !event.isUpcoming) return;
    const [slot] = await repository.lockSlots(tx, event.id, [slotId]);
    if (!slot || slot.startsAt.getTime() <= Date.now()) return;
    let free = slot.capacity - slot.signupCount - slot.pendingCount;
    if (free <= 0) return;
    const queue = await repository.listWaitingIds(tx, slotId);
    if (queue.length === 0) return;
    await repository.lockPeople(tx, queue);
    const status: SlotSignupStatus = slot.requiresApproval ? 'pending' : 'confirmed';
    for (const personId of queue) {
      if (free <= 0) break;
      if (await repository.holdsOverlappingSlot(tx, personId, slot, [])) continue;
      if (status === 'confirmed' && !(await holdAttendingRsvp(tx, event, personId))) break;
      if (!(await repository.takeSlotPlace(tx, slotId, status))) break;
      await repository.insertSignup(tx, slotId, personId, status);
      await repository.deleteWaitlistEntries(tx, slotId, [personId]);
      free -= 1;
      if (status === 'confirmed')
        await announceEventChange(tx, {
          type: 'waitlist_promoted',
          eventId: event.id,
          actorId,
          recipientIds: [personId],
          payload: { slotId, status },
        });
    }
  }

  /**
   * The slot and, with a scope beyond `this`, its copies on the dates that scope reaches, each with its
   * event: events locked first in id order (lockOccurrences), then the slots, decision 0027's order.
   */
  private async lockSlotCopies(
    tx: Executor,
    userId: string,
    slotId: number,
    scope: SeriesScope,
    isLocking = true,
  ): Promise<{ slot: repository.LockedSlot; copies: SlotCopy[] }> {
    const eventId = await repository.findSlotEventId(tx, slotId);
    if (eventId === undefined) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    const { called, occurrences } = await this.eventManagement.lockOccurrences(tx, userId, eventId, scope, isLocking);
    this.assertOpen(called);
    const [slot] = await repository.lockSlots(tx, eventId, [slotId], { isLocking });
    if (!slot) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    const copies: SlotCopy[] = [{ event: called, slot }];
    if (slot.seriesSlotId === null || occurrences.length === 1) return { slot, copies };
    const others = occurrences.filter((occurrence) => occurrence.id !== eventId);
    const eventsById = new Map(others.map((occurrence) => [occurrence.id, occurrence]));
    const copied = await repository.lockSeriesCopies(tx, slot.seriesSlotId, [...eventsById.keys()], { isLocking });
    for (const copy of copied) copies.push({ event: eventsById.get(copy.eventId)!, slot: copy });
    return { slot, copies };
  }

  /**
   * Tells the people of changed copies: a single slot's change as before (only when someone is there to
   * hear it), several dates' once per person through the events' announceOncePerPerson (decisions §18).
   */
  private async announceToCopies<Copy extends SlotCopy>(
    tx: Executor,
    actorId: string,
    copies: Array<Copy & { recipientIds: string[] }>,
    scope: SeriesScope,
    payloadOf: (copy: Copy) => Record<string, unknown>,
  ): Promise<void> {
    const told = copies.map((copy) => ({ ...copy, recipientIds: copy.recipientIds.filter((id) => id !== actorId) }));
    if (told.every((copy) => copy.recipientIds.length === 0)) return;
    const byEvent = new Map(told.map((copy) => [copy.event.id, copy]));
    await announceOncePerPerson(
      tx,
      'event_changed',
      actorId,
      told.map((copy) => ({ event: copy.event, noticed: {}, recipientIds: copy.recipientIds })),
      scope,
      (occurrence) => payloadOf(byEvent.get(occurrence.event.id)!),
    );
  }

  private assertOpen(event: LockedEvent): void {
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
  }

  private async lockOpenEvent(tx: Executor, eventId: number, userId: string): Promise<LockedEvent> {
    const event = await lockEvent(tx, eventId);
    if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    this.assertOpen(event);
    return event;
  }

  /**
   * The slot's event locked (for a volunteer), then the slot; 404 for a slot or event they cannot see.
   * `isLeaving` finds a moderator-hidden event too: its people may still leave it (decisions §22).
   */
  private async lockSlotOfEvent(
    tx: Executor,
    slotId: number,
    userId: string,
    isOpenRequired = false,
    isLeaving = false,
  ): Promise<{ event: LockedEvent; slot: repository.LockedSlot }> {
    const eventId = await repository.findSlotEventId(tx, slotId);
    if (eventId === undefined) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    const event = isOpenRequired ? await this.lockOpenEvent(tx, eventId, userId) : await lockEvent(tx, eventId);
    if (!event || (isLeaving ? isHiddenFromLeaving(event, userId) : isHiddenFrom(event, userId)))
      throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    const [slot] = await repository.lockSlots(tx, eventId, [slotId]);
    if (!slot) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    return { event, slot };
  }

  /** The organizer's check (lockManagedEvent) on the slot's event, then the slot's lock. */
  private async lockOwnSlot(
    tx: Executor,
    userId: string,
    slotId: number,
  ): Promise<{ event: LockedEvent; slot: repository.LockedSlot }> {
    const eventId = await repository.findSlotEventId(tx, slotId);
    if (eventId === undefined) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    const event = await this.eventManagement.lockManagedEvent(tx, userId, eventId);
    const [slot] = await repository.lockSlots(tx, eventId, [slotId]);
    if (!slot) throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
    return { event, slot };
  }

  /** A constraint that a concurrent request can still trip becomes the same 409 as the check before it. */
  private async inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      const code = databaseErrorCode(error);
      if (code === '23514') throw conflict(SLOT_FULL, 'SLOT_FULL');
      if (code === '23503') throw notFound(SLOT_NOT_FOUND, 'SLOT_NOT_FOUND');
      throw error;
    }
  }
}
