import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client';

/**
 * The embedded PostgreSQL runs in single-user mode, where autovacuum never runs. Without it, the rows
 * every RSVP rewrites (events.rsvp_count) leave dead versions behind and the planner's statistics go
 * stale, including the search words' shares the event search plans from (decision 0008). A real
 * PostgreSQL server does this by itself.
 */
const EMBEDDED_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

export async function vacuumAndAnalyze(db: Database): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE)`);
}

/** Runs vacuumAndAnalyze hourly on an embedded database; returns the function that stops it. */
export function startEmbeddedMaintenance(database: DatabaseHandle, onError: (error: unknown) => void): () => void {
  if (database.kind !== 'embedded') return () => {};
  const timer = setInterval(() => {
    vacuumAndAnalyze(database.db).catch(onError);
  }, EMBEDDED_MAINTENANCE_INTERVAL_MS);
  // Maintenance alone must not keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
