import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../db/client';
import { createPostgresDatabase, postgresServerUrl, startServer } from './server-process';

/**
 * 20 trials of `kill -9` of the server during a stream of writes, on PostgreSQL and on
 * PGlite. Every write that got a 2xx must be there after the restart, and the server must restart
 * cleanly every time.
 */
const TRIALS = 20;
const WRITERS = 4;

type Account = { cookie: string; email: string };

async function signUp(url: string, label: string, serverOutput: () => string = () => ''): Promise<Account> {
  const email = `${label}-${Date.now()}-${Math.random().toString(16).slice(2)}@example.org`;
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'durable password', firstName: label, lastName: 'Test' }),
  });
  expect(
    response.status,
    `sign-up answered ${response.status}: ${await response.clone().text()}\n${serverOutput().slice(-3000)}`,
  ).toBe(201);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, email };
}

/**
 * One sender per writer and per trial: a user may send 30 messages a minute, and a
 * trial waits for up to 44 acknowledged writes. Spread over fresh senders every write is a real write.
 */
function signUpSenders(url: string, serverOutput: () => string = () => ''): Promise<Account[]> {
  return Promise.all(Array.from({ length: WRITERS }, (_, index) => signUp(url, `sender${index}`, serverOutput)));
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
            body: JSON.stringify({ receiverId: receiver.email, content }),
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
        let server = await startServer({ DATABASE_URL: database.url }, 7411);
        const receiver = await signUp(server.url, 'receiver', server.output);
        await client.connect();
        for (let trial = 1; trial <= TRIALS; trial += 1) {
          const senders = await signUpSenders(server.url, server.output);
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
          server = await startServer({ DATABASE_URL: database.url }, 7411);
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
    const dataDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-durability-'));
    let acknowledgedTotal = 0;
    let server = await startServer({ DATA_DIR: dataDirectory }, 7412);
    const receiver = await signUp(server.url, 'receiver');
    for (let trial = 1; trial <= TRIALS; trial += 1) {
      const senders = await signUpSenders(server.url, server.output);
      const acknowledged = await writeUntilKilled(server.url, senders, receiver, trial, 5 + ((trial * 7) % 40), () =>
        server.child.kill('SIGKILL'),
      );
      await server.stop('SIGKILL');
      acknowledgedTotal += acknowledged.length;
      // The server is dead, so this process may open the directory (one connection at a time).
      const handle = await openDatabase({ kind: 'embedded', directory: path.join(dataDirectory, 'pglite') });
      const stored = await selectRows<{ content: string }>(
        handle.db,
        sql`SELECT content FROM messages WHERE content LIKE ${`trial ${trial} write %`}`,
      );
      await handle.close();
      const storedContents = new Set(stored.map((row) => row.content));
      expect(
        acknowledged.filter((content) => !storedContents.has(content)),
        `trial ${trial}`,
      ).toEqual([]);
      server = await startServer({ DATA_DIR: dataDirectory }, 7412);
      const alive = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: senders[0]!.cookie } });
      expect(alive.status, `restart ${trial}`).toBe(200);
    }
    await server.stop();
    console.log(
      `durability (PGlite): ${TRIALS} kill -9 trials, ${acknowledgedTotal} acknowledged writes, 0 lost, ${TRIALS} clean restarts`,
    );
  });
});
