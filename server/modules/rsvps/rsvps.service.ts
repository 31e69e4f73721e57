import type { RsvpResponse, RsvpStatus } from '../../../contract/rsvps';
import type { Database, Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { notifyOfRsvp, notifyOfWithdrawal } from '../notifications/notifications.service';
import { announceEventChange } from '../events/events.service';
import * as repository from './rsvps.repository';
import { databaseErrorCode } from '../../db/database-error-code';

export type LockedEvent = repository.LockedEvent;
export const isHiddenFrom = repository.isHiddenFrom;
export const isHiddenFromLeaving = repository.isHiddenFromLeaving;

export const EVENT_CANCELLED = 'This event was cancelled';
export const EVENT_NOT_FOUND = 'Event not found';
const EVENT_FULL = 'Event Full';
export const EVENT_PAST = 'This event has already taken place';
const FREE_PLACES = 'There are free places: RSVP instead';
const ALREADY_RSVPED = 'You already have an RSVP for this event';
const ALREADY_WAITLISTED = 'You are already on the waitlist';
const NOT_WAITLISTED = 'You are not on the waitlist for this event';
const CHOOSE_A_SLOT = 'This event has a schedule: choose a slot to attend';
const HOLDS_SLOTS = 'You hold slots of this event: withdraw from them instead';
// A switch that finds the RSVP withdrawn by a concurrent request starts over as a new RSVP, at most this often.
const RSVP_ATTEMPTS = 3;

/** Locks the event's row before anything else of the event is touched (decision 0012). */
export function lockEvent(tx: Executor, eventId: number): Promise<LockedEvent | undefined> {
  return repository.lockEvent(tx, eventId, { isLocking: true });
}

/** The event's row as lockEvent gives it, only read: for calls that change nothing. */
export function readEvent(db: Executor, eventId: number): Promise<LockedEvent | undefined> {
  return repository.lockEvent(db, eventId, { isLocking: false });
}

/** Takes a person off an event's waitlist, under lockEvent's lock; false when they were not on it. */
export function removeFromWaitlist(tx: Executor, eventId: number, userId: string): Promise<boolean> {
  return repository.deleteWaitlistEntry(tx, eventId, userId);
}

/**
 * Fills every free seat from the front of the queue. Runs inside the transaction that
 * freed the seat, after lockEvent, so no other transaction can take the seat or change the queue in
 * between (decision 0012). Each promoted person's achievements and an outbox record follow in the same
 * transaction.
 */
export async function fillFreeSeats(tx: Executor, eventId: number, actorId: string | null): Promise<string[]> {
  const event = await repository.lockEvent(tx, eventId);
  if (!event || event.status !== 'scheduled' || !event.isUpcoming) return [];
  const freeSeats = event.maxAttendees === null ? Number.MAX_SAFE_INTEGER : event.maxAttendees - event.rsvpCount;
  // The unlimited case promotes everyone; LIMIT takes a bigint, so the count is bounded to a safe value.
  const promoted = await repository.promoteWaitlisted(tx, eventId, Math.min(freeSeats, 1_000_000));
  for (const { userId, entryId } of promoted) {
    await refreshAchievementProgress(tx, userId);
    await announceEventChange(tx, {
      type: 'waitlist_promoted',
      eventId,
      actorId,
      recipientIds: [userId],
      payload: { waitlistEntryId: entryId, status: 'attending' },
    });
  }
  return promoted.map((entry) => entry.userId);
}

/**
 * The `attending` RSVP a confirmed slot brings (decision 0027): made with the first confirmed slot of the
 * event, or an existing RSVP of another status switched to it. Runs under lockEvent's lock. False when
 * the event has no seat left (its maxAttendees), and then nothing was written.
 */
export async function holdAttendingRsvp(tx: Executor, event: LockedEvent, userId: string): Promise<boolean> {
  if (await repository.insertRsvpIfAbsent(tx, event.id, userId, 'attending')) {
    if ((await repository.takeSeat(tx, event.id)) === undefined) {
      await repository.deleteRsvp(tx, event.id, userId);
      return false;
    }
    await repository.deleteWaitlistEntry(tx, event.id, userId);
    await refreshAchievementProgress(tx, userId);
    await notifyOfRsvp(tx, event, userId);
    return true;
  }
  await repository.updateRsvpStatus(tx, event.id, userId, 'attending');
  return true;
}

/** Ends the `attending` RSVP once its holder has no confirmed slot of the event left; under lockEvent's lock. */
export async function releaseAttendingRsvp(tx: Executor, eventId: number, userId: string): Promise<void> {
  if (await repository.holdsConfirmedSlot(tx, eventId, userId)) return;
  if (!(await repository.deleteRsvpWithStatus(tx, eventId, userId, 'attending'))) return;
  await repository.releaseSeat(tx, eventId);
  await refreshAchievementProgress(tx, userId);
}

export class RsvpsService {
  constructor(private readonly db: Database) {}

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
        const event = await this.lockUpcoming(tx, eventId, userId);
        if (event.slotCount > 0) await this.checkScheduledRsvp(tx, event, userId, status);
        if (await repository.insertRsvpIfAbsent(tx, eventId, userId, status)) {
          const rsvpCount = await repository.takeSeat(tx, eventId);
          // lockUpcoming used this transaction's clock too, so only a full event gets here.
          if (rsvpCount === undefined) throw conflict(EVENT_FULL, 'EVENT_FULL');
          // Someone waiting who gets a seat directly (one freed without a queue ahead) leaves the queue.
          await repository.deleteWaitlistEntry(tx, eventId, userId);
          await refreshAchievementProgress(tx, userId);
          await notifyOfRsvp(tx, event, userId);
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
      if (!event || isHiddenFromLeaving(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      // A hidden event lets its people go (decisions §22), and exists for nobody else.
      const isHidden = isHiddenFrom(event, userId);
      if (isHidden && !(await repository.hasRsvp(tx, eventId, userId)))
        throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
      if (event.slotCount > 0 && (await repository.holdsConfirmedSlot(tx, eventId, userId)))
        throw conflict(HOLDS_SLOTS, 'HOLDS_SLOTS');
      const deleted = await repository.deleteRsvp(tx, eventId, userId);
      if (!deleted) throw notFound('You have no RSVP for this event', 'RSVP_NOT_FOUND');
      if (deleted.isWalkIn) await repository.releaseWalkIn(tx, eventId);
      else await repository.releaseSeat(tx, eventId);
      await refreshAchievementProgress(tx, userId);
      // Nobody is moved into an event that reaches nobody; the queue moves again once the hide is undone.
      if (!event.isModeratorHidden) await fillFreeSeats(tx, eventId, userId);
      await notifyOfWithdrawal(tx, event);
    });
  }

  /**
   * On an event with slots, `attending` is held exactly while the person holds a confirmed slot: it is
   * not taken here, and one held through slots is not switched away.
   */
  private async checkScheduledRsvp(tx: Executor, event: LockedEvent, userId: string, status: RsvpStatus) {
    const current = await repository.readRsvpStatus(tx, event.id, userId);
    if (status === 'attending' && current !== 'attending') throw conflict(CHOOSE_A_SLOT, 'CHOOSE_A_SLOT');
    if (
      status !== 'attending' &&
      current === 'attending' &&
      (await repository.holdsConfirmedSlot(tx, event.id, userId))
    )
      throw conflict(HOLDS_SLOTS, 'HOLDS_SLOTS');
  }

  private async lockUpcoming(tx: Executor, eventId: number, userId: string): Promise<LockedEvent> {
    const event = await lockEvent(tx, eventId);
    if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
    return event;
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

  async joinWaitlist(userId: string, eventId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const event = await repository.lockEvent(tx, eventId);
      if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      if (!event.isUpcoming) throw conflict(EVENT_PAST, 'EVENT_PAST');
      if (await repository.hasRsvp(tx, eventId, userId)) throw conflict(ALREADY_RSVPED, 'ALREADY_RSVPED');
      // An event with slots queues per slot (POST /api/slots/{id}/waitlist).
      if (event.slotCount > 0) throw conflict(CHOOSE_A_SLOT, 'CHOOSE_A_SLOT');
      // Judged under the lock: a seat freed now would already have gone to the queue (fillFreeSeats).
      if (event.maxAttendees === null || event.rsvpCount < event.maxAttendees)
        throw conflict(FREE_PLACES, 'PLACES_FREE');
      const position = await repository.insertWaitlistEntry(tx, eventId, userId);
      if (position === undefined) throw conflict(ALREADY_WAITLISTED, 'ALREADY_WAITLISTED');
      return position;
    });
  }

  async leaveWaitlist(userId: string, eventId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The lock keeps a leave from slipping between a promotion's choice of the first entries and its delete.
      const event = await repository.lockEvent(tx, eventId);
      if (!event || isHiddenFromLeaving(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      if (!(await repository.deleteWaitlistEntry(tx, eventId, userId)))
        throw isHiddenFrom(event, userId)
          ? notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND')
          : notFound(NOT_WAITLISTED, 'NOT_WAITLISTED');
    });
  }
}
