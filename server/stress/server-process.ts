import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { productionEnvironment, productionNodeArguments } from '../../scripts/build-server.mjs';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

const root = path.resolve(import.meta.dirname, '../..');
const STRESS_SECRET = 'stress-secret-stress-secret-stress-secret';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
  output: () => string;
};

const runningChildren = new Set<ChildProcess>();
// A suite that fails or times out must not leave servers holding its ports for the next run.
process.on('exit', () => {
  for (const child of runningChildren) child.kill('SIGKILL');
});

/**
 * Starts the real server in its own process, as production runs it: compiled from the sources by the
 * stress suites' global setup (compiled-server-setup.ts), with production's Node arguments, and waits
 * until it answers. Through tsx instead, a start cost twice the CPU (tsx's loader over every source
 * file): 20 `kill -9` restarts on PGlite took 121 s, and 68 s compiled (docs/benchmarks.md).
 */
export async function startServer(environment: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...productionNodeArguments, inject('compiledServerFile')], {
    cwd: root,
    env: {
      ...productionEnvironment,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SESSION_SECRET: STRESS_SECRET,
      AUTH_RATE_LIMIT: '1000000',
      WEB_DIST_DIR: '/nonexistent',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runningChildren.add(child);
  child.once('exit', () => runningChildren.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // Ready means THIS process says it listens: a leftover server on the same port must not pass for it.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (output.includes('PitchIn is running at')) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/**
 * A new data directory (its embedded database in `pglite/`) already migrated: a copy of the one the global
 * setup migrated for this run (compiled-server-setup.ts). The cluster suite's embedded-database test and the
 * upload-memory suite still start on an empty directory, as a first `npm start` does.
 */
export function copyMigratedDataDirectory(prefix: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(inject('migratedDataDirectory'), directory, { recursive: true });
  return directory;
}

/** A fresh PostgreSQL database for one stress run, dropped by the returned function. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pitchin_stress_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Many users with sessions, written straight into the database: signing up thousands of users through
 * scrypt would take minutes and test nothing the auth suite does not already test.
 */
export async function insertUsersWithSessions(
  query: (text: string, values: unknown[]) => Promise<unknown>,
  count: number,
): Promise<Array<{ id: string; cookie: string }>> {
  const users: Array<{ id: string; cookie: string }> = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const sessionId = createHmac('sha256', STRESS_SECRET).update(token).digest('base64url');
    await query('INSERT INTO users (id, email, first_name, last_name) VALUES ($1, $2, $3, $4)', [
      id,
      `stress-${index}-${id.slice(0, 6)}@example.org`,
      'Stress',
      String(index),
    ]);
    await query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [
      sessionId,
      id,
    ]);
    users.push({ id, cookie: `pitchin_session=${token}` });
  }
  return users;
}

/** Runs `tasks` with at most `limit` in flight. */
export async function runWithConcurrency<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await tasks[index]!();
    }
  });
  await Promise.all(workers);
  return results;
}

export function postgresServerUrl(): string | null {
  return process.env.STRESS_DATABASE_URL || process.env.DATABASE_URL || null;
}

/** GET /api/stream read as a browser's EventSource would: its whole text, and when a `notification` arrives. */
export async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`GET /api/stream answered ${response.status}`);
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // Aborted by close(), or the connection was cut.
    }
  })();
  const waitFor = async (pattern: RegExp, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(text)) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  };
  if (!(await waitFor(/: connected/, 5_000))) throw new Error('the stream did not open');
  return {
    text: () => text,
    ended,
    waitForNotification: (timeoutMs: number) => waitFor(/^event: notification$/m, timeoutMs),
    close: () => {
      controller.abort();
      return ended;
    },
  };
}

/**
 * Like insertUsersWithSessions, in a few multi-row inserts: thousands of accounts in a second or two,
 * for suites that need one session per attacker account.
 */
export async function insertManyUsersWithSessions(
  db: Database,
  count: number,
): Promise<Array<{ id: string; cookie: string }>> {
  const created: Array<{ id: string; cookie: string }> = [];
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
      const id = randomUUID();
      const token = randomBytes(32).toString('base64url');
      return { id, token, index: start + offset };
    });
    await db.insert(users).values(
      batch.map(({ id, index }) => ({
        id,
        email: `bulk-${index}-${id.slice(0, 6)}@example.org`,
        firstName: 'Bulk',
        lastName: String(index),
      })),
    );
    await db.insert(sessions).values(
      batch.map(({ id, token }) => ({
        id: createHmac('sha256', STRESS_SECRET).update(token).digest('base64url'),
        userId: id,
        // A full 30 days, as a fresh sign-in has: a session renewed on use would cost a write per first request.
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })),
    );
    created.push(...batch.map(({ id, token }) => ({ id, cookie: `pitchin_session=${token}` })));
  }
  return created;
}
