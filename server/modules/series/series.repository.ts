import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventSeries, events } from '../../db/schema';

export type NewSeries = typeof eventSeries.$inferInsert;

export async function insertSeries(db: Executor, series: NewSeries): Promise<number> {
  const [row] = await db.insert(eventSeries).values(series).returning({ id: eventSeries.id });
  if (!row) throw new Error('insert into event_series returned no row');
  return row.id;
}

export async function findSeries(db: Executor, seriesId: number) {
  const [row] = await db
    .select({ id: eventSeries.id, frequency: eventSeries.frequency, interval: eventSeries.interval })
    .from(eventSeries)
    .where(eq(eventSeries.id, seriesId));
  return row;
}

/**
 * The occurrences a viewer may see (a test event, or one a moderator hid, only its organizer: decisions §22),
 * in date order.
 */
export function listOccurrences(db: Executor, seriesId: number, viewerId: string | null) {
  return db
    .select({
      id: events.id,
      date: events.date,
      durationMinutes: events.durationMinutes,
      status: events.status,
      seriesPosition: events.seriesPosition,
    })
    .from(events)
    .where(
      and(
        eq(events.seriesId, seriesId),
        sql`((${events.isTest} = false AND ${events.hiddenAt} IS NULL) OR ${events.organizerId} = ${viewerId})`,
      ),
    )
    .orderBy(asc(events.date), asc(events.id));
}

/**
 * The ids of the occurrences a change of scope `following` (from `from` on) or `all` (from now on) reaches:
 * scheduled and not yet started, in id order, the order their locks are taken in.
 */
export async function listChangeableOccurrenceIds(db: Executor, seriesId: number, from: Date): Promise<number[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.seriesId, seriesId),
        eq(events.status, 'scheduled'),
        gte(events.date, from),
        sql`${events.date} > now()`,
      ),
    )
    .orderBy(asc(events.id));
  return rows.map((row) => row.id);
}
