import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { openDatabase, selectRows } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import {
  copyMigratedDataDirectory,
  createPostgresDatabase,
  insertManyUsersWithSessions,
  postgresServerUrl,
  startServer,
} from './server-process';

/**
 * 20 trials of `kill -9` of the server during a stream of writes, on PostgreSQL and on
 * PGlite. Every write that got a 2xx must be there after the restart, and the server must restart
 * cleanly every time.
 */
const TRIALS = 20;
const WRITERS = 4;

type Account = { id: string; cookie: string };

/**
 * The receiver, then one sender per writer and per trial: a user may send 30 messages a minute, and a
 * trial waits for up to 44 acknowledged writes, so spread over fresh senders every write is a real write.
 * They are written into the database before the first start: 81 sign-ups through the password hash cost
 * CPU that this suite does not test (the auth suite does).
 */
async function insertAccounts(
  database: Config['database'],
): Promise<{ receiver: Account; sendersOf: (trial: number) => Account[] }> {
  const handle = await openDatabase(database);
  try {
    await prepareDatabase(handle);
    const [receiver, ...senders] = await insertManyUsersWithSessions(handle.db, 1 + TRIALS * WRITERS);
    return {
      receiver: receiver!,
      sendersOf: (trial) => senders.slice((trial - 1) * WRITERS, trial * WRITERS),
    };
  } finally {
    // PGlite is one connection per process: the server opens the directory only once this is closed.
    await handle.close();
  }
}

/**
 * Sends messages as fast as the writers can and kills the process once `killAfterWrites` were
 * acknowledged (or after 30 s), mid-stream: other writes are in flight at that moment.
 */
async function writeUntilKilled(
  url: string,
  senders: Account[],
  receiver: Account,
  trial: number,
  killAfterWrites: number,
  kill: () => void,
) {
  const acknowledged: string[] = [];
  let isKilled = false;
  const killNow = () => {
    if (isKilled) return;
    isKilled = true;
    kill();
  };
  const timer = setTimeout(killNow, 30_000);
  let counter = 0;
  await Promise.all(
    senders.map(async (sender) => {
      while (!isKilled) {
        const content = `trial ${trial} write ${(counter += 1)}`;
        try {
          const response = await fetch(`${url}/api/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: sender.cookie },
            body: JSON.stringify({ receiverId: receiver.id, content }),
          });
          if (response.status === 201) acknowledged.push(content);
          if (acknowledged.length >= killAfterWrites) killNow();
          await response.arrayBuffer();
        } catch {
          // The connection died with the process: this write was never acknowledged.
        }
      }
    }),
  );
  clearTimeout(timer);
  return acknowledged;
}

describe('crash durability', () => {
  it.runIf(postgresServerUrl() !== null)(
    `keeps every acknowledged write through ${TRIALS} kill -9 on PostgreSQL`,
    async () => {
      const database = await createPostgresDatabase(postgresServerUrl()!);
      const client = new pg.Client({ connectionString: database.url });
      let acknowledgedTotal = 0;
      try {
        const { receiver, sendersOf } = await insertAccounts({ kind: 'postgres', url: database.url });
        let server = await startServer({ DATABASE_URL: database.url }, 7441);
        await client.connect();
        for (let trial = 1; trial <= TRIALS; trial += 1) {
          const senders = sendersOf(trial);
          const acknowledged = await writeUntilKilled(
            server.url,
            senders,
            receiver,
            trial,
            5 + ((trial * 7) % 40),
            () => server.child.kill('SIGKILL'),
          );
          await server.stop('SIGKILL');
          acknowledgedTotal += acknowledged.length;
          const stored = await client.query<{ content: string }>('SELECT content FROM messages WHERE content LIKE $1', [
            `trial ${trial} write %`,
          ]);
          const storedContents = new Set(stored.rows.map((row) => row.content));
          expect(
            acknowledged.filter((content) => !storedContents.has(content)),
            `trial ${trial}`,
          ).toEqual([]);
          server = await startServer({ DATABASE_URL: database.url }, 7441);
          const alive = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: senders[0]!.cookie } });
          expect(alive.status, `restart ${trial}`).toBe(200);
        }
        await server.stop();
        console.log(
          `durability (PostgreSQL): ${TRIALS} kill -9 trials, ${acknowledgedTotal} acknowledged writes, 0 lost, ${TRIALS} clean restarts`,
        );
      } finally {
        await client.end().catch(() => {});
        await database.drop();
      }
    },
  );

  it(`keeps every acknowledged write through ${TRIALS} kill -9 on PGlite`, async () => {
    const dataDirectory = copyMigratedDataDirectory('pitchin-durability-');
    const directory = path.join(dataDirectory, 'pglite');
    const { receiver, sendersOf } = await insertAccounts({ kind: 'embedded', directory });
    const acknowledgedByTrial: string[][] = [];
    let server = await startServer({ DATA_DIR: dataDirectory }, 7442);
    for (let trial = 1; trial <= TRIALS; trial += 1) {
      const senders = sendersOf(trial);
      const acknowledged = await writeUntilKilled(server.url, senders, receiver, trial, 5 + ((trial * 7) % 40), () =>
        server.child.kill('SIGKILL'),
      );
      await server.stop('SIGKILL');
      acknowledgedByTrial.push(acknowledged);
      server = await startServer({ DATA_DIR: dataDirectory }, 7442);
      const alive = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: senders[0]!.cookie } });
      expect(alive.status, `restart ${trial}`).toBe(200);
    }
    // A write lost in any trial stays lost (nothing writes it again), so one read after the last trial sees
    // every loss; opening PGlite in this process after each kill cost a database start per trial. That
    // read comes after a kill -9 too, as every trial's did.
    await server.stop('SIGKILL');
    const handle = await openDatabase({ kind: 'embedded', directory });
    const stored = await selectRows<{ content: string }>(
      handle.db,
      sql`SELECT content FROM messages WHERE content LIKE 'trial % write %'`,
    );
    await handle.close();
    const storedContents = new Set(stored.map((row) => row.content));
    acknowledgedByTrial.forEach((acknowledged, index) => {
      expect(
        acknowledged.filter((content) => !storedContents.has(content)),
        `trial ${index + 1}`,
      ).toEqual([]);
    });
    const acknowledgedTotal = acknowledgedByTrial.reduce((total, acknowledged) => total + acknowledged.length, 0);
    console.log(
      `durability (PGlite): ${TRIALS} kill -9 trials, ${acknowledgedTotal} acknowledged writes, 0 lost, ${TRIALS} clean restarts`,
    );
  });
});
