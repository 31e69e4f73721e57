import {
  CHECK_IN_CLOSES_AFTER_END_MINUTES,
  CHECK_IN_OPENS_BEFORE_START_MINUTES,
  type CheckInResponse,
  type CheckOutResponse,
  type Door,
  type SelfCheckInCode,
  type SelfCheckInResponse,
  type Ticket,
  type WalkInBody,
  type WalkInGuestCheckOut,
  type WalkInResponse,
} from '../../../contract/check-in';
import type { LanguageCode } from '../../../contract/languages';
import type { Database, Executor } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import type { FastifyBaseLogger } from 'fastify';
import { consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import { buildWalkInInvitationMail, type Mail, type Mailer } from '../mail/mail.service';
import { readMailLanguage } from '../mail/mail-settings.service';
import { refusalLinkOf, takeUnaskedMailAllowance, type UnaskedMailPolicy } from '../mail/unasked-mail.service';
import { isBlockedEitherWay } from '../moderation/moderation.service';
import { createClaimToken, walkInClaimLink } from './walk-in-claim.service';
import * as claimRepository from './walk-in-claim.repository';
import { createSelfCheckInCode, readSelfCheckInCode } from './self-check-in-code';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { EventManagementService } from '../event-management/event-management.service';
import {
  EVENT_CANCELLED,
  EVENT_NOT_FOUND,
  isHiddenFrom,
  lockEvent,
  readEvent,
  type RsvpsService,
  type LockedEvent,
} from '../rsvps/rsvps.service';
import {
  createAttendanceReplyToken,
  isSamePlace,
  readAttendanceReplyToken,
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
const GUEST_NOT_FOUND = 'This walk-in is not on the list of this event';
const HIDDEN_EVENT_DOOR = 'This event is hidden: it reaches nobody, walk-ins neither';

const MINUTE_MS = 60 * 1000;

function checkInWindow(event: Pick<LockedEvent, 'date' | 'durationMinutes'>): { opensAt: Date; closesAt: Date } {
  const start = event.date.getTime();
  return {
    opensAt: new Date(start - CHECK_IN_OPENS_BEFORE_START_MINUTES * MINUTE_MS),
    closesAt: new Date(start + (event.durationMinutes + CHECK_IN_CLOSES_AFTER_END_MINUTES) * MINUTE_MS),
  };
}

function assertCheckInOpen(event: Pick<LockedEvent, 'date' | 'durationMinutes'>): void {
  const { opensAt, closesAt } = checkInWindow(event);
  const now = Date.now();
  if (now < opensAt.getTime() || now > closesAt.getTime()) throw conflict(CHECK_IN_CLOSED, 'CHECK_IN_CLOSED');
}

/**
 * The time a door gives for a scan it made offline and sends later (decision 0028): kept within the check-in
 * window, never after now (a device's clock running ahead) and never before `notBefore` (a check-out
 * before its check-in). Undefined when the door gave none: the server's now.
 */
function boundScanTime(
  at: string | undefined,
  event: Pick<LockedEvent, 'date' | 'durationMinutes'>,
  notBefore?: Date,
): Date | undefined {
  if (at === undefined) return undefined;
  const { opensAt, closesAt } = checkInWindow(event);
  const latest = Math.min(Date.now(), closesAt.getTime());
  const earliest = Math.max(opensAt.getTime(), notBefore?.getTime() ?? opensAt.getTime());
  return new Date(Math.max(Math.min(new Date(at).getTime(), latest), earliest));
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
 * Checks a reminder's link in this order: its shape and signature, with no lookup (decisions §22: every
 * forged link answers alike, whoever it names), its expiry, then the place it was written for. Only a
 * link we signed learns that its place is gone (404) or was given up and taken again (the new place has
 * a new code: "not valid", as before).
 */
async function verifyAttendanceReply(
  db: Executor,
  secret: string,
  token: string,
): Promise<AttendanceReplyPage & { ticketCode: string }> {
  const claim = readAttendanceReplyToken(secret, token);
  if (!claim) throw badRequest(REPLY_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
  if (claim.expiresAt.getTime() <= Date.now()) throw conflict(REPLY_LINK_EXPIRED, 'REPLY_LINK_EXPIRED');
  const place = await repository.readPlaceForReply(db, claim.eventId, claim.userId);
  if (!place) throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
  if (!isSamePlace(secret, claim.placeTag, place.ticketCode))
    throw badRequest(REPLY_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
  if (place.date.getTime() <= Date.now()) throw conflict(REPLY_LINK_EXPIRED, 'REPLY_LINK_EXPIRED');
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

const ALREADY_WALKED_IN = 'This person is already checked in';
const CHECK_IN_CODE_INVALID = 'This is not a check-in code of this event';
const CHECK_IN_CODE_EXPIRED = 'This check-in code has expired: scan the code on the screen again';

export type CheckInOptions = {
  mailer: Mailer;
  linkOrigin: string;
  sessionSecret: string;
  timeZone: string;
  /** INVITATION_MAILS_PER_DAY: the claim mails count toward it (decisions §22). */
  invitationMailsPerDay: number;
  log?: FastifyBaseLogger;
};

/** The services the door works through, built once in server/app.ts and handed in. */
export type CheckInCollaborators = { management: EventManagementService; rsvps: RsvpsService };

export class CheckInService {
  private readonly management: EventManagementService;
  private readonly rsvps: RsvpsService;
  private readonly policy: UnaskedMailPolicy;

  constructor(
    private readonly db: Database,
    private readonly options: CheckInOptions,
    collaborators: CheckInCollaborators,
  ) {
    this.management = collaborators.management;
    this.rsvps = collaborators.rsvps;
    this.policy = { mailsPerDay: options.invitationMailsPerDay, log: options.log };
  }

  /**
   * What a reminder link's page asks, in its holder's mail language; reading it changes nothing (mail
   * scanners open every link).
   */
  async readAttendanceReply(
    token: string,
    languageHint: string | undefined,
  ): Promise<AttendanceReplyPage & { language: LanguageCode }> {
    const { ticketCode: _ticketCode, ...page } = await verifyAttendanceReply(
      this.db,
      this.options.sessionSecret,
      token,
    );
    return { ...page, language: await readMailLanguage(this.db, page.userId, languageHint) };
  }

  /**
   * The press of the page's button: "I'm coming" records the confirmation; "I can't come" is the RSVP's own
   * withdrawal, which frees the place and promotes the waitlist in the same transaction (decision 0012).
   */
  async applyAttendanceReply(
    token: string,
    languageHint: string | undefined,
  ): Promise<AttendanceReplyPage & { language: LanguageCode }> {
    const { ticketCode, ...page } = await verifyAttendanceReply(this.db, this.options.sessionSecret, token);
    const language = await readMailLanguage(this.db, page.userId, languageHint);
    if (page.purpose === 'confirm') {
      if (!(await repository.markConfirmed(this.db, page.eventId, page.userId, ticketCode)))
        throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
      return { ...page, isConfirmed: true, language };
    }
    await this.rsvps.withdraw(page.userId, page.eventId);
    return { ...page, language };
  }

  /**
   * Someone at the door without a place (decisions §19, §22): whatever the address, a door guest with the
   * names the organizer typed, checked in at once beyond the capacity. The address is never looked up for
   * the answer, the door list or a place: the hours join an account only when its owner, signed in, presses
   * the claim mail's button (walk-in-claim.service.ts). The claim mail goes under the unasked-mail policy,
   * and not at all when the address's owner blocked the organizer, or the organizer them; the answer is
   * the same either way.
   */
  async addWalkIn(callerId: string, eventId: number, body: WalkInBody, languageHint?: string): Promise<WalkInResponse> {
    const email = normalizeEmail(body.email);
    const claim = createClaimToken();
    const outcome = await this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, callerId, eventId);
      // decisions §22: a hidden or suspended author's event reaches nobody, by a walk-in's mail neither.
      if (event.isModeratorHidden || event.isTest || (await claimRepository.isSuspended(tx, event.organizerId)))
        throw forbidden(HIDDEN_EVENT_DOOR, 'FORBIDDEN');
      await consumeWriteLimit(tx, WRITE_LIMITS.walkIns, callerId);
      // The caller's own address only: comparing it says nothing of anyone else.
      if ((await claimRepository.readAccountAddress(tx, callerId))?.email === email)
        throw forbidden(OWN_CHECK_IN, 'ORGANIZER_CANNOT_VERIFY_SELF');
      const names = { firstName: body.firstName, lastName: body.lastName };
      const checkedInAt = await repository.insertWalkInGuest(tx, {
        eventId,
        ...names,
        email,
        addedBy: callerId,
        claimTokenHash: claim.hash,
      });
      if (!checkedInAt) throw conflict(ALREADY_WALKED_IN, 'ALREADY_WALKED_IN');
      const walkIns = await repository.countWalkIn(tx, eventId);
      const mail = (await this.mayMailClaim(tx, callerId, event.organizerId, email))
        ? await this.walkInClaimMail(tx, callerId, email, claim.token, event, languageHint)
        : null;
      return { ...names, checkedInAt: checkedInAt.toISOString(), walkIns, mail };
    });
    // Only once the walk-in is stored: a rolled-back one must not have mailed anyone.
    const { mail, ...answer } = outcome;
    if (mail) this.options.mailer.sendInBackground(mail);
    return answer;
  }

  /** decisions §22: blocking covers walk-ins; then the unasked-mail policy decides. */
  private async mayMailClaim(tx: Executor, callerId: string, organizerId: string, email: string): Promise<boolean> {
    const ownerId = await repository.findUserIdByEmail(tx, email);
    if (ownerId !== undefined) {
      if (await isBlockedEitherWay(tx, callerId, ownerId)) return false;
      if (organizerId !== callerId && (await isBlockedEitherWay(tx, organizerId, ownerId))) return false;
    }
    return takeUnaskedMailAllowance(tx, this.policy, callerId, email);
  }

  private async walkInClaimMail(
    tx: Executor,
    callerId: string,
    email: string,
    token: string,
    event: LockedEvent,
    languageHint: string | undefined,
  ): Promise<Mail> {
    const origin = this.options.linkOrigin;
    const organizer = await repository.readPersonName(tx, callerId);
    return buildWalkInInvitationMail({
      to: email,
      // Nothing is known of the guest: the organizer's mail language is the best guess (as for messages).
      language: await readMailLanguage(tx, callerId, languageHint),
      organizerName: [organizer?.firstName, organizer?.lastName].filter(Boolean).join(' ') || null,
      eventTitle: event.title,
      eventDate: event.date,
      timeZone: this.options.timeZone,
      claimUrl: walkInClaimLink(origin, token),
      unsubscribeUrl: refusalLinkOf(origin, this.options.sessionSecret, email),
    });
  }

  /** A kiosk's QR code (organizer only), while check-in is open; each call makes a fresh one, naming the kiosk. */
  async selfCheckInCode(callerId: string, eventId: number, device: string): Promise<SelfCheckInCode> {
    return this.db.transaction(async (tx) => {
      await this.openDoor(tx, callerId, eventId, false);
      const { code, expiresAt } = createSelfCheckInCode(this.options.sessionSecret, eventId, device);
      return { code, url: this.selfCheckInUrl(eventId, code), expiresAt: expiresAt.toISOString() };
    });
  }

  /**
   * Through the sign-in address: a phone signed in goes straight on to the check-in page, one signed out
   * signs in first and then arrives there (resolveReturnPath keeps it on this site).
   */
  selfCheckInUrl(eventId: number, code: string): string {
    const page = `/events/${eventId}/check-in/self?code=${encodeURIComponent(code)}`;
    return `${new URL('/api/login', this.options.linkOrigin).href}?returnTo=${encodeURIComponent(page)}`;
  }

  /** Whether a code is a live one of this event, for the kiosk's image of it (organizer only). */
  async assertLiveSelfCheckInCode(callerId: string, eventId: number, code: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.management.findManagedEvent(tx, callerId, eventId, ONLY_ORGANIZER_DOOR);
    });
    this.assertLiveCode(eventId, code);
  }

  /** The kiosk a live code names; refused when the code is not one of this event's or is too old. */
  private assertLiveCode(eventId: number, code: string): string {
    const read = readSelfCheckInCode(this.options.sessionSecret, eventId, code);
    if (read.state === 'valid') return read.device;
    if (read.state === 'expired') throw conflict(CHECK_IN_CODE_EXPIRED, 'CHECK_IN_CODE_EXPIRED');
    throw badRequest(CHECK_IN_CODE_INVALID, undefined, 'CHECK_IN_CODE_INVALID');
  }

  /**
   * A volunteer scans the kiosk's code with their own phone (decisions §19). The code is judged first,
   * so a caller without a live one learns nothing of the event's window or of who holds a place; a
   * scan repeated within the code's life answers alreadyCheckedIn, as at the door.
   */
  async selfCheckIn(userId: string, eventId: number, code: string): Promise<SelfCheckInResponse> {
    return this.db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
      const device = this.assertLiveCode(eventId, code);
      if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
      assertCheckInOpen(event);
      // Anyone who may show the kiosk's code may read it: a co-organizer's or an organization's organizer's
      // scan of it is their own word that they came, as is the organizer's (decisions §22).
      if (await this.management.canManage(tx, event, userId))
        throw forbidden(OWN_CHECK_IN, 'ORGANIZER_CANNOT_VERIFY_SELF');
      const holder = await repository.readHolderOf(tx, eventId, userId);
      if (!holder) throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
      if (holder.checkedInAt) return { checkedInAt: holder.checkedInAt.toISOString(), alreadyCheckedIn: true };
      const checkedInAt = await repository.markCheckedIn(tx, eventId, userId, device);
      if (!checkedInAt) throw conflict('The check-in changed meanwhile. Please try again.', 'CHANGED_MEANWHILE');
      await refreshAchievementProgress(tx, userId);
      return { checkedInAt: checkedInAt.toISOString(), alreadyCheckedIn: false };
    });
  }

  async ticket(userId: string, eventId: number): Promise<Ticket> {
    const event = await readEvent(this.db, eventId);
    if (!event || isHiddenFrom(event, userId)) throw notFound(EVENT_NOT_FOUND, 'EVENT_NOT_FOUND');
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    const code = await repository.readTicketCode(this.db, eventId, userId);
    if (!code) throw notFound(NO_TICKET, 'RSVP_NOT_FOUND');
    return { code, eventId, userId };
  }

  /** The organizer's door, under the event's lock like every write of its places (decision 0012). */
  private async openDoor(tx: Executor, userId: string, eventId: number, isLocking = true): Promise<LockedEvent> {
    const event = isLocking
      ? await this.management.lockManagedEvent(tx, userId, eventId, ONLY_ORGANIZER_DOOR)
      : await this.management.findManagedEvent(tx, userId, eventId, ONLY_ORGANIZER_DOOR);
    if (event.status === 'cancelled') throw conflict(EVENT_CANCELLED, 'EVENT_CANCELLED');
    assertCheckInOpen(event);
    return event;
  }

  /**
   * Verified hours are someone else's word that a person came (as for recorded attendance). At the door
   * that word cannot be told apart from the holder's own when the holder manages the event too: the
   * kiosk's list is tapped in the organizer's session by whoever stands at it, and a co-organizer holds
   * the same door. So the door verifies nobody who manages the event (decisions §22); their attendance is
   * another manager's mark on the attendee list. An undo (`isVerifying` false) stays open to clear one.
   */
  private async findHolder(
    tx: Executor,
    event: LockedEvent,
    callerId: string,
    code: string,
    isVerifying = true,
  ): Promise<repository.TicketHolderRow> {
    const holder = await repository.findTicketHolder(tx, event.id, code);
    if (!holder) throw notFound(TICKET_NOT_FOUND, 'TICKET_NOT_FOUND');
    if (holder.userId === callerId) throw forbidden(OWN_CHECK_IN, 'ORGANIZER_CANNOT_VERIFY_SELF');
    if (isVerifying && (await this.management.canManage(tx, event, holder.userId)))
      throw forbidden(OWN_CHECK_IN, 'ORGANIZER_CANNOT_VERIFY_SELF');
    return holder;
  }

  /**
   * Idempotent: a scan sent twice (a retry, a queue replayed after going offline) changes nothing the second
   * time. `at` is when an offline door made the scan (boundScanTime).
   */
  async checkIn(userId: string, eventId: number, code: string, at?: string): Promise<CheckInResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, userId, eventId);
      const holder = await this.findHolder(tx, event, userId, code);
      if (holder.checkedInAt)
        return { user: personOf(holder), checkedInAt: holder.checkedInAt.toISOString(), alreadyCheckedIn: true };
      const checkedInAt = await repository.markCheckedIn(tx, eventId, holder.userId, null, boundScanTime(at, event));
      if (!checkedInAt) throw conflict('The check-in changed meanwhile. Please try again.', 'CHANGED_MEANWHILE');
      // A check-in marks attendance, which verified hours and their achievements count.
      await refreshAchievementProgress(tx, holder.userId);
      return { user: personOf(holder), checkedInAt: checkedInAt.toISOString(), alreadyCheckedIn: false };
    });
  }

  /** A second check-out moves the time on: the person came back and left again. */
  async checkOut(userId: string, eventId: number, code: string, at?: string): Promise<CheckOutResponse> {
    return this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, userId, eventId);
      const holder = await this.findHolder(tx, event, userId, code);
      if (!holder.checkedInAt) throw conflict(NOT_CHECKED_IN, 'NOT_CHECKED_IN');
      const checkedOutAt = await repository.markCheckedOut(
        tx,
        eventId,
        holder.userId,
        boundScanTime(at, event, holder.checkedInAt),
      );
      if (!checkedOutAt) throw conflict(NOT_CHECKED_IN, 'NOT_CHECKED_IN');
      await refreshAchievementProgress(tx, holder.userId);
      return {
        user: personOf(holder),
        checkedInAt: holder.checkedInAt.toISOString(),
        checkedOutAt: checkedOutAt.toISOString(),
      };
    });
  }

  /**
   * Undoing a check-in that was never made changes nothing and succeeds, so a replayed undo is harmless.
   * A walk-in's place came with the check-in, so it goes with it, and so does its count: the walk-in
   * was a mistake (the wrong address, the wrong event), and nothing beyond the places is left behind.
   */
  async undoCheckIn(userId: string, eventId: number, code: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const event = await this.openDoor(tx, userId, eventId);
      const holder = await this.findHolder(tx, event, userId, code, false);
      if (await repository.deleteWalkInRsvp(tx, eventId, holder.userId)) await repository.uncountWalkIn(tx, eventId);
      else await repository.clearCheckIn(tx, eventId, holder.userId);
      await refreshAchievementProgress(tx, holder.userId);
    });
  }

  /**
   * A guest walk-in (an address with no account yet) leaves: the time is kept on their row and goes
   * with the hours their sign-up claims (check-out minus check-in, decisions §19).
   */
  async checkOutGuest(userId: string, eventId: number, guestId: number): Promise<WalkInGuestCheckOut> {
    return this.db.transaction(async (tx) => {
      await this.openDoor(tx, userId, eventId);
      const guest = await repository.markGuestCheckedOut(tx, eventId, guestId);
      if (!guest?.checkedOutAt) throw notFound(GUEST_NOT_FOUND, 'NOT_FOUND');
      return { ...guest, checkedInAt: guest.checkedInAt.toISOString(), checkedOutAt: guest.checkedOutAt.toISOString() };
    });
  }

  /**
   * A guest walk-in added by mistake is removed with the count it added. Like the undo of a check-in, one
   * already gone (undone before, or claimed by a sign-up since) changes nothing and succeeds.
   */
  async undoGuest(userId: string, eventId: number, guestId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.openDoor(tx, userId, eventId);
      if (await repository.deleteGuest(tx, eventId, guestId)) await repository.uncountWalkIn(tx, eventId);
    });
  }

  async door(userId: string, eventId: number): Promise<Door> {
    return this.db.transaction(async (tx) => {
      const event = await this.management.findManagedEvent(tx, userId, eventId, ONLY_ORGANIZER_DOOR);
      const { opensAt, closesAt } = checkInWindow(event);
      const rows = await repository.listDoor(tx, eventId, userId);
      const guests = await repository.listGuests(tx, eventId);
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
          isWalkIn: row.isWalkIn,
          checkInDevice: row.checkInDevice,
        })),
        guests: guests.map((guest) => ({
          ...guest,
          checkedInAt: guest.checkedInAt.toISOString(),
          checkedOutAt: guest.checkedOutAt?.toISOString() ?? null,
        })),
        walkIns: await repository.readWalkInCount(tx, eventId),
      };
    });
  }
}
