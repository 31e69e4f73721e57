import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../db/client';
import {
  copyMigratedDataDirectory,
  createPostgresDatabase,
  openEventStream,
  postgresServerUrl,
  startServer,
} from './server-process';

/**
 * SIGTERM under load. A client that behaves like a load balancer polls /readyz and stops sending once it answers 503;
 * writers send messages and sign-ups over fresh connections meanwhile. One request trickles its body across the moment
 * the listener closes and must still be answered; another never finishes and must not keep the process alive; a live
 * stream is ended with a retry hint. The process exits 0 within 10 s, no request that was sent is cut, and every
 * acknowledged write is in the database.
 */
const PORT = 6711;
const DRAIN_MS = 1500;

type Outcome = { kind: 'message' | 'signup'; status: number | null; error: string | null; content: string };

function send(url: string, body: unknown, cookie?: string): Promise<{ status: number | null; error: string | null }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    // A fresh connection per request, as a proxy without keep-alive sends them.
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', (error) => resolve({ status: null, error: `response: ${error.message}` }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: null, error: error.code ?? error.message }),
    );
    request.end(payload);
  });
}

async function signUp(url: string, label: string) {
  const email = `${label}-${Date.now()}-${Math.random().toString(16).slice(2)}@example.org`;
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'shutdown password', firstName: label, lastName: 'Test' }),
  });
  expect(response.status).toBe(201);
  // Messages go to the person's id: an unconfirmed account may not write to an address (decisions §22).
  const { id } = (await response.json()) as { id: string };
  return { id, email, cookie: response.headers.get('set-cookie')!.split(';')[0]! };
}

/** A POST whose body arrives one byte at a time every `intervalMs`; resolves with the raw answer. */
function trickle(
  port: number,
  cookie: string,
  body: string,
  intervalMs: number,
  options: { isEndless?: boolean } = {},
) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => {});
  const length = options.isEndless ? body.length + 1_000_000 : body.length;
  socket.write(
    `POST /api/messages HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\ncookie: ${cookie}\r\n\r\n`,
  );
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(body[index % body.length]!);
    index += 1;
    if (!options.isEndless && index === body.length) clearInterval(timer);
  }, intervalMs);
  return new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
  });
}

describe('graceful shutdown', () => {
  it('drains, finishes requests in flight, cuts none and loses no acknowledged write, and exits within 10 s of SIGTERM', async () => {
    const postgresUrl = postgresServerUrl();
    const database = postgresUrl ? await createPostgresDatabase(postgresUrl) : null;
    const dataDirectory = copyMigratedDataDirectory('pitchin-shutdown-');
    try {
      const server = await startServer(
        {
          ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDirectory }),
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
          LOG_LEVEL: 'info',
        },
        PORT,
      );
      const receiver = await signUp(server.url, 'receiver');
      const senders = await Promise.all([0, 1, 2].map((index) => signUp(server.url, `sender${index}`)));

      // The load balancer: in rotation while /readyz answers 200.
      let isInRotation = true;
      let sawHealthyWhileDraining = false;
      const poller = (async () => {
        while (isInRotation) {
          const ready = await fetch(`${server.url}/readyz`, { headers: { connection: 'close' } }).catch(() => null);
          if (ready?.status !== 200) {
            isInRotation = false;
            sawHealthyWhileDraining =
              (await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } }).catch(() => null))?.status ===
              200;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();

      const outcomes: Outcome[] = [];
      let counter = 0;
      const writers = [
        ...senders.map(async (sender) => {
          while (isInRotation) {
            const content = `shutdown write ${(counter += 1)}`;
            outcomes.push({
              kind: 'message',
              content,
              ...(await send(`${server.url}/api/messages`, { receiverId: receiver.id, content }, sender.cookie)),
            });
          }
        }),
        (async () => {
          while (isInRotation) {
            const email = `signup-${(counter += 1)}-${Date.now()}@example.org`;
            outcomes.push({
              kind: 'signup',
              content: email,
              ...(await send(`${server.url}/api/auth/signup`, {
                email,
                password: 'shutdown password',
                firstName: 'Late',
                lastName: 'Comer',
              })),
            });
          }
        })(),
      ];

      while (outcomes.filter((outcome) => outcome.status === 201).length < 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // In flight across the listener's close: its last byte arrives about 1.2 s after the drain ends.
      const slowBody = JSON.stringify({ receiverId: receiver.id, content: 'slow write' });
      const slowAnswer = trickle(PORT, senders[0]!.cookie, slowBody, Math.ceil((DRAIN_MS + 1200) / slowBody.length));
      // A client that never finishes its body: it must not hold the process past the deadline.
      const endlessAnswer = trickle(PORT, senders[1]!.cookie, slowBody, 200, { isEndless: true });
      await new Promise((resolve) => setTimeout(resolve, 100));

      // A browser tab's live stream: ended by the server with a hint to reconnect soon, not cut at the deadline.
      const stream = await openEventStream(server.url, receiver.cookie);

      const killedAt = Date.now();
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      const exitCode = await exited;
      const shutdownMs = Date.now() - killedAt;
      isInRotation = false;
      await Promise.all([...writers, poller]);
      const slow = await slowAnswer;
      await endlessAnswer;

      expect(exitCode, server.output().slice(-3000)).toBe(0);
      await stream.ended;
      expect(stream.text()).toMatch(/retry: \d+\n: server stopping\n\n$/);
      expect(shutdownMs).toBeLessThan(10_000);
      // It still answered /healthz while /readyz said it was leaving.
      expect(sawHealthyWhileDraining).toBe(true);
      expect(slow).toMatch(/^HTTP\/1\.1 201 /);
      const cut = outcomes.filter((outcome) => outcome.status === null);
      expect(cut, 'requests without an answer').toEqual([]);
      expect(outcomes.filter((outcome) => outcome.status !== 201)).toEqual([]);

      const acknowledgedMessages = [
        ...outcomes.filter((outcome) => outcome.kind === 'message').map((outcome) => outcome.content),
        'slow write',
      ];
      const acknowledgedSignUps = outcomes
        .filter((outcome) => outcome.kind === 'signup')
        .map((outcome) => outcome.content);
      let storedMessages: string[];
      let storedEmails: string[];
      if (database) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        storedMessages = (await client.query<{ content: string }>('SELECT content FROM messages')).rows.map(
          (row) => row.content,
        );
        storedEmails = (await client.query<{ email: string }>('SELECT email FROM users')).rows.map((row) => row.email);
        await client.end();
      } else {
        const handle = await openDatabase({ kind: 'embedded', directory: path.join(dataDirectory, 'pglite') });
        storedMessages = (await selectRows<{ content: string }>(handle.db, sql`SELECT content FROM messages`)).map(
          (row) => row.content,
        );
        storedEmails = (await selectRows<{ email: string }>(handle.db, sql`SELECT email FROM users`)).map(
          (row) => row.email,
        );
        await handle.close();
      }
      expect(acknowledgedMessages.filter((content) => !storedMessages.includes(content))).toEqual([]);
      expect(acknowledgedSignUps.filter((email) => !storedEmails.includes(email))).toEqual([]);
      console.log(
        `shutdown (${database ? 'PostgreSQL' : 'PGlite'}): ${outcomes.length} requests under load, ${acknowledgedMessages.length} messages and ${acknowledgedSignUps.length} sign-ups acknowledged, 0 lost, 0 cut; exit 0 after ${shutdownMs} ms`,
      );
    } finally {
      await database?.drop();
    }
  });
});
