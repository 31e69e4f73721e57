import { and, count, desc, eq, gt, isNull, lt, min, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authAttempts, oidcStates, securityEvents, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByOidcSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  return row;
}

/** Returns undefined when the e-mail is taken (a unique index, so two racing sign-ups cannot both win). */
export async function insertUser(db: Executor, user: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertSession(
  db: Executor,
  session: { id: string; userId: string; expiresAt: Date; userAgent?: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** The sessions list of the account screen: the live sessions of a user, most recently used first. */
export async function listSessionsOfUser(db: Executor, userId: string, signedInBefore: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), gt(sessions.createdAt, signedInBefore)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Every session of the user but `keepSessionId` (null: every one). */
export async function deleteSessionsOfUser(
  db: Executor,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const condition =
    keepSessionId === null
      ? eq(sessions.userId, userId)
      : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
  const deleted = await db.delete(sessions).where(condition).returning({ id: sessions.id });
  return deleted.length;
}

/** `signedInBefore`: sessions created (signed in) at or before it have passed their absolute lifetime. */
export async function findSessionWithUser(db: Executor, sessionId: string, signedInBefore: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, signedInBefore),
        // A suspension deletes the sessions too; this also refuses one made by a sign-in racing it.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function extendSession(db: Executor, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

/** The user whose session it was, or null when there was none. */
export async function deleteSession(db: Executor, sessionId: string): Promise<string | null> {
  const [deleted] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  return deleted?.userId ?? null;
}

/** Past their expiry, or signed in at or before `signedInBefore` (the absolute lifetime). */
export async function deleteExpiredSessions(db: Executor, signedInBefore: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.createdAt, signedInBefore)))
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function countAttemptsSince(
  db: Executor,
  key: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(authAttempts.attemptedAt) })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gt(authAttempts.attemptedAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function recordAttempt(db: Executor, key: string): Promise<void> {
  await db.insert(authAttempts).values({ key });
}

export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

export async function deleteAttemptsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.attemptedAt, before));
}

export async function insertSecurityEvent(db: Executor, event: typeof securityEvents.$inferInsert): Promise<void> {
  await db.insert(securityEvents).values(event);
}

export async function listSecurityEvents(db: Executor, userId: string, limit: number) {
  return db
    .select({
      kind: securityEvents.kind,
      createdAt: securityEvents.createdAt,
      clientAddress: securityEvents.clientAddress,
      userAgent: securityEvents.userAgent,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}

export async function deleteSecurityEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(securityEvents).where(lt(securityEvents.createdAt, before));
}

export async function insertOidcState(db: Executor, state: typeof oidcStates.$inferInsert): Promise<void> {
  await db.insert(oidcStates).values(state);
}

/** Single use: the row is gone once read, so a replayed callback finds nothing. */
export async function takeOidcState(db: Executor, state: string, notBefore: Date) {
  const [row] = await db
    .delete(oidcStates)
    .where(and(eq(oidcStates.state, state), gt(oidcStates.createdAt, notBefore)))
    .returning();
  return row;
}
