import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from './client';
import { seedCatalogue } from './catalogue';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

async function applyMigrations(db: Database, kind: DatabaseHandle['kind']) {
  if (kind === 'embedded')
    await migratePglite(db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder });
  else await migrateNodePostgres(db as unknown as NodePgDatabase<Record<string, never>>, { migrationsFolder });
}

/** Applies pending migrations and the fixed catalogues; safe to run from many processes at once. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withStartupLock(async (db) => {
    await applyMigrations(db, handle.kind);
    await seedCatalogue(db);
  });
}
