import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate';

/**
 * Migration 0031_shared_photo_files (decisions §22): the copies a series stored row by row before it become
 * one file, each row keeps its id, position and bytes, and the file goes with its last row.
 */
const BACKFILL = '0031_shared_photo_files';

let database: PGlite;
beforeAll(async () => {
  database = new PGlite({ extensions: { pg_trgm } });
});
afterAll(async () => database?.close());

async function apply(tag: string): Promise<void> {
  const text = await readFile(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await database.exec(statement);
}

describe(`migration ${BACKFILL}`, () => {
  it('collapses identical photos into one file, keeps every row showing its bytes, and frees a file with its last row', async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const tags = journal.entries.map((entry) => entry.tag);
    for (const tag of tags.slice(0, tags.indexOf(BACKFILL))) await apply(tag);

    await database.exec(`
      INSERT INTO users (id) VALUES ('organizer');
      INSERT INTO categories (id, name, color, icon) VALUES (1, 'Environment', '#2a6', 'leaf');
      INSERT INTO events (id, title, description, location, date, category_id, organizer_id, search_vector)
        SELECT n, 'Weekly food bank', 'Sort donations', 'Coimbra', now() + n * interval '7 days', 1, 'organizer',
               to_tsvector('simple', 'food bank')
        FROM generate_series(1, 3) AS n;
      -- A series' copies as they were stored: the same bytes and rendition on every date, under new ids.
      INSERT INTO event_photos (id, event_id, position, content_type, width, height, bytes, card_bytes)
        SELECT 'copy-' || n, n, 0, 'image/webp', 1600, 900, '\\x0102'::bytea, '\\x01'::bytea FROM generate_series(1, 3) AS n;
      INSERT INTO event_photos (id, event_id, position, content_type, width, height, bytes, card_bytes)
        VALUES ('other', 1, 1, 'image/webp', 640, 480, '\\x0304'::bytea, NULL);
    `);
    await apply(BACKFILL);

    const files = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM photo_files');
    expect(files.rows[0]!.count).toBe(2);
    const rows = await database.query<{ id: string; bytes: Uint8Array; card: Uint8Array | null }>(
      `SELECT p.id, f.bytes, f.card_bytes AS card FROM event_photos p JOIN photo_files f ON f.id = p.file_id ORDER BY p.id`,
    );
    expect(rows.rows.map((row) => [row.id, Buffer.from(row.bytes).toString('hex')])).toEqual([
      ['copy-1', '0102'],
      ['copy-2', '0102'],
      ['copy-3', '0102'],
      ['other', '0304'],
    ]);
    expect(Buffer.from(rows.rows[0]!.card!).toString('hex')).toBe('01');

    await database.exec(`DELETE FROM events WHERE id IN (1, 2)`);
    expect(
      (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM photo_files')).rows[0]!.count,
    ).toBe(1);
    await database.exec(`DELETE FROM events WHERE id = 3`);
    expect(
      (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM photo_files')).rows[0]!.count,
    ).toBe(0);
    // Thirty migrations on a fresh embedded database: half a minute on a busy two-core machine.
  }, 180_000);
});
