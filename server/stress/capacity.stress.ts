import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import {
  createPostgresDatabase,
  insertUsersWithSessions,
  postgresServerUrl,
  runWithConcurrency,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * At least 10 000 RSVP attempts from many users on events of small capacity, across three
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
  const query = (text: string, values: unknown[]) =>
    handle.db.execute(
      sql.raw(text.replace(/\$(\d+)/g, (_, index) => `'${String(values[Number(index) - 1]).replaceAll("'", "''")}'`)),
    );
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

async function hammer(
  servers: ServerProcess[],
  users: Array<{ cookie: string }>,
  events: Array<{ id: number; capacity: number }>,
) {
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

async function verify(
  handle: DatabaseHandle,
  events: Array<{ id: number; capacity: number }>,
  result: Awaited<ReturnType<typeof hammer>>,
) {
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
  expect(
    [...result.statuses.keys()].every((status) => status === 200 || status === 409),
    JSON.stringify([...result.statuses]),
  ).toBe(true);
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
      console.log(
        `capacity (PostgreSQL, 3 processes): ${result.attempts} attempts, ${JSON.stringify(Object.fromEntries(result.statuses))}, ${events.length} events, never over capacity`,
      );
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
      console.log(
        `capacity (PGlite, 1 process): ${result.attempts} attempts, ${JSON.stringify(Object.fromEntries(result.statuses))}`,
      );
    } finally {
      await handle.close();
    }
  });
});

/**
 * Withdrawals, capacity raises, waitlist joins and leaves and new RSVPs
 * racing on the same few events across three server processes. Afterwards: never more RSVPs than
 * maxAttendees, the counter equal to its rows, nobody both holding a seat and waiting, no free seat
 * while anyone waits, and the queue served strictly first come first served (the promotions recorded
 * in event_changes take entries in increasing id order, and every entry still waiting joined after the
 * last one promoted): 0 overbooked, 0 skipped.
 */
const QUEUE_EVENTS = 16;
// One organizer per event: an organizer may edit events 60 times an hour (the write limits), and each
// event's raises are its own organizer's, well under that.
const QUEUE_USERS = 239 + QUEUE_EVENTS;
/**
 * Three processes on PostgreSQL are what decision 0012 asks the waitlist to hold under (at least 5 000
 * operations). The one process on PGlite has no cross-process race to lose and runs every statement in
 * turn, so fewer do:
 * both together stay within a few minutes on a 2-core machine (about 3 minutes with the machine shared).
 */
const QUEUE_OPERATIONS = { postgres: 5000, embedded: 2000 };

type QueueOperation = 'rsvp' | 'withdraw' | 'join' | 'leave' | 'raise';

async function seedQueue(handle: DatabaseHandle) {
  const query = (text: string, values: unknown[]) =>
    handle.db.execute(
      sql.raw(text.replace(/\$(\d+)/g, (_, index) => `'${String(values[Number(index) - 1]).replaceAll("'", "''")}'`)),
    );
  const users = await insertUsersWithSessions(query, QUEUE_USERS);
  const organizers = users.slice(0, QUEUE_EVENTS);
  const events: Array<{ id: number; capacity: number; organizerCookie: string }> = [];
  for (let index = 0; index < QUEUE_EVENTS; index += 1) {
    const capacity = 2 + (index % 4);
    const [row] = await selectRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO events (title, description, location, date, category_id, organizer_id, max_attendees, search_vector)
          VALUES (${`Queue ${index}`}, 'stress', 'Porto', now() + interval '3 days', 1, ${organizers[index]!.id}, ${capacity}, to_tsvector('simple', 'stress'))
          RETURNING id`,
    );
    events.push({ id: row!.id, capacity, organizerCookie: organizers[index]!.cookie });
  }
  return { volunteers: users.slice(QUEUE_EVENTS), events };
}

async function hammerQueue(
  servers: ServerProcess[],
  seeded: Awaited<ReturnType<typeof seedQueue>>,
  operations: number,
) {
  const random = seededRandom(99);
  const statuses = new Map<string, number>();
  const raisedTo = new Map(seeded.events.map((event) => [event.id, event.capacity]));
  const tasks: Array<() => Promise<void>> = [];
  for (let index = 0; index < operations; index += 1) {
    const event = seeded.events[Math.floor(random() * seeded.events.length)]!;
    const roll = random();
    const operation: QueueOperation =
      roll < 0.32 ? 'rsvp' : roll < 0.58 ? 'withdraw' : roll < 0.88 ? 'join' : roll < 0.95 ? 'leave' : 'raise';
    const volunteer = seeded.volunteers[Math.floor(random() * seeded.volunteers.length)]!;
    const server = servers[index % servers.length]!;
    let request: { method: string; path: string; body?: unknown; cookie: string };
    if (operation === 'raise') {
      // Raises race each other too: each asks for one more than the last raise asked of this event.
      const next = raisedTo.get(event.id)! + 1;
      raisedTo.set(event.id, next);
      request = {
        method: 'PATCH',
        path: `/api/events/${event.id}`,
        body: { maxAttendees: next },
        cookie: event.organizerCookie,
      };
    } else if (operation === 'rsvp')
      request = {
        method: 'POST',
        path: `/api/events/${event.id}/rsvp`,
        body: { status: 'attending' },
        cookie: volunteer.cookie,
      };
    else if (operation === 'withdraw')
      request = { method: 'DELETE', path: `/api/events/${event.id}/rsvp`, cookie: volunteer.cookie };
    else if (operation === 'join')
      request = { method: 'POST', path: `/api/events/${event.id}/waitlist`, cookie: volunteer.cookie };
    else request = { method: 'DELETE', path: `/api/events/${event.id}/waitlist`, cookie: volunteer.cookie };
    tasks.push(async () => {
      const response = await fetch(`${server.url}${request.path}`, {
        method: request.method,
        headers: {
          cookie: request.cookie,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      await response.arrayBuffer();
      const key = `${operation} ${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    });
  }
  await runWithConcurrency(tasks, 48);
  return { statuses, operations: tasks.length };
}

