import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { requestBackupFromServer, writeBackup } from './backup';
import { openDatabase } from './client';
import { readLockHolder } from './embedded-lock';

/**
 * `npm run backup [-- --output FILE]`: a gzipped tarball of the embedded database, taken from the running
 * server when one holds it (server/db/backup.ts), else from the stopped directory. With DATABASE_URL it
 * says how to use pg_dump instead.
 */
async function main() {
  const { values } = parseArgs({ options: { output: { type: 'string' } } });
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools, for example\n  pg_dump --format=custom --file=pitchin-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"\n(docs/operations.md, "Backups").',
    );
    process.exit(2);
  }
  const directory = config.database.directory;
  const output = path.resolve(
    values.output ??
      path.join(config.dataDirectory, 'backups', `pitchin-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`),
  );
  const started = performance.now();
  const holder = readLockHolder(directory);
  let how: string;
  if (holder !== null) {
    await requestBackupFromServer(config.dataDirectory, holder, output);
    how = `by the running server (process ${holder})`;
  } else {
    const database = await openDatabase(config.database);
    try {
      await writeBackup(database.embeddedClient!, output);
    } finally {
      await database.close();
    }
    how = 'from the stopped database';
  }
  console.log(
    `Backup of ${directory} written ${how} to ${output} (${(statSync(output).size / 1024).toFixed(0)} kB) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
