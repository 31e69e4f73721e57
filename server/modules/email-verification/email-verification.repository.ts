import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';

export async function insertVerificationToken(
  db: Executor,
  token: typeof emailVerificationTokens.$inferInsert,
): Promise<void> {
  await db.insert(emailVerificationTokens).values(token);
}

export async function findVerificationToken(db: Executor, id: string) {
  const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.id, id)).limit(1);
  return row;
}

/** Single use even under a race: only one statement can move used_at from null, and only before expiry. */
export async function takeVerificationToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerificationTokens.id, id),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: emailVerificationTokens.id });
  return rows.length === 1;
}

/**
 * Marks the user's address verified, but only while it is still `email`: a link mailed to an address the
 * account no longer has verifies nothing. Returns whether it did.
 */
export async function markEmailVerified(db: Executor, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function isEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.verifiedAt !== null && row?.verifiedAt !== undefined;
}

/** Links a day past their expiry: kept that long only so a late click still hears "expired" rather than "not valid". */
export async function deleteVerificationTokensExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, before));
}
