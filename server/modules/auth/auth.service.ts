import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { SignInBody, SignUpBody, User } from '../../../contract/users';
import type { Database } from '../../db/client';
import { conflict, HttpError, tooManyRequests } from '../../lib/http-error';
import * as repository from './auth.repository';
import { getDecoyHash, hashPassword, verifyPassword } from './password';
import { SessionCache } from './session-cache';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Renewing at most daily keeps "renewed on use" from costing a write on every request. */
const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
const ACCOUNT_FAILURE_LIMIT = 5;
const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CLIENT_WINDOW_MS = 60 * 1000;

export type SessionUser = repository.UserRow;

export function toUser(row: repository.UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class AuthService {
  private readonly sessionCache: SessionCache;

  constructor(
    private readonly db: Database,
    private readonly options: { sessionSecret: string; authRateLimitPerMinute: number; now?: () => number },
  ) {
    this.sessionCache = new SessionCache(options.now);
  }

  private sessionIdForToken(token: string): string {
    return createHmac('sha256', this.options.sessionSecret).update(token).digest('base64url');
  }

  /** A new random id at every sign-in (decisions §1); only its HMAC is stored. */
  async createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await repository.insertSession(this.db, { id: this.sessionIdForToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /** Returns the user and, when the session was renewed, its new expiry for the cookie. */
  async resolveSession(token: string): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
    if (token.length > 200) return null;
    const sessionId = this.sessionIdForToken(token);
    const cached = this.sessionCache.get(sessionId);
    if (cached) return { user: cached, renewedUntil: null };
    const generation = this.sessionCache.currentGeneration();
    const row = await repository.findSessionWithUser(this.db, sessionId);
    if (!row) return null;
    this.sessionCache.set(sessionId, row.user, row.session.expiresAt, generation);
    const remaining = row.session.expiresAt.getTime() - Date.now();
    if (SESSION_LIFETIME_MS - remaining < SESSION_RENEW_AFTER_MS) return { user: row.user, renewedUntil: null };
    const renewedUntil = new Date(Date.now() + SESSION_LIFETIME_MS);
    await repository.extendSession(this.db, sessionId, renewedUntil);
    return { user: row.user, renewedUntil };
  }

  async endSession(token: string): Promise<void> {
    const sessionId = this.sessionIdForToken(token);
    this.sessionCache.forgetSession(sessionId);
    await repository.deleteSession(this.db, sessionId);
    // Forgotten again after the delete: a request of this session may have cached it in between.
    this.sessionCache.forgetSession(sessionId);
  }

  /** After a write by the user: their row may have changed (achievements version, names). */
  forgetCachedUser(userId: string): void {
    this.sessionCache.forgetUser(userId);
  }

  private async enforceClientLimit(clientIp: string): Promise<void> {
    const key = `client:${clientIp}`;
    const since = new Date(Date.now() - CLIENT_WINDOW_MS);
    const { count, oldest } = await repository.countAttemptsSince(this.db, key, since);
    if (count >= this.options.authRateLimitPerMinute) {
      const retryAfter = oldest ? (oldest.getTime() + CLIENT_WINDOW_MS - Date.now()) / 1000 : 60;
      throw tooManyRequests('Too many sign-in attempts. Please try again later.', retryAfter);
    }
    await repository.recordAttempt(this.db, key);
    // Old rows only matter for windows that have ended; trim them now and then, not on every call.
    if (Math.random() < 0.02) await repository.deleteAttemptsBefore(this.db, new Date(Date.now() - 2 * ACCOUNT_FAILURE_WINDOW_MS));
  }

  async signUp(body: SignUpBody, clientIp: string): Promise<SessionUser> {
    await this.enforceClientLimit(clientIp);
    const email = normalizeEmail(body.email);
    const passwordHash = await hashPassword(body.password);
    const user = await repository.insertUser(this.db, {
      id: randomUUID(),
      email,
      passwordHash,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
    });
    if (!user) throw conflict('An account with that e-mail already exists');
    return user;
  }

  async signIn(body: SignInBody, clientIp: string): Promise<SessionUser> {
    await this.enforceClientLimit(clientIp);
    const email = normalizeEmail(body.email);
    const failureKey = `account:${email}`;
    const since = new Date(Date.now() - ACCOUNT_FAILURE_WINDOW_MS);
    const failures = await repository.countAttemptsSince(this.db, failureKey, since);
    if (failures.count >= ACCOUNT_FAILURE_LIMIT) {
      const retryAfter = failures.oldest ? (failures.oldest.getTime() + ACCOUNT_FAILURE_WINDOW_MS - Date.now()) / 1000 : 900;
      throw tooManyRequests('Too many failed sign-ins for this account. Please try again later.', retryAfter);
    }
    const user = await repository.findUserByEmail(this.db, email);
    const isValid = user?.passwordHash ? await verifyPassword(body.password, user.passwordHash) : await verifyPassword(body.password, await getDecoyHash()).then(() => false);
    if (!user || !isValid) {
      await repository.recordAttempt(this.db, failureKey);
      throw new HttpError(401, 'Invalid email or password');
    }
    await repository.clearAttempts(this.db, failureKey);
    return user;
  }

  /** decisions §1: create or link the user from the provider's claims. */
  async upsertOidcUser(claims: { sub: string; email?: string; given_name?: string; family_name?: string; picture?: string }): Promise<SessionUser> {
    const email = claims.email ? normalizeEmail(claims.email) : null;
    const profile = {
      firstName: claims.given_name ?? null,
      lastName: claims.family_name ?? null,
      profileImageUrl: claims.picture && /^https?:\/\//.test(claims.picture) ? claims.picture : null,
    };
    const bySubject = await repository.findUserByOidcSubject(this.db, claims.sub);
    if (bySubject) return (await repository.updateUser(this.db, bySubject.id, { ...profile, ...(email ? { email } : {}) })) ?? bySubject;
    if (email) {
      const byEmail = await repository.findUserByEmail(this.db, email);
      if (byEmail) return (await repository.updateUser(this.db, byEmail.id, { oidcSubject: claims.sub, ...profile })) ?? byEmail;
    }
    const created = await repository.insertUser(this.db, { id: randomUUID(), email, oidcSubject: claims.sub, ...profile });
    if (!created) throw conflict('An account with that e-mail already exists');
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

/** `?returnTo=` is honoured for same-origin paths only (decisions §1). */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f]/.test(value)) return '/';
  return value;
}
