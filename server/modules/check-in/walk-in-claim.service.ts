import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/http-error';
import type { EventManagementService } from '../event-management/event-management.service';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { lockEvent, removeFromWaitlist } from '../rsvps/rsvps.service';
import * as repository from './walk-in-claim.repository';

/**
 * The claim of a walk-in's hours (decisions §22). The door stores a guest with the names the organizer
 * typed and mails the address one single-use link; the hours join an account only when that account's
 * owner, signed in with the address confirmed, presses the page's button. Until then nobody is attending,
 * checked in, announced to or counted in anyone's name.
 */

const CLAIM_LINK_INVALID = 'This link is not valid, or its hours were claimed already';
const OTHER_ADDRESS = 'This link was sent to another address: sign in with the account of that address';
const ADDRESS_NOT_CONFIRMED = 'Confirm your e-mail address first, then open this link again';
const OWN_CHECK_IN = 'Organizers cannot check themselves in';

/** 32 random bytes, base64url: the only form a link takes, checked before any lookup. */
const CLAIM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh link's token, and the hash the guest row keeps (a copy of the database links nobody). */
export function createClaimToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashClaimToken(token) };
}

export function walkInClaimLink(origin: string, token: string): string {
  return `${new URL('/mail/walk-in', origin).href}?token=${token}`;
}

export type WalkInClaimPage = {
  eventId: number;
  title: string;
  date: Date;
  /** What the visitor can do: sign in, press the button, or nothing (and why). */
  state: 'sign-in' | 'claimable' | 'other-address' | 'address-not-confirmed' | 'organizer';
};

/** Every bad link alike, a forged one as one used already: the shape first, then the hash's lookup. */
async function findClaim(db: Executor, token: string): Promise<repository.ClaimRow & { tokenHash: string }> {
  if (!CLAIM_TOKEN_PATTERN.test(token)) throw badRequest(CLAIM_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
  const tokenHash = hashClaimToken(token);
  const claim = await repository.findGuestByClaim(db, tokenHash);
  if (!claim) throw badRequest(CLAIM_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
  return { ...claim, tokenHash };
}

export class WalkInClaimService {
  constructor(
    private readonly db: Database,
    private readonly management: EventManagementService,
  ) {}

  /** Whether the person may manage the event (decisions §22: nobody who can verifies their own hours). */
  private async managesEvent(tx: Executor, userId: string, eventId: number): Promise<boolean> {
    try {
      await this.management.findManagedEvent(tx, userId, eventId, OWN_CHECK_IN);
      return true;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) return false;
      throw error;
    }
  }

  private async stateFor(
    tx: Executor,
    claim: repository.ClaimRow,
    viewerId: string | null,
  ): Promise<WalkInClaimPage['state']> {
    if (viewerId === null) return 'sign-in';
    const address = await repository.readAccountAddress(tx, viewerId);
    if (!address || address.email !== claim.email) return 'other-address';
    if (!address.isConfirmed) return 'address-not-confirmed';
    if (await this.managesEvent(tx, viewerId, claim.eventId)) return 'organizer';
    return 'claimable';
  }

  /** What the link's page shows; reading it changes nothing (mail scanners open every link). */
  async read(token: string, viewerId: string | null): Promise<WalkInClaimPage> {
    const claim = await findClaim(this.db, token);
    const state = await this.stateFor(this.db, claim, viewerId);
    return { eventId: claim.eventId, title: claim.title, date: claim.date, state };
  }

  /**
   * The press of the page's button, signed in: the guest's check-in and check-out become the account's
   * place, under the event's lock like every write of its places (decision 0012). A second press, or a
   * press of another account, moves nothing.
   */
  async claim(token: string, userId: string | null): Promise<WalkInClaimPage> {
    if (userId === null) throw unauthorized();
    return this.db.transaction(async (tx) => {
      const found = await findClaim(tx, token);
      await lockEvent(tx, found.eventId);
      const state = await this.stateFor(tx, found, userId);
      if (state === 'other-address') throw forbidden(OTHER_ADDRESS, 'FORBIDDEN');
      if (state === 'address-not-confirmed') throw forbidden(ADDRESS_NOT_CONFIRMED, 'EMAIL_NOT_VERIFIED');
      if (state === 'organizer') throw forbidden(OWN_CHECK_IN, 'ORGANIZER_CANNOT_VERIFY_SELF');
      if ((await repository.moveGuestToAccount(tx, found.guestId, found.tokenHash, userId)) === 0)
        throw badRequest(CLAIM_LINK_INVALID, undefined, 'REPLY_LINK_INVALID');
      await removeFromWaitlist(tx, found.eventId, userId);
      await refreshAchievementProgress(tx, userId);
      return { eventId: found.eventId, title: found.title, date: found.date, state: 'claimable' as const };
    });
  }
}
