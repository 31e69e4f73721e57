import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AccountSession,
  ChangePasswordBody,
  PasswordResetLinkState,
  UpdateUserBody,
} from '../../../contract/account';
import { PASSWORD_RESET_PAGE_PATH } from '../../../contract/account';
import type { Database, Executor } from '../../db/client';
import { badRequest, HttpError } from '../../lib/http-error';
import { normalizeEmail } from '../../lib/email-address';
import {
  type AuthService,
  clearSignInAttempts,
  type ClientContext,
  findUserByEmail,
  findUserById,
  limitSubjectOf,
  updateUser,
} from '../auth/auth.service';
import type { SessionUser } from '../auth/session-user';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertAcceptablePassword } from '../auth/password-strength';
import { inspectPhotos, readPhotoUploads, reencodePhotos } from '../../lib/photo-uploads';
import { EventManagementService } from '../event-management/event-management.service';
import { leaveEveryOrganization } from '../organizations/organizations.service';
import { fillFreeSeats } from '../rsvps/rsvps.service';
import { assertWithinWriteLimit, consumeWriteLimit, WRITE_LIMITS, type WriteLimit } from '../limits/limits.service';
import { readMailLanguage } from '../mail/mail-settings.service';
import { buildPasswordResetMail, type Mailer } from '../mail/mail.service';
import * as repository from './account.repository';

const HOUR_MS = 60 * 60 * 1000;
/** A reset link works for one hour, once. */
const RESET_LINK_LIFETIME_MS = HOUR_MS;

/**
 * Reset requests are rate limited per client address, so one visitor cannot mail many accounts, and per
 * (address mailed, client address), so nobody's inbox fills with links from one place. There is no limit
 * per address mailed alone: a stranger's requests from elsewhere would use it up and leave the owner, who
 * may be locked out of sign-in by the same stranger, without a way back in. Both are counted for every
 * request, whether the address has an account or not, so a refusal tells nothing about it.
 */
const RESET_REQUEST_LIMITS = {
  perClient: {
    name: 'password-reset-client',
    limit: 10,
    windowMs: HOUR_MS,
    message: 'Too many password reset requests. Please try again later.',
  },
  perAddressAndClient: {
    name: 'password-reset-address-client',
    limit: 3,
    windowMs: HOUR_MS,
    message: 'Too many password reset requests. Please try again later.',
  },
} as const satisfies Record<string, WriteLimit>;

/**
 * Wrong current passwords (password change, account deletion) per user: a stolen session must not make
 * the settings screen a password oracle where sign-in's own limits do not apply.
 */
const PASSWORD_CHECK_LIMIT: WriteLimit = {
  name: 'password-check-failures',
  limit: 5,
  windowMs: 15 * 60 * 1000,
  message: 'Too many wrong passwords. Please try again later.',
};

/** The cancel reason attendees read when an organizer deletes their account. */
export const ORGANIZER_LEFT_REASON = 'The organizer deleted their PitchIn account.';

export const WRONG_PASSWORD_MESSAGE = 'Your password is not correct';
const NO_PASSWORD_MESSAGE = 'This account has no password yet. Set one with "Forgot password?" on the sign-in page.';
export const RESET_LINK_MESSAGES: Record<Exclude<PasswordResetLinkState, 'valid'>, string> = {
  used: 'This password reset link has already been used',
  expired: 'This password reset link has expired',
  invalid: 'This password reset link is not valid',
};

function resetLinkRefusal(state: Exclude<PasswordResetLinkState, 'valid'>): HttpError {
  return badRequest(
    RESET_LINK_MESSAGES[state],
    [{ path: 'token', message: RESET_LINK_MESSAGES[state] }],
    'RESET_LINK_INVALID',
  );
}

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{16,40})\.([A-Za-z0-9_-]{40,80})$/;

/**
 * Run with the sign-in records' purge (app.ts): reset links a day past their expiry, kept that long only
 * so a late click still hears "expired" rather than "not valid".
 */
export async function purgeExpiredResetTokens(db: Executor): Promise<void> {
  await repository.deleteResetTokensExpiredBefore(db, new Date(Date.now() - 24 * HOUR_MS));
}

