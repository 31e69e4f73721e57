import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authAttempts, oidcStates, sessions, users } from '../../db/schema';

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

export async function updateUser(db: Executor, id: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertSession(db: Executor, session: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function findSessionWithUser(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function extendSession(db: Executor, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

export async function countAttemptsSince(db: Executor, key: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
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
