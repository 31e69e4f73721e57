import {
  CHECK_IN_CLOSES_AFTER_END_MINUTES,
  CHECK_IN_OPENS_BEFORE_START_MINUTES,
  type CheckInResponse,
  type CheckOutResponse,
  type Door,
  type Ticket,
} from '../../../contract/check-in';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { EventManagementService } from '../event-management/event-management.service';
import {
  EVENT_CANCELLED,
  EVENT_NOT_FOUND,
  isHiddenFrom,
  lockEvent,
  RsvpsService,
  type LockedEvent,
} from '../rsvps/rsvps.service';
import {
  createAttendanceReplyToken,
  isAttendanceReplySigned,
  readAttendanceReplyClaim,
  type AttendanceReply,
  type AttendanceReplyPurpose,
} from './attendance-reply-token';
import * as repository from './check-in.repository';
import { refreshAchievementProgress } from '../journey/achievement-progress';

const NO_TICKET = 'You have no place at this event';
const TICKET_NOT_FOUND = 'This code is not a ticket for this event';
const CHECK_IN_CLOSED = 'Check-in opens 2 hours before the start and closes 12 hours after the end';
const NOT_CHECKED_IN = 'This person has not checked in';
const OWN_CHECK_IN = 'Organizers cannot check themselves in';
const ONLY_ORGANIZER_DOOR = 'Only the organizer can check people in';

const MINUTE_MS = 60 * 1000;

function checkInWindow(event: Pick<LockedEvent, 'date' | 'durationMinutes'>): { opensAt: Date; closesAt: Date } {
  const start = event.date.getTime();
  return {
    opensAt: new Date(start - CHECK_IN_OPENS_BEFORE_START_MINUTES * MINUTE_MS),
    closesAt: new Date(start + (event.durationMinutes + CHECK_IN_CLOSES_AFTER_END_MINUTES) * MINUTE_MS),
  };
}

function personOf(row: repository.TicketHolderRow): CheckInResponse['user'] {
  return { id: row.userId, firstName: row.firstName, lastName: row.lastName };
}

/** A holder's check-in code, for the reminder mail; undefined without a place. */
export function findTicketCode(db: Executor, eventId: number, userId: string): Promise<string | undefined> {
  return repository.readTicketCode(db, eventId, userId);
}

const REPLY_LINK_INVALID = 'This link is not valid';
const REPLY_LINK_EXPIRED = 'This link has expired: the event has started';

export function attendanceReplyLink(
  origin: string,
  secret: string,
  reply: AttendanceReply,
  ticketCode: string,
): string {
  return `${new URL('/mail/attendance', origin).href}?token=${createAttendanceReplyToken(secret, reply, ticketCode)}`;
}

export type AttendanceReplyPage = {
  purpose: AttendanceReplyPurpose;
  eventId: number;
  userId: string;
  firstName: string | null;
  title: string;
  date: Date;
  isConfirmed: boolean;
};

/**
 * Checks a reminder's link in this order: its shape, the place it names (whose code the signature covers),
 * the signature, then the expiry, so a forged link never learns more than "not valid". A link of a place
 * given up and taken again fails the signature: the new place has a new code.
 */
