import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { createPostgresDatabase, insertUsersWithSessions, postgresServerUrl, runWithConcurrency, startServer, type ServerProcess } from './server-process';

/**
 * Issue 7 §2: at least 10 000 RSVP attempts from many users on events of small capacity, across three
 * server processes sharing PostgreSQL, and in one process on PGlite. Never more RSVPs than
 * maxAttendees, and the accepted count equals min(capacity, demand) for every event.
 */
const USERS = 400;
const EVENTS = 40;
const ATTEMPTS_PER_USER = 25;
const STATUSES = ['attending', 'supporting', 'organizing', 'going'] as const;

function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seed(handle: DatabaseHandle) {
  const query = (text: string, values: unknown[]) => handle.db.execute(sql.raw(text.replace(/\$(\d+)/g, (_, index) => `'${String(values[Number(index) - 1]).replaceAll("'", "''")}'`)));
  const users = await insertUsersWithSessions(query, USERS);
  const random = seededRandom(7);
  const events: Array<{ id: number; capacity: number }> = [];
  for (let index = 0; index < EVENTS; index += 1) {
    const capacity = 1 + Math.floor(random() * 10);
    const [row] = await selectRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO events (title, description, location, date, category_id, organizer_id, max_attendees, search_vector)
          VALUES (${`Stress ${index}`}, 'stress', 'Lisbon', now() + interval '3 days', 1, ${users[0]!.id}, ${capacity}, to_tsvector('simple', 'stress'))
          RETURNING id`,
    );
    events.push({ id: row!.id, capacity });
  }
  return { users, events };
}

async function hammer(servers: ServerProcess[], users: Array<{ cookie: string }>, events: Array<{ id: number; capacity: number }>) {
  const random = seededRandom(42);
  const demand = new Map<number, Set<number>>();
  const accepted = new Map<number, Set<number>>();
  const statuses = new Map<number, number>();
  const tasks: Array<() => Promise<void>> = [];
  for (let userIndex = 0; userIndex < users.length; userIndex += 1) {
    for (let attempt = 0; attempt < ATTEMPTS_PER_USER; attempt += 1) {
      const event = events[Math.floor(random() * events.length)]!;
      const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
      const server = servers[(userIndex + attempt) % servers.length]!;
      if (!demand.has(event.id)) demand.set(event.id, new Set());
      demand.get(event.id)!.add(userIndex);
      tasks.push(async () => {
        const response = await fetch(`${server.url}/api/events/${event.id}/rsvp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: users[userIndex]!.cookie },
          body: JSON.stringify({ status }),
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        await response.arrayBuffer();
        if (response.status === 200) {
          if (!accepted.has(event.id)) accepted.set(event.id, new Set());
          accepted.get(event.id)!.add(userIndex);
        }
      });
    }
  }
  await runWithConcurrency(tasks, 48);
  return { demand, accepted, statuses, attempts: tasks.length };
}

async function verify(handle: DatabaseHandle, events: Array<{ id: number; capacity: number }>, result: Awaited<ReturnType<typeof hammer>>) {
  const rows = await selectRows<{ id: number; max_attendees: number; rsvp_count: number; rows: number }>(
    handle.db,
    sql`SELECT e.id, e.max_attendees, e.rsvp_count, (SELECT count(*)::int FROM rsvps r WHERE r.event_id = e.id) AS rows FROM events e WHERE e.title LIKE 'Stress %'`,
  );
  expect(rows).toHaveLength(events.length);
  for (const row of rows) {
    const expected = Math.min(row.max_attendees, result.demand.get(row.id)?.size ?? 0);
    expect(row.rows, `event ${row.id}`).toBeLessThanOrEqual(row.max_attendees);
    expect(row.rsvp_count, `event ${row.id} counter`).toBe(row.rows);
    expect(row.rows, `event ${row.id} accepted = min(capacity, demand)`).toBe(expected);
    expect(result.accepted.get(row.id)?.size ?? 0).toBe(expected);
  }
  expect([...result.statuses.keys()].every((status) => status === 200 || status === 409), JSON.stringify([...result.statuses])).toBe(true);
}

describe('RSVP capacity under concurrency', () => {
  it.runIf(postgresServerUrl() !== null)('holds across three server processes sharing PostgreSQL', async () => {
    const database = await createPostgresDatabase(postgresServerUrl()!);
    const handle = await openDatabase({ kind: 'postgres', url: database.url });
    const servers: ServerProcess[] = [];
    try {
      await prepareDatabase(handle);
      const { users, events } = await seed(handle);
      for (const port of [7401, 7402, 7403]) servers.push(await startServer({ DATABASE_URL: database.url }, port));
      const result = await hammer(servers, users, events);
      expect(result.attempts).toBeGreaterThanOrEqual(10_000);
      await verify(handle, events, result);
      console.log(`capacity (PostgreSQL, 3 processes): ${result.attempts} attempts, ${JSON.stringify(Object.fromEntries(result.statuses))}, ${events.length} events, never over capacity`);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await handle.close();
      await database.drop();
    }
  });

  it('holds in one process on PGlite', async () => {
    const directory = path.join(mkdtempSync(path.join(tmpdir(), 'pitchin-capacity-')), 'pglite');
    let handle = await openDatabase({ kind: 'embedded', directory });
    await prepareDatabase(handle);
    const { users, events } = await seed(handle);
    await handle.close();
    // PGlite is one connection per process: the server opens the directory only after the seed closed it.
    const server = await startServer({ DATA_DIR: path.dirname(directory) }, 7404);
    let result;
    try {
      result = await hammer([server], users, events);
    } finally {
      await server.stop();
    }
    handle = await openDatabase({ kind: 'embedded', directory });
    try {
      expect(result.attempts).toBeGreaterThanOrEqual(10_000);
      await verify(handle, events, result);
      console.log(`capacity (PGlite, 1 process): ${result.attempts} attempts, ${JSON.stringify(Object.fromEntries(result.statuses))}`);
    } finally {
      await handle.close();
    }
  });
});
