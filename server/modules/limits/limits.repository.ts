import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { selectRows } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/**
 * Adds `amount` to the counter of `key` in the window that starts at `windowStart` and returns the new
 * total. One statement: two processes adding at once both see their own sum, never a lost update.
 */
export async function addToCounter(db: Executor, key: string, windowStart: Date, amount: number): Promise<number> {
  const [row] = await selectRows<{ amount: number }>(
    db,
    sql`INSERT INTO ${rateLimitCounters} (key, window_start, amount) VALUES (${key}, ${windowStart.toISOString()}, ${amount})
        ON CONFLICT (key, window_start) DO UPDATE SET amount = ${rateLimitCounters.amount} + EXCLUDED.amount
        RETURNING amount`,
  );
  return Number(row?.amount ?? amount);
}

/** The counter's total in its window, without adding to it. */
export async function readCounter(db: Executor, key: string, windowStart: Date): Promise<number> {
  const [row] = await selectRows<{ amount: number }>(
    db,
    sql`SELECT amount FROM ${rateLimitCounters} WHERE key = ${key} AND window_start = ${windowStart.toISOString()}`,
  );
  return Number(row?.amount ?? 0);
}

export async function deleteCountersBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}
