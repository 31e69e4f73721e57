import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { isEmptyDirectory } from './backup';
import { openDatabase, selectRows } from './client';
import { readLockHolder } from './embedded-lock';

/**
 * `npm run restore -- FILE [--force]`: loads a backup from `npm run backup` into the embedded database
 * directory of DATA_DIR. The server must be stopped (PGlite is one process). A directory that already
 * holds a database is kept: refused without --force, moved aside (never deleted) with it.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) throw new Error('name the backup file: npm run restore -- FILE [--force]');
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with its own tools, for example\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" pitchin.dump\n(docs/operations.md, "Backups").',
    );
    process.exit(2);
  }
  const directory = config.database.directory;
  const holder = readLockHolder(directory);
  if (holder !== null) throw new Error(`the server (process ${holder}) is using ${directory}: stop it first`);
  if (!isEmptyDirectory(directory)) {
    if (!values.force)
      throw new Error(
        `${directory} already holds a database: restore into an empty DATA_DIR, or add --force to move it aside first`,
      );
    const aside = `${directory}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(directory, aside);
    console.log(`Moved the existing database aside to ${aside}.`);
  }
  const started = performance.now();
  const backup = new Blob([readFileSync(path.resolve(file))]);
  const database = await openDatabase(config.database, { loadDataDir: backup });
  try {
    const [row] = await selectRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM users`);
    console.log(
      `Restored ${file} into ${directory} (${row?.count ?? 0} users) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
