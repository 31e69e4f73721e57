import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EmailVerificationState } from '../../../contract/email-verification';
import type { Database, Executor } from '../../db/client';
import { consumeWriteLimit, type WriteLimit } from '../limits/limits.service';
import { readMailLanguage } from '../mail/mail-settings.service';
import { buildEmailVerificationMail, type Mailer } from '../mail/mail.service';
import * as repository from './email-verification.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A verification link works for 7 days, once. Longer than a reset link's hour: it proves only that the
 * address reaches its owner, it opens nothing, and people read such mails late.
 */
const VERIFICATION_LINK_LIFETIME_DAYS = 7;
const VERIFICATION_LINK_LIFETIME_MS = VERIFICATION_LINK_LIFETIME_DAYS * DAY_MS;

/** "Resend" may mail at most this many links an hour per account, so the button cannot flood an inbox. */
const RESEND_LIMIT: WriteLimit = {
  name: 'email-verification-resend',
  limit: 3,
  windowMs: 60 * 60 * 1000,
  message: 'A confirmation e-mail was sent several times in the last hour. Please check your inbox or try again later.',
};

/** The address the link is opened at; its answer redirects to the app with the link's state. */
export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{16,40})\.([A-Za-z0-9_-]{40,80})$/;

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

type Recipient = { id: string; email: string | null; firstName: string | null; emailVerifiedAt: Date | null };

export class EmailVerificationService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly linkOrigin: string,
    /** This process's session cache keeps user rows: the answer's `emailVerified` must change at once. */
    private readonly forgetCachedUser: (userId: string) => void,
  ) {}

  /**
   * Mails a new single-use link to the user's current address. The token is `<id>.<secret>`: 128 bits of
   * id to find the row, 256 bits of secret of which only a hash is stored.
   */
  async sendLink(user: Recipient, languageHint?: string, db: Executor = this.db): Promise<void> {
    if (!user.email || user.emailVerifiedAt) return;
    const id = randomBytes(16).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    await repository.insertVerificationToken(db, {
      id,
      secretHash: hashSecret(secret).toString('base64url'),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + VERIFICATION_LINK_LIFETIME_MS),
    });
    const url = new URL(VERIFY_EMAIL_PATH, this.linkOrigin);
    url.searchParams.set('token', `${id}.${secret}`);
    this.mailer.sendInBackground(
      buildEmailVerificationMail({
        to: user.email,
        language: await readMailLanguage(db, user.id, languageHint),
        firstName: user.firstName,
        verifyUrl: url.href,
        validDays: VERIFICATION_LINK_LIFETIME_DAYS,
      }),
    );
  }

  /** The banner's "Resend": a verified account gets nothing (204 all the same); others at most RESEND_LIMIT an hour. */
  async resend(user: Recipient, languageHint?: string): Promise<void> {
    if (!user.email || user.emailVerifiedAt) return;
    await this.db.transaction(async (tx) => {
      await consumeWriteLimit(tx, RESEND_LIMIT, user.id);
      await this.sendLink(user, languageHint, tx);
    });
  }

  /**
   * Opening the link verifies the address. A GET does it, though mail scanners open links too: a scanner
   * that opens it proves no more than that the mail arrived at the address, which is the claim being
   * verified, and verifying is harmless and idempotent. The secret is compared in constant time, and only
   * after the row is found by id.
   */
  async verify(token: string): Promise<EmailVerificationState> {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return 'invalid';
    const row = await repository.findVerificationToken(this.db, match[1]!);
    if (!row) return 'invalid';
    const expected = Buffer.from(row.secretHash, 'base64url');
    const actual = hashSecret(match[2]!);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
    if (row.usedAt) return 'used';
    if (row.expiresAt.getTime() <= Date.now()) return 'expired';
    const state = await this.db.transaction(async (tx) => {
      // Of two opens racing with one link, one wins and the other hears "used".
      if (!(await repository.takeVerificationToken(tx, row.id))) return 'used' as const;
      return (await repository.markEmailVerified(tx, row.userId, row.email))
        ? ('verified' as const)
        : ('invalid' as const);
    });
    this.forgetCachedUser(row.userId);
    return state;
  }

  async purgeExpiredLinks(now = Date.now()): Promise<void> {
    await repository.deleteVerificationTokensExpiredBefore(this.db, new Date(now - DAY_MS));
  }
}

/** Whether the account may write to addresses that have no account (an invitation mail). */
export function isEmailVerified(db: Executor, userId: string): Promise<boolean> {
  return repository.isEmailVerified(db, userId);
}