export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly authService: AuthService,
    private readonly mailer: Mailer,
    private readonly linkOrigin: string,
  ) {}

  /**
   * Names and photo. The photo is re-encoded as event photos are (no EXIF, bounded size) and counts against the daily
   * photo quota.
   */
  async updateProfile(user: SessionUser, body: UpdateUserBody): Promise<SessionUser> {
    const changes: { firstName?: string; lastName?: string; profileImageUrl?: string | null } = {};
    if (body.firstName !== undefined) changes.firstName = body.firstName;
    if (body.lastName !== undefined) changes.lastName = body.lastName;
    let photo: { id: string; contentType: string; bytes: Buffer; uploadBytes: number } | null = null;
    if (typeof body.profileImage === 'string') {
      try {
        const uploads = readPhotoUploads([body.profileImage]);
        const uploadBytes = uploads[0]!.length;
        await assertWithinWriteLimit(this.db, WRITE_LIMITS.photoBytes, user.id, uploadBytes);
        await inspectPhotos(uploads);
        const [prepared] = await reencodePhotos(uploads);
        // The card rendition (800 px at most) is plenty for an avatar shown at 40-96 px.
        photo = {
          id: prepared!.id,
          contentType: prepared!.contentType,
          bytes: prepared!.cardBytes ?? prepared!.bytes,
          uploadBytes,
        };
      } catch (error) {
        // The photo helpers name the field of an event's photo list; here it is the one profile photo.
        if (error instanceof HttpError && error.statusCode !== 429) {
          throw new HttpError(
            error.statusCode,
            error.message,
            error.headers,
            [{ path: 'profileImage', message: error.message }],
            error.code,
          );
        }
        throw error;
      }
      changes.profileImageUrl = `/api/profile-photos/${photo.id}`;
    } else if (body.profileImage === null) {
      changes.profileImageUrl = null;
    }
    if (Object.keys(changes).length === 0) return user;
    const updated = await this.db.transaction(async (tx) => {
      if (photo) {
        await consumeWriteLimit(tx, WRITE_LIMITS.photoBytes, user.id, photo.uploadBytes);
        await repository.insertProfilePhoto(tx, {
          id: photo.id,
          userId: user.id,
          contentType: photo.contentType,
          bytes: photo.bytes,
        });
      }
      if (changes.profileImageUrl !== undefined) await repository.deleteProfilePhotosOf(tx, user.id, photo?.id ?? null);
      return updateUser(tx, user.id, changes);
    });
    this.authService.forgetCachedUser(user.id);
    return updated ?? user;
  }

  getProfilePhoto(id: string) {
    return repository.findProfilePhoto(this.db, id);
  }

  /** A wrong password counts toward PASSWORD_CHECK_LIMIT; the check itself is refused once that is reached. */
  private async assertPassword(user: SessionUser, password: string, field: string): Promise<void> {
    await assertWithinWriteLimit(this.db, PASSWORD_CHECK_LIMIT, user.id);
    if (!user.passwordHash)
      throw badRequest(NO_PASSWORD_MESSAGE, [{ path: field, message: NO_PASSWORD_MESSAGE }], 'PASSWORD_NOT_SET');
    if (await verifyPassword(password, user.passwordHash)) return;
    await consumeWriteLimit(this.db, PASSWORD_CHECK_LIMIT, user.id);
    throw badRequest(WRONG_PASSWORD_MESSAGE, [{ path: field, message: WRONG_PASSWORD_MESSAGE }], 'WRONG_PASSWORD');
  }

  /** The new password replaces the old, and every other session of the user ends. */
  async changePassword(
    user: SessionUser,
    body: ChangePasswordBody,
    currentToken: string | null,
    client: ClientContext,
  ): Promise<void> {
    await this.assertPassword(user, body.currentPassword, 'currentPassword');
    await assertAcceptablePassword(body.newPassword, [user.email, user.firstName, user.lastName], 'newPassword');
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { passwordHash });
      await repository.retireResetTokensOf(tx, user.id);
      await this.authService.endSessionsOfUser(user.id, currentToken, tx);
      await this.authService.recordSecurityEvent('password-changed', user.id, client, tx);
    });
    this.authService.forgetCachedUser(user.id);
  }

  /**
   * Answered alike for every address; a known one gets a link for an hour. The token is
   * `<id>.<secret>`: 128 bits of id to find the row, 256 bits of secret of which only a hash is stored.
   */
  /** `languageHint`: the language the asking app is in, for a user who never chose one for mails. */
  async requestPasswordReset(email: string, client: ClientContext, languageHint?: string): Promise<void> {
    const address = normalizeEmail(email);
    await this.db.transaction(async (tx) => {
      const clientSubject = limitSubjectOf(client.clientAddress);
      await consumeWriteLimit(tx, RESET_REQUEST_LIMITS.perClient, clientSubject);
      // A space occurs neither in an address subject nor in a validated e-mail: no two pairs share a key.
      await consumeWriteLimit(tx, RESET_REQUEST_LIMITS.perAddressAndClient, `${clientSubject} ${address}`);
    });
    const user = await findUserByEmail(this.db, address);
    if (!user || user.deletedAt) {
      client.log.info({ passwordReset: { known: false } }, 'password reset requested');
      return;
    }
    const id = randomBytes(16).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    await repository.insertResetToken(this.db, {
      id,
      secretHash: hashSecret(secret).toString('base64url'),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
    });
    // Not a security event row: the request may come from anyone, and the user's own list is for their sign-ins.
    client.log.info(
      { securityEvent: { kind: 'password-reset-requested', userId: user.id, clientAddress: client.clientAddress } },
      'security event: password-reset-requested',
    );
    const link = `${new URL(PASSWORD_RESET_PAGE_PATH, this.linkOrigin).href}#token=${id}.${secret}`;
    // In the background: waiting for SMTP would make a known address answer slower than an unknown one.
    const language = await readMailLanguage(this.db, user.id, languageHint);
    this.mailer.sendInBackground(
      buildPasswordResetMail({
        to: address,
        language,
        firstName: user.firstName,
        resetUrl: link,
        validMinutes: RESET_LINK_LIFETIME_MS / 60_000,
      }),
    );
  }

  /** The state of a link: the secret is compared in constant time, and only after the row is found by id. */
  private async readResetToken(db: Executor, token: string) {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return { state: 'invalid' as const, row: null };
    const row = await repository.findResetToken(db, match[1]!);
    if (!row) return { state: 'invalid' as const, row: null };
    const expected = Buffer.from(row.secretHash, 'base64url');
    const actual = hashSecret(match[2]!);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
      return { state: 'invalid' as const, row: null };
    if (row.usedAt) return { state: 'used' as const, row };
    if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired' as const, row };
    return { state: 'valid' as const, row };
  }

  async checkResetLink(token: string): Promise<PasswordResetLinkState> {
    return (await this.readResetToken(this.db, token)).state;
  }

  /** Sets the password, uses the link up, and ends every session of the user. */
  async confirmPasswordReset(token: string, password: string, client: ClientContext): Promise<void> {
    const link = await this.readResetToken(this.db, token);
    if (link.state !== 'valid') throw resetLinkRefusal(link.state);
    const row = link.row;
    const user = await findUserById(this.db, row.userId);
    if (!user || user.deletedAt) throw resetLinkRefusal('invalid');
    await assertAcceptablePassword(password, [user.email, user.firstName, user.lastName]);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      // Taken here, in the transaction: of two confirms racing with one link, one wins and the other hears "used".
      if (!(await repository.takeResetToken(tx, row.id))) throw resetLinkRefusal('used');
      await repository.retireResetTokensOf(tx, user.id);
      await updateUser(tx, user.id, { passwordHash });
      await this.authService.endSessionsOfUser(user.id, null, tx);
      // Whoever was locked out by failed sign-ins has just proved they own the mailbox.
      if (user.email) await clearSignInAttempts(tx, `account:${user.email}`);
      await this.authService.recordSecurityEvent('password-reset', user.id, client, tx);
    });
    this.authService.forgetCachedUser(user.id);
  }

  listSessions(user: SessionUser, currentToken: string | null): Promise<AccountSession[]> {
    return this.authService.listSessions(user.id, currentToken);
  }

  async endOtherSessions(user: SessionUser, currentToken: string | null, client: ClientContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ended = await this.authService.endSessionsOfUser(user.id, currentToken, tx);
      if (ended > 0) await this.authService.recordSecurityEvent('sessions-revoked', user.id, client, tx);
    });
  }

  /** Everything stored about the user, for them to keep. */
  async exportData(user: SessionUser) {
    const rows = await repository.readExportRows(this.db, user.id);
    return {
      exportedAt: new Date().toISOString(),
      account: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        profileImageUrl: user.profileImageUrl,
        createdAt: user.createdAt.toISOString(),
        signsInWithProvider: user.oidcSubject !== null,
      },
      eventsOrganized: rows.organized,
      rsvps: rows.rsvps,
      waitlist: rows.waitlist,
      ratings: rows.ratings,
      messagesSent: rows.sent,
      messagesReceived: rows.received,
      achievements: rows.achievements,
      sessions: rows.sessions,
      securityEvents: rows.security,
      friends: rows.friends,
    };
  }

  /**
   * After the password is confirmed, the user's upcoming events that others joined are
   * cancelled with notices, every session ends and the personal data is erased (account.repository
   * eraseAccount says what goes).
   */
  async deleteAccount(user: SessionUser, password: string, client: ClientContext): Promise<void> {
    await this.assertPassword(user, password, 'password');
    // The organizer's own cancel, one event at a time (each its own transaction, with the cancellation notice to
    // everyone who held an RSVP or waited). Were the erase below to fail, the events
    // stay cancelled: the user asked to leave, and they will not be running them.
    const eventManagement = new EventManagementService(this.db);
    for (const eventId of await repository.listJoinedUpcomingEventIds(this.db, user.id)) {
      await eventManagement.cancel(user.id, eventId, ORGANIZER_LEFT_REASON);
    }
    await this.db.transaction(async (tx) => {
      await this.authService.endSessionsOfUser(user.id, null, tx);
      await leaveEveryOrganization(tx, user.id);
      const { freedEventIds } = await repository.eraseAccount(tx, user.id);
      // A seat the user held goes to the next person waiting, in the freeing transaction.
      for (const eventId of freedEventIds) await fillFreeSeats(tx, eventId, null);
    });
    this.authService.forgetCachedUser(user.id);
    // The row is gone with the account's other data; the log keeps that it happened.
    client.log.info(
      {
        securityEvent: {
          kind: 'account-deleted',
          userId: user.id,
          clientAddress: client.clientAddress,
          userAgent: client.userAgent,
        },
      },
      'security event: account-deleted',
    );
  }
}
