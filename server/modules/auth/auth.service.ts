import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import {
  personNameSchema,
  type SecurityEvent,
  type SecurityEventKind,
  type SignInBody,
  type SignUpBody,
  type User,
} from '../../../contract/users';
import type { AccountSession } from '../../../contract/account';
import type { Database, Executor } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import { conflict, forbidden, HttpError, tooManyRequests } from '../../lib/http-error';
import { findImageUrlProblem } from '../../../contract/image-url';
import { purgeEndedWindows } from '../limits/limits.service';
import { claimPendingMessages } from '../messages/messages.service';
import { signalSessionsEnded } from '../notifications/notifications.service';
import * as repository from './auth.repository';
import type { SessionUser } from './session-user';
import { getDecoyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { assertAcceptablePassword } from './password-strength';
import { SessionCache } from './session-cache';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** Renewal on use never carries a session past this age, counted from its sign-in. */
const SESSION_MAX_AGE_MS = 90 * DAY_MS;
/** Renewing at most daily keeps "renewed on use" from costing a write on every request. */
const SESSION_RENEW_AFTER_MS = DAY_MS;
/** How stale a session's "last used" may get before a request writes it again. */
const SESSION_TOUCH_AFTER_MS = 5 * 60 * 1000;
/**
 * Failures are counted per (account, client address), so that someone who knows an
 * e-mail cannot lock its owner out from everywhere with 5 wrong passwords; only a spread attack of 50
 * failures (from any addresses) closes the account to every address for the rest of the window.
 */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_ADDRESS_FAILURE_LIMIT = 5;
const ACCOUNT_FAILURE_LIMIT = 50;
const CLIENT_WINDOW_MS = 60 * 1000;
/** The user sees their last 20 events; older rows only serve an operator looking back, for a year. */
const SECURITY_EVENT_RETENTION_MS = 365 * DAY_MS;
const RECENT_SECURITY_EVENT_COUNT = 20;
const USER_AGENT_MAX_LENGTH = 500;

/** Who is asking, for the limits and the security log; `log` is the request's pino logger. */
export type ClientContext = {
  clientAddress: string;
  userAgent: string | null;
  log: { info(details: object, message: string): void };
};

export function toUser(row: repository.UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/**
 * The address the sign-in limits count. One IPv6 subscriber gets a whole /64 and can pick a new address
 * from it for every try, so IPv6 addresses count by their /64; an IPv4 address written as IPv6
 * (::ffff:203.0.113.9) counts as that IPv4 address.
 */
export function limitSubjectOf(clientAddress: string): string {
  if (!ipaddr.isValid(clientAddress)) return clientAddress;
  const address = ipaddr.process(clientAddress);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${prefix.toString()}/64`;
}

/** A name from the identity provider as the sign-up rule would keep it (NFC, trimmed), or null where it fails. */
function providerName(label: string, value: string | undefined): string | null {
  const parsed = personNameSchema(label).safeParse(value);
  return parsed.success ? parsed.data : null;
}

export class AuthService {
  private readonly sessionCache: SessionCache;

  constructor(
    private readonly db: Database,
    private readonly options: { sessionSecret: string; authRateLimitPerMinute: number; now?: () => number },
  ) {
    this.sessionCache = new SessionCache(options.now);
  }

  /** The stored id of a session: the HMAC of its token, so the database never holds a usable token. */
  sessionIdForToken(token: string): string {
    return createHmac('sha256', this.options.sessionSecret).update(token).digest('base64url');
  }

  /** A new random id at every sign-in; only its HMAC is stored. */
  async createSession(userId: string, userAgent: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await repository.insertSession(this.db, {
      id: this.sessionIdForToken(token),
      userId,
      expiresAt,
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    });
    return { token, expiresAt };
  }

  /** The user's live sessions, the asking one (`currentToken`) marked. */
  async listSessions(userId: string, currentToken: string | null): Promise<AccountSession[]> {
    const currentId = currentToken ? this.sessionIdForToken(currentToken) : null;
    const rows = await repository.listSessionsOfUser(this.db, userId, new Date(Date.now() - SESSION_MAX_AGE_MS));
    const sessions = rows.map((row) => ({
      device: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      isCurrent: row.id === currentId,
    }));
    // The current one first: it is the one the user recognises.
    return [...sessions.filter((session) => session.isCurrent), ...sessions.filter((session) => !session.isCurrent)];
  }

  /**
   * Ends every session of the user but the one of `keepToken` (null: all of them). This process forgets
   * them at once; another process's cache may still accept one for SESSION_CACHE_TTL_MS (docs/security.md).
   */
  async endSessionsOfUser(userId: string, keepToken: string | null, db: Executor = this.db): Promise<number> {
    const keepId = keepToken ? this.sessionIdForToken(keepToken) : null;
    const ended = await repository.deleteSessionsOfUser(db, userId, keepId);
    // With the delete's commit every process closes the live streams those sessions opened.
    if (ended > 0) await signalSessionsEnded(db, { userId, sessionId: null, keepSessionId: keepId });
    this.sessionCache.forgetUser(userId);
    return ended;
  }

  /** Returns the user and, when the session was renewed, its new expiry for the cookie. */
  async resolveSession(token: string): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
    if (token.length > 200) return null;
    const sessionId = this.sessionIdForToken(token);
    const cached = this.sessionCache.get(sessionId);
    if (cached) return { user: cached, renewedUntil: null };
    const generation = this.sessionCache.currentGeneration();
    const now = Date.now();
    const row = await repository.findSessionWithUser(this.db, sessionId, new Date(now - SESSION_MAX_AGE_MS));
    if (!row) return null;
    // Every sign-in makes a new session, so its created_at is the sign-in time the 90 days count from.
    const absoluteEnd = row.session.createdAt.getTime() + SESSION_MAX_AGE_MS;
    const expiresAt = Math.min(row.session.expiresAt.getTime(), absoluteEnd);
    this.sessionCache.set(sessionId, row.user, new Date(expiresAt), generation);
    // "Last used" for the sessions list, to within SESSION_TOUCH_AFTER_MS: not a write per request.
    if (now - row.session.lastUsedAt.getTime() >= SESSION_TOUCH_AFTER_MS)
      await repository.touchSession(this.db, sessionId);
    if (SESSION_LIFETIME_MS - (expiresAt - now) < SESSION_RENEW_AFTER_MS) return { user: row.user, renewedUntil: null };
    const renewedUntil = Math.min(now + SESSION_LIFETIME_MS, absoluteEnd);
    // Near the absolute end there is nothing left to renew; writing the same expiry again would cost a write per
    // request.
    if (renewedUntil <= row.session.expiresAt.getTime()) return { user: row.user, renewedUntil: null };
    await repository.extendSession(this.db, sessionId, new Date(renewedUntil));
    return { user: row.user, renewedUntil: new Date(renewedUntil) };
  }

  /**
   * Whether the session is live in the database, past this process's cache: for a live stream, which
   * would otherwise outlive a session another process ended in the cache's window by its whole lifetime.
   */
  async isSessionLive(token: string): Promise<boolean> {
    const row = await repository.findSessionWithUser(
      this.db,
      this.sessionIdForToken(token),
      new Date(Date.now() - SESSION_MAX_AGE_MS),
    );
    return row !== undefined;
  }

  async endSession(token: string): Promise<void> {
    const sessionId = this.sessionIdForToken(token);
    this.sessionCache.forgetSession(sessionId);
    await this.db.transaction(async (tx) => {
      const userId = await repository.deleteSession(tx, sessionId);
      if (userId !== null) await signalSessionsEnded(tx, { userId, sessionId, keepSessionId: null });
    });
    // Forgotten again after the delete: a request of this session may have cached it in between.
    this.sessionCache.forgetSession(sessionId);
  }

  /** After a write by the user: their row may have changed (achievements version, names). */
  forgetCachedUser(userId: string): void {
    this.sessionCache.forgetUser(userId);
  }

  private async enforceClientLimit(clientAddress: string): Promise<void> {
    const key = `client:${limitSubjectOf(clientAddress)}`;
    const since = new Date(Date.now() - CLIENT_WINDOW_MS);
    const { count, oldest } = await repository.countAttemptsSince(this.db, key, since);
    if (count >= this.options.authRateLimitPerMinute) {
      const retryAfter = oldest ? (oldest.getTime() + CLIENT_WINDOW_MS - Date.now()) / 1000 : 60;
      throw tooManyRequests('Too many sign-in attempts. Please try again later.', retryAfter);
    }
    await repository.recordAttempt(this.db, key);
  }

  /**
   * The security log: a structured pino entry and a row the user sees among their recent sign-ins. Never a password.
   */
  async recordSecurityEvent(
    kind: SecurityEventKind,
    userId: string | null,
    client: ClientContext,
    db: Executor = this.db,
  ): Promise<void> {
    const userAgent = client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null;
    client.log.info(
      { securityEvent: { kind, userId, clientAddress: client.clientAddress, userAgent } },
      `security event: ${kind}`,
    );
    await repository.insertSecurityEvent(db, { kind, userId, clientAddress: client.clientAddress, userAgent });
  }

  async listRecentSecurityEvents(userId: string): Promise<SecurityEvent[]> {
    const rows = await repository.listSecurityEvents(this.db, userId, RECENT_SECURITY_EVENT_COUNT);
    return rows.map((row) => ({
      kind: row.kind as SecurityEventKind,
      createdAt: row.createdAt.toISOString(),
      clientAddress: row.clientAddress,
      userAgent: row.userAgent,
    }));
  }

  async signUp(body: SignUpBody, client: ClientContext): Promise<SessionUser> {
    await this.enforceClientLimit(client.clientAddress);
    const email = normalizeEmail(body.email);
    await assertAcceptablePassword(body.password, [email, body.firstName, body.lastName]);
    const passwordHash = await hashPassword(body.password);
    const user = await repository.insertUser(this.db, {
      id: randomUUID(),
      email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
    });
    if (!user) throw conflict('An account with that e-mail already exists', 'EMAIL_TAKEN');
    // Messages sent to this address before it had an account are theirs now. A walk-in's hours are not:
    // they join only by the claim mail's button, pressed by the owner of the confirmed address (§22).
    await claimPendingMessages(this.db, user.id, email);
    await this.recordSecurityEvent('sign-up', user.id, client);
    return user;
  }

  /** The strength rule is not applied here: accounts made before it (the demo's) must still sign in. */
  async signIn(body: SignInBody, client: ClientContext): Promise<SessionUser> {
    await this.enforceClientLimit(client.clientAddress);
    const email = normalizeEmail(body.email);
    const accountKey = `account:${email}`;
    // A space cannot occur in a validated e-mail nor in an address, so no two pairs share a key.
    const accountAddressKey = `account-address:${limitSubjectOf(client.clientAddress)} ${email}`;
    const since = new Date(Date.now() - FAILURE_WINDOW_MS);
    const accountFailures = await repository.countAttemptsSince(this.db, accountKey, since);
    const pairFailures = await repository.countAttemptsSince(this.db, accountAddressKey, since);
    const lockedBy =
      accountFailures.count >= ACCOUNT_FAILURE_LIMIT
        ? accountFailures
        : pairFailures.count >= ACCOUNT_ADDRESS_FAILURE_LIMIT
          ? pairFailures
          : null;
    if (lockedBy) {
      const lockedUser = await repository.findUserByEmail(this.db, email);
      await this.recordSecurityEvent('sign-in-locked', lockedUser?.id ?? null, client);
      const retryAfter = lockedBy.oldest
        ? (lockedBy.oldest.getTime() + FAILURE_WINDOW_MS - Date.now()) / 1000
        : FAILURE_WINDOW_MS / 1000;
      throw tooManyRequests('Too many failed sign-ins for this account. Please try again later.', retryAfter);
    }
    const user = await repository.findUserByEmail(this.db, email);
    const isValid = user?.passwordHash
      ? await verifyPassword(body.password, user.passwordHash)
      : await verifyPassword(body.password, await getDecoyHash()).then(() => false);
    if (!user?.passwordHash || !isValid) {
      await repository.recordAttempt(this.db, accountKey);
      await repository.recordAttempt(this.db, accountAddressKey);
      await this.recordSecurityEvent('sign-in-failed', user?.id ?? null, client);
      throw new HttpError(401, 'Invalid email or password', {}, undefined, 'INVALID_CREDENTIALS');
    }
    // Told only after the password proved right, so the answer gives nothing away to someone guessing.
    if (user.suspendedAt !== null) {
      await this.recordSecurityEvent('sign-in-failed', user.id, client);
      throw forbidden('This account is suspended', 'ACCOUNT_SUSPENDED');
    }
    // Only this pair's count: the account-wide one is what stops an attack spread over many addresses.
    await repository.clearAttempts(this.db, accountAddressKey);
    const signedIn = needsRehash(user.passwordHash)
      ? ((await repository.updateUser(this.db, user.id, { passwordHash: await hashPassword(body.password) })) ?? user)
      : user;
    await this.recordSecurityEvent('sign-in', user.id, client);
    return signedIn;
  }

  /** Run at start and hourly (app.ts): rows that can no longer change any answer. */
  async purgeExpiredRecords(): Promise<void> {
    const now = Date.now();
    await repository.deleteExpiredSessions(this.db, new Date(now - SESSION_MAX_AGE_MS));
    await repository.deleteAttemptsBefore(this.db, new Date(now - FAILURE_WINDOW_MS));
    await purgeEndedWindows(this.db, now);
    await repository.deleteSecurityEventsBefore(this.db, new Date(now - SECURITY_EVENT_RETENTION_MS));
  }

  /** Create or link the user from the provider's claims. */
  async upsertOidcUser(claims: {
    sub: string;
    email?: string;
    given_name?: string;
    family_name?: string;
    picture?: string;
    email_verified?: boolean;
  }): Promise<SessionUser> {
    const email = claims.email ? normalizeEmail(claims.email) : null;
    // The provider's word that the address is its holder's counts as our own link would; without it
    // the account stays (or becomes) unverified until a link of ours is opened.
    const isVouchedFor = email !== null && claims.email_verified === true;
    const profile = {
      // The provider's names meet the sign-up rule, or are left out: they are shown to others just the same.
      firstName: providerName('First name', claims.given_name),
      lastName: providerName('Last name', claims.family_name),
      // Shown to other people as an <img>: the same rule as an event's image (no http, no private hosts).
      profileImageUrl: claims.picture && findImageUrlProblem(claims.picture) === null ? claims.picture : null,
    };
    const bySubject = await repository.findUserByOidcSubject(this.db, claims.sub);
    if (bySubject) {
      // A new address is unverified again, whatever the old one was.
      const isNewAddress = email !== null && email !== bySubject.email;
      const verification = isVouchedFor
        ? { emailVerifiedAt: bySubject.emailVerifiedAt && !isNewAddress ? bySubject.emailVerifiedAt : new Date() }
        : isNewAddress
          ? { emailVerifiedAt: null }
          : {};
      return (
        (await repository.updateUser(this.db, bySubject.id, {
          ...profile,
          ...(email ? { email } : {}),
          ...verification,
        })) ?? bySubject
      );
    }
    if (email) {
      const byEmail = await repository.findUserByEmail(this.db, email);
      if (byEmail)
        return (
          (await repository.updateUser(this.db, byEmail.id, {
            oidcSubject: claims.sub,
            ...profile,
            ...(isVouchedFor && !byEmail.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
          })) ?? byEmail
        );
    }
    const created = await repository.insertUser(this.db, {
      id: randomUUID(),
      email,
      oidcSubject: claims.sub,
      ...profile,
      emailVerifiedAt: isVouchedFor ? new Date() : null,
    });
    if (!created) throw conflict('An account with that e-mail already exists', 'EMAIL_TAKEN');
    if (email) await claimPendingMessages(this.db, created.id, email);
    return created;
  }

  saveOidcState(state: { state: string; codeVerifier: string; nonce: string; returnTo: string }) {
    return repository.insertOidcState(this.db, state);
  }

  takeOidcState(state: string) {
    return repository.takeOidcState(this.db, state, new Date(Date.now() - 10 * 60 * 1000));
  }

  findUser(id: string) {
    return repository.findUserById(this.db, id);
  }
}

/** The user with this (normalized) e-mail address, for the account's calls. */
export function findUserByEmail(db: Executor, email: string): Promise<repository.UserRow | undefined> {
  return repository.findUserByEmail(db, email);
}

export function findUserById(db: Executor, id: string): Promise<repository.UserRow | undefined> {
  return repository.findUserById(db, id);
}

export function updateUser(
  db: Executor,
  id: string,
  changes: Parameters<typeof repository.updateUser>[2],
): Promise<repository.UserRow | undefined> {
  return repository.updateUser(db, id, changes);
}

/** Forgets the failed sign-ins counted under a key (limitSubjectOf), as a successful sign-in does. */
export function clearSignInAttempts(db: Executor, key: string): Promise<void> {
  return repository.clearAttempts(db, key);
}
