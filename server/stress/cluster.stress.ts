import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  openEventStream,
  postgresServerUrl,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * Several processes on one PostgreSQL. Three separate servers started at the same moment on
 * an empty database migrate it once and serve one user across them; one server with WORKERS=3 runs three
 * workers, replaces one that dies, sums their metrics and stops them all on SIGTERM; the embedded database
 * refuses a second process. The organizer's live stream is held by one process while the RSVP that
 * notifies them is taken by another; a sign-out on one process ends that session's streams on the others.
 */
const root = path.resolve(import.meta.dirname, '../..');
const journalEntries = (
  JSON.parse(readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
const METRICS_TOKEN = 'cluster-metrics-token-0123';

async function json(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the 2nd field after the command name, which is in parentheses and may hold spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      // Only the server's own forks count, each running the compiled server (server-process.ts).
      if (parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server.mjs'))
        children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('several processes on one PostgreSQL', () => {
  it.runIf(postgresServerUrl() !== null)(
    'migrates once when three servers start together, and serves one user across them',
    async () => {
      const database = await createPostgresDatabase(postgresServerUrl()!);
      const servers: ServerProcess[] = [];
      try {
        // All three at once on an empty database: without the advisory lock they race to create the same tables.
        servers.push(
          ...(await Promise.all(
            [6701, 6702, 6703].map((port) => startServer({ DATABASE_URL: database.url, SHUTDOWN_DRAIN_MS: '0' }, port)),
          )),
        );
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const migrations = await client.query<{ count: number; distinct: number }>(
          'SELECT count(*)::int AS count, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
        );
        const categories = await client.query<{ count: number; distinct: number }>(
          'SELECT count(*)::int AS count, count(DISTINCT name)::int AS distinct FROM categories',
        );
        await client.end();
        expect(migrations.rows[0]).toEqual({ count: journalEntries, distinct: journalEntries });
        expect(categories.rows[0]!.count).toBe(categories.rows[0]!.distinct);
        for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

        const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
        const organizer = await post(`${a.url}/api/auth/signup`, {
          email: `organizer-${Date.now()}@example.org`,
          password: 'organizer password',
          firstName: 'Orla',
          lastName: 'Organizer',
        });
        expect(organizer.status).toBe(201);
        const organizerCookie = organizer.headers.get('set-cookie')!.split(';')[0]!;
        const event = await json(
          await post(
            `${a.url}/api/events`,
            {
              title: 'Cluster clean-up',
              description: 'Across processes',
              location: 'Lisbon',
              date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
              categoryId: 1,
              maxAttendees: 5,
              imageUrl: null,
              images: [],
            },
            organizerCookie,
          ),
        );
        expect(event.status).toBe(201);

        const email = `volunteer-${Date.now()}@example.org`;
        expect(
          (
            await post(`${a.url}/api/auth/signup`, {
              email,
              password: 'volunteer password',
              firstName: 'Vera',
              lastName: 'Volunteer',
            })
          ).status,
        ).toBe(201);
        // Signed in on the second process…
        const signIn = await post(`${b.url}/api/auth/login`, { email, password: 'volunteer password' });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
        // …the organizer listens on the first…
        const stream = await openEventStream(a.url, organizerCookie);
        // …RSVPs on the third with that session…
        const rsvp = await json(
          await post(`${c.url}/api/events/${event.body.id}/rsvp`, { status: 'attending' }, cookie),
        );
        expect(rsvp.status).toBe(200);
        // …and the organizer hears of it on the first process within 2 s; any process lists it.
        expect(await stream.waitForNotification(2_000)).toBe(true);
        await stream.close();
        const notifications = await json(
          await fetch(`${b.url}/api/notifications`, { headers: { cookie: organizerCookie } }),
        );
        expect(notifications.body).toContainEqual(
          expect.objectContaining({ type: 'rsvp_received', event: expect.objectContaining({ id: event.body.id }) }),
        );
        // …and every process sees it at once: no process keeps answers (decision 0020).
        for (const server of servers) {
          const mine = await json(await fetch(`${server.url}/api/my-rsvps`, { headers: { cookie } }));
          expect(mine.status).toBe(200);
          expect(mine.body.map((item: { id: number }) => item.id)).toEqual([event.body.id]);
          const detail = await json(await fetch(`${server.url}/api/events/${event.body.id}`, { headers: { cookie } }));
          expect(detail.body).toMatchObject({ rsvpCount: 1, userRsvpStatus: 'attending' });
        }
        // The volunteer's streams on the first and third processes end when the session signs out on the second.
        const volunteerStreams = [await openEventStream(a.url, cookie), await openEventStream(c.url, cookie)];
        const organizerStream = await openEventStream(c.url, organizerCookie);
        expect((await post(`${b.url}/api/logout`, {}, cookie)).status).toBe(204);
        const endedInTime = (ended: Promise<void>) =>
          Promise.race([
            ended.then(() => true),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
          ]);
        expect(await Promise.all(volunteerStreams.map((item) => endedInTime(item.ended)))).toEqual([true, true]);
        // Another user's stream stays.
        expect(await endedInTime(organizerStream.ended)).toBe(false);
        await organizerStream.close();
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
      }
    },
  );

  it.runIf(postgresServerUrl() !== null)(
    'runs WORKERS=3 under one primary: replaces a dead worker, sums their metrics, stops all on SIGTERM',
    async () => {
      const database = await createPostgresDatabase(postgresServerUrl()!);
      let server: ServerProcess | undefined;
      try {
        server = await startServer(
          { DATABASE_URL: database.url, WORKERS: '3', METRICS_TOKEN, SHUTDOWN_DRAIN_MS: '500' },
          6704,
        );
        expect(server.output()).toContain('(3 workers)');
        const primary = server.child.pid!;
        const workers = childrenOf(primary);
        expect(workers).toHaveLength(3);

        // Many requests over fresh connections spread over the workers; one scrape must count them all.
        for (let index = 0; index < 30; index += 1) {
          const response = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } });
          expect(response.status).toBe(200);
        }
        const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(metrics.status).toBe(200);
        expect(await metrics.text()).toContain(
          'http_requests_total{method="GET",route="/healthz",status_code="200"} 30',
        );

        process.kill(workers[0]!, 'SIGKILL');
        await waitUntil(
          () => {
            const now = childrenOf(primary);
            return now.length === 3 && !now.includes(workers[0]!);
          },
          60_000,
          'a replacement worker',
        );
        await waitUntil(
          async () =>
            (await fetch(`${server!.url}/readyz`, { headers: { connection: 'close' } }).catch(() => null))?.status ===
            200,
          60_000,
          'readiness',
        );
        expect(server.output()).toMatch(/worker \d+ exited \(SIGKILL\); starting another/);

        const current = childrenOf(primary);
        const started = Date.now();
        await server.stop('SIGTERM');
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(server.child.exitCode).toBe(0);
        for (const pid of current) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        await server?.stop('SIGKILL');
        await database.drop();
      }
    },
  );
});

describe('the embedded database', () => {
  it('refuses a second process on the same data directory, and more than one worker, with a clear message', async () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-cluster-'));
    const first = await startServer({ DATA_DIR: dataDirectory }, 6705);
    try {
      const second = startServer({ DATA_DIR: dataDirectory }, 6706);
      await expect(second).rejects.toThrow(
        new RegExp(
          `server exited \\(1\\):\\s*The embedded database in ${dataDirectory}/pglite is in use by process ${first.child.pid}\\. PGlite serves one process at a time`,
        ),
      );
      // The first one is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Stopped cleanly, the directory is free again (a crashed holder's lock is taken over: the durability suite
    // restarts after kill -9).
    expect(existsSync(path.join(dataDirectory, 'pglite.lock'))).toBe(false);
    await expect(startServer({ DATA_DIR: dataDirectory, WORKERS: '2' }, 6707)).rejects.toThrow(
      /WORKERS: more than 1 needs DATABASE_URL/,
    );
  });
});
