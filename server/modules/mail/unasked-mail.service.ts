import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isEmailVerified } from '../email-verification/email-verification.service';
import { consumeWriteLimit, WRITE_LIMITS, wouldExceedWriteLimit, type WriteLimit } from '../limits/limits.service';
import { isInvitationRefused } from './mail-settings.service';
import { createUnsubscribeToken, hashAddress, unsubscribeLink } from './unsubscribe-token';

/**
 * The one policy for every mail to someone who did not ask for it (decisions §22): message invitations,
 * walk-in claims, organization invitations, shares by address. Every such path asks this module, so none
 * can be the gap the others close: the sender's address is confirmed; the site-wide
 * INVITATION_MAILS_PER_DAY cap counts them all; one a day per address; none to an address that refused
 * invitations; the body carries the refusal link (refusalLinkOf), and the subject only our own words.
 */

export type UnaskedMailPolicy = {
  /** INVITATION_MAILS_PER_DAY: every unasked mail of every kind, one counter for every process. */
  mailsPerDay: number;
  log?: { warn(details: object, message: string): void };
};

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Confirm your e-mail address before writing to an e-mail address';

const SITE_SUBJECT = 'all';

function siteLimitOf(mailsPerDay: number): WriteLimit {
  return {
    name: 'invitation-mails-site',
    limit: mailsPerDay,
    windowMs: 24 * 60 * 60_000,
    message: 'The site has sent its invitations for today.',
  };
}

/** Whether the sender may cause unasked mail at all: only a confirmed address (sign-up checks none). */
export function isConfirmedSender(db: Executor, senderId: string): Promise<boolean> {
  return isEmailVerified(db, senderId);
}

async function takeAllowance(db: Executor, limit: WriteLimit, subject: string): Promise<boolean> {
  if (await wouldExceedWriteLimit(db, limit, subject)) return false;
  try {
    await consumeWriteLimit(db, limit, subject);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}

/**
 * Whether one unasked mail from `senderId` may go to `address` now; counts it (per address and site-wide)
 * when it may. Call it inside the transaction that stores what the mail is about, and send only after the
 * commit. The answer is never shown to the sender: it would tell them which addresses refused mail.
 */
export async function takeUnaskedMailAllowance(
  db: Executor,
  policy: UnaskedMailPolicy,
  senderId: string,
  address: string,
): Promise<boolean> {
  if (!(await isConfirmedSender(db, senderId))) return false;
  if (await isInvitationRefused(db, hashAddress(address))) return false;
  if (await wouldExceedWriteLimit(db, WRITE_LIMITS.invitations, address)) return false;
  const siteLimit = siteLimitOf(policy.mailsPerDay);
  if (!(await takeAllowance(db, siteLimit, SITE_SUBJECT))) {
    // Reaching it is worth an operator's look (a burst of sign-ups mailing strangers).
    policy.log?.warn({ invitationMailsPerDay: policy.mailsPerDay }, 'unasked mail not sent: the daily cap is reached');
    return false;
  }
  return takeAllowance(db, WRITE_LIMITS.invitations, address);
}

/** The one-click link every unasked mail carries: this address gets no more of them. */
export function refusalLinkOf(origin: string, secret: string, address: string): string {
  return unsubscribeLink(
    origin,
    createUnsubscribeToken(secret, { kind: 'invitation', addressHash: hashAddress(address) }),
  );
}
