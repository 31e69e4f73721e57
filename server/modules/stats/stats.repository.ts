import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';

/**
 * Accounts, organizations (the "communities" of decisions.md §21) and the events starting in the
 * calendar month of `now` in `timeZone`, in one round trip.
 */
export async function countAccountsOrganizationsAndEventsThisMonth(
  db: Executor,
  timeZone: string,
  now: Date,
): Promise<{ volunteers: number; communities: number; eventsThisMonth: number }> {
  const [row] = await selectRows<{
    volunteers: number | string;
    communities: number | string;
    events_this_month: number | string;
  }>(
    db,
    sql`WITH month AS (
          SELECT date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS starts_local
        )
        SELECT
          (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS volunteers,
          (SELECT count(*) FROM organizations) AS communities,
          (SELECT count(*) FROM events, month
            WHERE status = 'scheduled' AND NOT is_test AND hidden_at IS NULL
              AND date >= month.starts_local AT TIME ZONE ${timeZone}
              AND date < (month.starts_local + interval '1 month') AT TIME ZONE ${timeZone}) AS events_this_month`,
  );
  return {
    volunteers: Number(row?.volunteers ?? 0),
    communities: Number(row?.communities ?? 0),
    eventsThisMonth: Number(row?.events_this_month ?? 0),
  };
}
