import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from './client';
import { migrationsFolder } from './migrate';

// Found by its name, not its number: migrations are renumbered when branches are merged.
const MIGRATION_NAME = 'end_friendships_of_blocked_pairs';

let handle: DatabaseHandle;
let folderBefore: string;

/** The migrations folder as it was before this one, so a database can stand where existing ones stood. */
function migrationsBefore(name: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pitchin-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  if (index === -1) throw new Error(`no migration ${name}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const migrateWith = (folder: string) =>
  migrate(handle.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder: folder });

beforeAll(async () => {
  handle = await openDatabase({ kind: 'embedded', directory: 'memory://' });
  folderBefore = migrationsBefore(MIGRATION_NAME);
  await migrateWith(folderBefore);
});

afterAll(async () => {
  await handle.close();
  rmSync(folderBefore, { recursive: true, force: true });
});

describe('the migration that ends the friendships of blocked pairs (decisions §22)', () => {
  it('ends friendships and requests either way between people one of whom blocked the other, and only those', async () => {
    const db = handle.db;
    await db.execute(sql`INSERT INTO users (id, email) VALUES
      ('blocker', 'blocker@example.org'), ('friend', 'friend@example.org'), ('asker', 'asker@example.org'),
      ('asked', 'asked@example.org'), ('kept', 'kept@example.org')`);
    // Blocks written before §22 left the friendship and the requests standing.
    await db.execute(sql`INSERT INTO friendships (requester_id, addressee_id, status) VALUES
      ('blocker', 'friend', 'accepted'), ('asker', 'blocker', 'pending'), ('blocker', 'asked', 'pending'),
      ('kept', 'blocker', 'accepted'), ('friend', 'kept', 'accepted')`);
    await db.execute(sql`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES
      ('blocker', 'friend'), ('blocker', 'asker'), ('asked', 'blocker')`);

    await migrateWith(migrationsFolder);

    const rows = await selectRows<{ requester_id: string; addressee_id: string }>(
      db,
      sql`SELECT requester_id, addressee_id FROM friendships ORDER BY requester_id, addressee_id`,
    );
    expect(rows).toEqual([
      { requester_id: 'friend', addressee_id: 'kept' },
      { requester_id: 'kept', addressee_id: 'blocker' },
    ]);
  });
});