async function verifyQueue(
  handle: DatabaseHandle,
  seeded: Awaited<ReturnType<typeof seedQueue>>,
  result: Awaited<ReturnType<typeof hammerQueue>>,
) {
  const unexpected = [...result.statuses.keys()].filter(
    (key) => !/^(rsvp (200|409)|withdraw (204|404)|join (201|409)|leave (204|404)|raise (200|409))$/.test(key),
  );
  expect(unexpected, JSON.stringify(Object.fromEntries(result.statuses))).toEqual([]);
  const rows = await selectRows<{
    id: number;
    max_attendees: number;
    rsvp_count: number;
    rows: number;
    waiting: number;
    first_waiting: number | null;
  }>(
    handle.db,
    sql`SELECT e.id, e.max_attendees, e.rsvp_count,
          (SELECT count(*)::int FROM rsvps r WHERE r.event_id = e.id) AS rows,
          (SELECT count(*)::int FROM waitlist_entries w WHERE w.event_id = e.id) AS waiting,
          (SELECT min(w.id)::int FROM waitlist_entries w WHERE w.event_id = e.id) AS first_waiting
        FROM events e WHERE e.title LIKE 'Queue %'`,
  );
  expect(rows).toHaveLength(seeded.events.length);
  const promotions = await selectRows<{ event_id: number; entry_id: number }>(
    handle.db,
    sql`SELECT event_id, (payload->>'waitlistEntryId')::int AS entry_id FROM event_changes WHERE type = 'waitlist_promoted' ORDER BY id`,
  );
  let overbooked = 0;
  let skipped = 0;
  for (const row of rows) {
    if (row.rows > row.max_attendees) overbooked += 1;
    expect(row.rsvp_count, `event ${row.id} counter`).toBe(row.rows);
    // A free seat while someone waits is a person skipped.
    if (row.waiting > 0 && row.rows < row.max_attendees) skipped += 1;
    const promoted = promotions
      .filter((promotion) => promotion.event_id === row.id)
      .map((promotion) => Number(promotion.entry_id));
    promoted.forEach((entryId, index) => {
      if (index > 0 && entryId <= promoted[index - 1]!) skipped += 1;
    });
    if (row.first_waiting !== null && promoted.length > 0 && Number(row.first_waiting) < promoted.at(-1)!) skipped += 1;
  }
  const [both] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM waitlist_entries w JOIN rsvps r ON r.event_id = w.event_id AND r.user_id = w.user_id`,
  );
  expect({ overbooked, skipped, holdingAndWaiting: Number(both!.count) }).toEqual({
    overbooked: 0,
    skipped: 0,
    holdingAndWaiting: 0,
  });
  // The race must really have happened: people were promoted, by withdrawals and by raises.
  expect(promotions.length).toBeGreaterThan(result.operations / 50);
  expect(result.statuses.get('raise 200') ?? 0).toBeGreaterThan(result.operations / 50);
  return promotions.length;
}

describe('waitlist promotion under concurrency', () => {
  it.runIf(postgresServerUrl() !== null)(
    'serves the queue in order and never overbooks across three server processes sharing PostgreSQL',
    async () => {
      const database = await createPostgresDatabase(postgresServerUrl()!);
      const handle = await openDatabase({ kind: 'postgres', url: database.url });
      const servers: ServerProcess[] = [];
      try {
        await prepareDatabase(handle);
        const seeded = await seedQueue(handle);
        for (const port of [7411, 7412, 7413]) servers.push(await startServer({ DATABASE_URL: database.url }, port));
        const started = performance.now();
        const result = await hammerQueue(servers, seeded, QUEUE_OPERATIONS.postgres);
        expect(result.operations).toBeGreaterThanOrEqual(5000);
        const promoted = await verifyQueue(handle, seeded, result);
        console.log(
          `waitlist (PostgreSQL, 3 processes): ${result.operations} operations in ${((performance.now() - started) / 1000).toFixed(1)} s, ${promoted} promotions, ${JSON.stringify(Object.fromEntries(result.statuses))}, 0 overbooked, 0 skipped`,
        );
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await handle.close();
        await database.drop();
      }
    },
  );

  it('serves the queue in order and never overbooks in one process on PGlite', async () => {
    const directory = path.join(mkdtempSync(path.join(tmpdir(), 'pitchin-waitlist-')), 'pglite');
    let handle = await openDatabase({ kind: 'embedded', directory });
    await prepareDatabase(handle);
    const seeded = await seedQueue(handle);
    await handle.close();
    const server = await startServer({ DATA_DIR: path.dirname(directory) }, 7414);
    let result;
    try {
      result = await hammerQueue([server], seeded, QUEUE_OPERATIONS.embedded);
    } finally {
      await server.stop();
    }
    handle = await openDatabase({ kind: 'embedded', directory });
    try {
      const promoted = await verifyQueue(handle, seeded, result);
      console.log(
        `waitlist (PGlite, 1 process): ${result.operations} operations, ${promoted} promotions, ${JSON.stringify(Object.fromEntries(result.statuses))}`,
      );
    } finally {
      await handle.close();
    }
  });
});
