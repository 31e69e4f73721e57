import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../db/client';
import { copyMigratedDataDirectory, startServer } from './server-process';

/**
 * `npm run backup` of the embedded database while the server runs and writes, and of a
 * stopped one; `npm run restore` of each into a fresh directory holds every row.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const PORT = 6721;

function command(script: string, args: string[], dataDirectory: string) {
  return run(process.execPath, ['--import', 'tsx', path.join(root, 'server/db', script), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: dataDirectory,
      SEED_DEMO: 'false',
    },
  });
}

/** Every table's row count and a digest of its rows, in a stable order. */
async function contentsOf(
  directory: string,
): Promise<{ tables: Record<string, { count: number; digest: string }>; messages: string[] }> {
  const handle = await openDatabase({ kind: 'embedded', directory });
  try {
    const tables = await selectRows<{ name: string }>(
      handle.db,
      sql`SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const contents: Record<string, { count: number; digest: string }> = {};
    for (const { name } of tables) {
      const [row] = await selectRows<{ count: number; digest: string | null }>(
        handle.db,
        sql.raw(
          `SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${name} t`,
        ),
      );
      contents[name] = { count: row!.count, digest: row!.digest ?? '' };
    }
    const messages = (await selectRows<{ content: string }>(handle.db, sql`SELECT content FROM messages`)).map(
      (row) => row.content,
    );
    return { tables: contents, messages };
  } finally {
    await handle.close();
  }
}

async function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe('backup and restore of the embedded database', () => {
  it('backs up a running server, under writes and quiet, and a stopped one; a restore into a fresh directory holds every row', async () => {
    const dataDirectory = copyMigratedDataDirectory('pitchin-backup-');
    const server = await startServer({ DATA_DIR: dataDirectory }, PORT);
    const acknowledgedBeforeBackup: string[] = [];
    let runningBackup: Awaited<ReturnType<typeof command>>;
    try {
      const signUp = async (label: string) => {
        const response = await post(`${server.url}/api/auth/signup`, {
          email: `${label}-${Date.now()}@example.org`,
          password: 'backup password',
          firstName: label,
          lastName: 'Backup',
        });
        expect(response.status).toBe(201);
        // Messages go to the person's id: an unconfirmed account may not write to an address (decisions §22).
        return {
          cookie: response.headers.get('set-cookie')!.split(';')[0]!,
          id: ((await response.json()) as { id: string }).id,
        };
      };
      const organizer = await signUp('organizer');
      const volunteer = await signUp('volunteer');
      for (let index = 0; index < 3; index += 1) {
        const event = await post(
          `${server.url}/api/events`,
          {
            title: `Backup event ${index}`,
            description: 'Kept',
            location: 'Porto',
            date: new Date(Date.now() + (index + 2) * 86_400_000).toISOString(),
            categoryId: 1,
            maxAttendees: 10,
            imageUrl: null,
            images: [],
          },
          organizer.cookie,
        );
        expect(event.status).toBe(201);
        const { id } = (await event.json()) as { id: number };
        expect(
          (await post(`${server.url}/api/events/${id}/rsvp`, { status: 'attending' }, volunteer.cookie)).status,
        ).toBe(200);
      }
      for (let index = 0; index < 5; index += 1) {
        const content = `before backup ${index}`;
        expect(
          (await post(`${server.url}/api/messages`, { receiverId: volunteer.id, content }, organizer.cookie)).status,
        ).toBe(201);
        acknowledgedBeforeBackup.push(content);
      }

      // A backup of the running server while messages keep arriving: every write acknowledged before it began is in it.
      let isWriting = true;
      let counter = 0;
      const writer = (async () => {
        while (isWriting) {
          await (
            await post(
              `${server.url}/api/messages`,
              { receiverId: volunteer.id, content: `during backup ${(counter += 1)}` },
              organizer.cookie,
            )
          ).arrayBuffer();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await command('backup-command.ts', ['--output', path.join(dataDirectory, 'under-writes.tar.gz')], dataDirectory);
      isWriting = false;
      await writer;
      expect(counter).toBeGreaterThan(1);
      // Then one of the running server with nothing writing, its last act before it stops: exactly the final state.
      runningBackup = await command(
        'backup-command.ts',
        ['--output', path.join(dataDirectory, 'running.tar.gz')],
        dataDirectory,
      );
      expect(runningBackup.stdout).toMatch(
        new RegExp(`written by the running server \\(process ${server.child.pid}\\)`),
      );

      // The server kept serving after both.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }

    const original = await contentsOf(path.join(dataDirectory, 'pglite'));
    const restoredUnderWrites = path.join(mkdtempSync(path.join(tmpdir(), 'pitchin-restore-')), 'data');
    await command('restore-command.ts', [path.join(dataDirectory, 'under-writes.tar.gz')], restoredUnderWrites);
    const restoredMessages = (await contentsOf(path.join(restoredUnderWrites, 'pglite'))).messages;
    expect(acknowledgedBeforeBackup.filter((content) => !restoredMessages.includes(content))).toEqual([]);
    expect(restoredMessages.filter((content) => !original.messages.includes(content))).toEqual([]);

    const restoredRunning = path.join(mkdtempSync(path.join(tmpdir(), 'pitchin-restore-')), 'data');
    const restore = await command('restore-command.ts', [path.join(dataDirectory, 'running.tar.gz')], restoredRunning);
    expect(restore.stdout).toMatch(/Restored .* \(\d+ users\)/);
    expect(original.tables['public.rsvps']!.count).toBe(3);
    expect(original.messages.length).toBeGreaterThan(acknowledgedBeforeBackup.length);
    expect(await contentsOf(path.join(restoredRunning, 'pglite'))).toEqual(original);

    // With the server stopped the command opens the directory itself (its restore is the same code as above).
    const stopped = await command(
      'backup-command.ts',
      ['--output', path.join(dataDirectory, 'stopped.tar.gz')],
      dataDirectory,
    );
    expect(stopped.stdout).toContain('from the stopped database');

    // A directory that holds a database is not overwritten.
    await expect(
      command('restore-command.ts', [path.join(dataDirectory, 'stopped.tar.gz')], restoredRunning),
    ).rejects.toThrow(/already holds a database/);
    expect(existsSync(path.join(restoredRunning, 'pglite'))).toBe(true);
  });
});
