import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userPreferences } from '../../db/schema';

export type PreferencesRow = typeof userPreferences.$inferSelect;

export async function findPreferences(db: Executor, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row;
}

/** Stores the answers and ends the first run; an earlier dismissal of the tips stays. */
export async function saveAnswers(
  db: Executor,
  userId: string,
  answers: { place: string | null; categoryIds: number[] },
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...answers, onboardedAt: sql`now()` })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: {
        ...answers,
        onboardedAt: sql`coalesce(${userPreferences.onboardedAt}, now())`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Ends the first run without answers; answers given before stay. */
export async function markOnboarded(db: Executor, userId: string): Promise<PreferencesRow> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, onboardedAt: sql`now()` })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { onboardedAt: sql`coalesce(${userPreferences.onboardedAt}, now())`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function markTipsDismissed(db: Executor, userId: string): Promise<PreferencesRow> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, tipsDismissedAt: sql`now()` })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { tipsDismissedAt: sql`coalesce(${userPreferences.tipsDismissedAt}, now())`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