async function verifyAttendanceReply(
  db: Executor,
  secret: string,
  token: string,
): Promise<AttendanceReplyPage & { ticketCode: string }> {
  const claim = readAttendanceReplyClaim(token);
  if (!claim) throw badRequest(REPLY_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
  const place = await repository.readPlaceForReply(db, claim.eventId, claim.userId);
  if (!place) throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
  if (!isAttendanceReplySigned(secret, claim, place.ticketCode))
    throw badRequest(REPLY_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
  if (claim.expiresAt.getTime() <= Date.now() || place.date.getTime() <= Date.now())
    throw conflict(REPLY_LINK_EXPIRED, 'REPLY_LINK_EXPIRED');
  if (place.eventStatus === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
  return {
    purpose: claim.purpose,
    eventId: claim.eventId,
    userId: claim.userId,
    firstName: place.firstName,
    title: place.title,
    date: place.date,
    isConfirmed: place.confirmedAt !== null,
    ticketCode: place.ticketCode,
  };
}

/** What the link's page asks; reading it changes nothing (mail scanners open every link). */
export async function readAttendanceReply(db: Database, secret: string, token: string): Promise<AttendanceReplyPage> {
  const { ticketCode: _ticketCode, ...page } = await verifyAttendanceReply(db, secret, token);
  return page;
}

/**
 * The press of the page's button: "I'm coming" records the confirmation; "I can't come" is the RSVP's own
 * withdrawal, which frees the place and promotes the waitlist in the same transaction (decision 0012).
 */
export async function applyAttendanceReply(db: Database, secret: string, token: string): Promise<AttendanceReplyPage> {
  const { ticketCode, ...page } = await verifyAttendanceReply(db, secret, token);
  if (page.purpose === 'confirm') {
    if (!(await repository.markConfirmed(db, page.eventId, page.userId, ticketCode)))
      throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
    return { ...page, isConfirmed: true };
  }
  await new RsvpsService(db).withdraw(page.userId, page.eventId);
  return page;
}

export class CheckInService {
  private readonly management: EventManagementService;

  constructor(private readonly db: Database) {
    this.management = new EventManagementService(db);
  }

  async ticket(userId: string, eventId: number): Promise<Ticket> {
    const event = await lockEvent(this.db, eventId, { isLocking: false });
    if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    const code = await repository.readTicketCode(this.db, eventId, userId);
    if (!code) throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
    return { code, eventId, userId };
  }

  /** The organizer's door, under the event's lock like every write of its places (decision 0012). */
  private async openDoor(tx: Executor, userId: string, eventId: number): Promise<LockedEvent> {
    const event = await this.management.lockOwnEvent(tx, userId, eventId, ONLY_ORGANIZER_DOOR);
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    const { opensAt, closesAt } = checkInWindow(event);
    const now = Date.now();
    if (now < opensAt.getTime() || now > closesAt.getTime()) throw conflict(CHECK_IN_CLOSED, 'CHECK_IN_CLOSED');
    return event;
  }

  private async findHolder(
    tx: Executor,
    event: LockedEvent,
    callerId: string,
    code: string,
  ): Promise<repository.TicketHolderRow> {
    const holder = await repository.findTicketHolder(tx, event.id, code);
    if (!holder) throw notFound(TICKET_NOT_FOUND, 'TICKET_NOT_FOUND');
    // Verified hours are someone else's word that a person came (as for recorded attendance).
    if (holder.userId === callerId) throw forbidden(OWN_CHECK_IN, 'ORGANIZER_CANNOT_VERIFY_SELF');
    return holder;
  }

  /** Idempotent: a scan sent twice (a retry, a queue replayed after going offline) changes nothing the second time. */
  async checkIn(userId: string, eventId: number, code: string): Promise<CheckInResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, userId, eventId);
      const holder = await this.findHolder(tx, event, userId, code);
      if (holder.checkedInAt)
        return { user: personOf(holder), checkedInAt: holder.checkedInAt.toISOString(), alreadyCheckedIn: true };
      const checkedInAt = await repository.markCheckedIn(tx, eventId, holder.userId);
      if (!checkedInAt) throw conflict('The check-in changed meanwhile. Please try again.', 'CHANGED_MEANWHILE');
      // A check-in marks attendance, which verified hours and their achievements count.
      await refreshAchievementProgress(tx, holder.userId);
      return { user: personOf(holder), checkedInAt: checkedInAt.toISOString(), alreadyCheckedIn: false };
    });
  }

  /** A second check-out moves the time on: the person came back and left again. */
  async checkOut(userId: string, eventId: number, code: string): Promise<CheckOutResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, userId, eventId);
      const holder = await this.findHolder(tx, event, userId, code);
      if (!holder.checkedInAt) throw conflict(NOT_CHECKED_IN, 'NOT_CHECKED_IN');
      const checkedOutAt = await repository.markCheckedOut(tx, eventId, holder.userId);
      if (!checkedOutAt) throw conflict(NOT_CHECKED_IN, 'NOT_CHECKED_IN');
      await refreshAchievementProgress(tx, holder.userId);
      return {
        user: personOf(holder),
        checkedInAt: holder.checkedInAt.toISOString(),
        checkedOutAt: checkedOutAt.toISOString(),
      };
    });
  }

  /** Undoing a check-in that was never made changes nothing and succeeds, so a replayed undo is harmless. */
  async undoCheckIn(userId: string, eventId: number, code: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, userId, eventId);
      const holder = await this.findHolder(tx, event, userId, code);
      await repository.clearCheckIn(tx, eventId, holder.userId);
      await refreshAchievementProgress(tx, holder.userId);
    });
  }

  async door(userId: string, eventId: number): Promise<Door> {
    return this.db.transaction(async (tx) => {
      const event = await this.management.lockOwnEvent(tx, userId, eventId, ONLY_ORGANIZER_DOOR, false);
      const { opensAt, closesAt } = checkInWindow(event);
      const rows = await repository.listDoor(tx, eventId, userId);
      return {
        eventId,
        title: event.title,
        date: event.date.toISOString(),
        durationMinutes: event.durationMinutes,
        opensAt: opensAt.toISOString(),
        closesAt: closesAt.toISOString(),
        people: rows.map((row) => ({
          user: { ...personOf(row), profileImageUrl: row.profileImageUrl },
          code: row.code,
          checkedInAt: row.checkedInAt?.toISOString() ?? null,
          checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
        })),
      };
    });
  }
}
