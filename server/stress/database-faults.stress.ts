import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresServerUrl, startServer } from './server-process';

/**
 * Restart PostgreSQL under load. While it is down the server answers 503 (no crash, no
 * hang), it recovers by itself, and no request leaves a partial write (an event is stored with all
 * its photos or not at all; RSVP counters equal their rows).
 */
const cluster = (() => {
  try {
    return readdirSync('/etc/postgresql')[0] ?? null;
  } catch {
    return null;
  }
})();
const canControlPostgres =
  postgresServerUrl() !== null && cluster !== null && typeof process.getuid === 'function' && process.getuid() === 0;

function postgres(action: 'stop' | 'start') {
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', cluster!, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])],
    { stdio: 'ignore' },
  );
}

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('database faults', () => {
  it.runIf(canControlPostgres)(
    'answers 503 while PostgreSQL is down, recovers by itself and leaves no partial write',
    async () => {
      const database = await createPostgresDatabase(postgresServerUrl()!);
      const server = await startServer({ DATABASE_URL: database.url }, 7421);
      const statuses = new Map<number, number>();
      let slowest = 0;
      let isRunning = true;
      try {
        const signUp = async (label: string) => {
          const response = await fetch(`${server.url}/api/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `faults-${label}-${Date.now()}@example.org`,
              password: 'fault password',
              firstName: 'F',
              lastName: 'T',
            }),
          });
          expect(response.status).toBe(201);
          return response.headers.get('set-cookie')!.split(';')[0]!;
        };
        const cookie = await signUp('reader');
        // A user may create 10 events an hour: each writer moves to its next organizer after
        // 10, made before the outage since sign-ups fail during it, and reads only once they are used up.
        const organizers = await Promise.all(
          Array.from({ length: 3 }, (_, writer) =>
            Promise.all(Array.from({ length: 12 }, (_, index) => signUp(`writer${writer}-${index}`))),
          ),
        );
        const date = new Date(Date.now() + 5 * 86_400_000).toISOString();
        const load = Array.from({ length: 6 }, async (_, worker) => {
          let counter = 0;
          let created = 0;
          const ownOrganizers = organizers[worker / 2] ?? [];
          while (isRunning) {
            counter += 1;
            const started = Date.now();
            const organizer = ownOrganizers[Math.floor(created / 10)];
            const isWrite = worker % 2 === 0 && organizer !== undefined;
            try {
              const response = isWrite
                ? await fetch(`${server.url}/api/events`, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json', cookie: organizer },
                    body: JSON.stringify({
                      title: `Fault ${worker}-${counter}`,
                      description: 'd',
                      location: 'l',
                      date,
                      categoryId: 1,
                      maxAttendees: 3,
                      imageUrl: null,
                      images: [PNG_1X1, PNG_1X1],
                    }),
                  })
                : await fetch(`${server.url}/api/events?limit=20`, { headers: { cookie } });
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              if (isWrite && response.status === 201) created += 1;
              await response.arrayBuffer();
            } catch {
              statuses.set(0, (statuses.get(0) ?? 0) + 1);
            }
            slowest = Math.max(slowest, Date.now() - started);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        postgres('stop');
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        const duringOutage = await fetch(`${server.url}/api/events`, { headers: { cookie } });
        expect(duringOutage.status).toBe(503);
        expect((await duringOutage.json()).message).toMatch(/temporarily unavailable/);
        postgres('start');
        let recoveredAfter = 0;
        for (;;) {
          const probe = await fetch(`${server.url}/api/events?limit=1`, { headers: { cookie } });
          await probe.arrayBuffer();
          if (probe.status === 200) break;
          recoveredAfter += 250;
          expect(recoveredAfter).toBeLessThan(30_000);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        isRunning = false;
        await Promise.all(load);
        expect(server.child.exitCode).toBeNull();
        expect(
          [...statuses.keys()].filter((status) => status !== 200 && status !== 201 && status !== 503),
          JSON.stringify([...statuses]),
        ).toEqual([]);
        expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
        expect(slowest).toBeLessThan(20_000);
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const partial = await client.query(
          `SELECT e.id FROM events e LEFT JOIN event_photos p ON p.event_id = e.id GROUP BY e.id HAVING count(p.id) <> 2`,
        );
        const counters = await client.query(
          `SELECT e.id FROM events e WHERE e.rsvp_count <> (SELECT count(*) FROM rsvps r WHERE r.event_id = e.id)`,
        );
        const created = await client.query(`SELECT count(*)::int AS count FROM events`);
        await client.end();
        expect(partial.rows).toEqual([]);
        expect(counters.rows).toEqual([]);
        console.log(
          `database faults: ${JSON.stringify(Object.fromEntries(statuses))} answers, ${created.rows[0].count} events all complete, slowest answer ${slowest} ms`,
        );
      } finally {
        isRunning = false;
        try {
          postgres('start');
        } catch {
          // already running
        }
        await server.stop();
        await database.drop();
      }
    },
  );
});
