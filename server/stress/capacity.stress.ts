import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import {
  copyMigratedDataDirectory,
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
    const directory = path.join(copyMigratedDataDirectory('pitchin-capacity-'), 'pglite');
    let handle = await openDatabase({ kind: 'embedded', directory });
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
    const directory = path.join(copyMigratedDataDirectory('pitchin-waitlist-'), 'pglite');
    let handle = await openDatabase({ kind: 'embedded', directory });
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

/**
 * Slots (decision 0027): sign-ups, withdrawals, capacity changes, waitlist joins and leaves racing on the
 * slots of a few events across three server processes, and one person asking for two overlapping slots at
 * once. Afterwards: no slot above its capacity, counters equal to their rows, nobody holding two
 * overlapping slots nor holding and waiting on one slot, no free place while someone who could take it
 * waits, the queue served first come first served, each `attending` RSVP held exactly by the holders of
 * a confirmed slot, and the events' slot totals equal to their slots.
 */
const SLOT_EVENTS = 8;
const SLOT_VOLUNTEERS = 160;
const SLOT_OPERATIONS = { postgres: 5200, embedded: 1000 };
/** Each event's slots as [start hour, length in hours]: two that overlap, two at the same time, and others. */
const SLOT_LAYOUT: Array<[number, number]> = [
  [0, 2],
  [1, 2],
  [2, 2],
  [4, 1],
  [4, 1],
  [6, 3],
];

type SlotOperation = 'signup' | 'withdraw' | 'join' | 'leave' | 'capacity' | 'pair';

async function seedSlots(handle: DatabaseHandle) {
  const query = (text: string, values: unknown[]) =>
    handle.db.execute(
      sql.raw(text.replace(/\$(\d+)/g, (_, index) => `'${String(values[Number(index) - 1]).replaceAll("'", "''")}'`)),
    );
  const users = await insertUsersWithSessions(query, SLOT_EVENTS + SLOT_VOLUNTEERS);
  const organizers = users.slice(0, SLOT_EVENTS);
  const events: Array<{
    id: number;
    organizerCookie: string;
    slots: Array<{ id: number; start: number; length: number }>;
  }> = [];
  for (let index = 0; index < SLOT_EVENTS; index += 1) {
    const [row] = await selectRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO events (title, description, location, date, category_id, organizer_id, max_attendees, search_vector)
          VALUES (${`Slots ${index}`}, 'stress', 'Braga', now() + interval '3 days', 1, ${organizers[index]!.id}, NULL, to_tsvector('simple', 'stress'))
          RETURNING id`,
    );
    const slots: Array<{ id: number; start: number; length: number }> = [];
    for (const [slotIndex, [start, length]] of SLOT_LAYOUT.entries()) {
      const [slot] = await selectRows<{ id: number }>(
        handle.db,
        sql`INSERT INTO slots (event_id, role, starts_at, ends_at, capacity)
            VALUES (${row!.id}, ${`Role ${slotIndex}`}, now() + interval '3 days' + make_interval(hours => ${start}),
                    now() + interval '3 days' + make_interval(hours => ${start + length}), ${1 + ((index + slotIndex) % 3)})
            RETURNING id`,
      );
      slots.push({ id: slot!.id, start, length });
    }
    await handle.db.execute(
      sql`UPDATE events SET slot_count = (SELECT count(*) FROM slots WHERE event_id = ${row!.id}),
            open_slot_places = (SELECT sum(capacity) FROM slots WHERE event_id = ${row!.id}),
            slot_places = (SELECT sum(capacity) FROM slots WHERE event_id = ${row!.id}) WHERE id = ${row!.id}`,
    );
    events.push({ id: row!.id, organizerCookie: organizers[index]!.cookie, slots });
  }
  return { volunteers: users.slice(SLOT_EVENTS), events };
}

async function hammerSlots(
  servers: ServerProcess[],
  seeded: Awaited<ReturnType<typeof seedSlots>>,
  operations: number,
) {
  const random = seededRandom(2027);
  const statuses = new Map<string, number>();
  const pairs = { bothTaken: 0, oneTaken: 0, noneTaken: 0 };
  const tasks: Array<() => Promise<void>> = [];
  const send = async (server: ServerProcess, method: string, path: string, cookie: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let operationCount = 0;
  for (let index = 0; operationCount < operations; index += 1) {
    const event = seeded.events[Math.floor(random() * seeded.events.length)]!;
    const slot = event.slots[Math.floor(random() * event.slots.length)]!;
    const roll = random();
    const operation: SlotOperation =
      roll < 0.3
        ? 'signup'
        : roll < 0.55
          ? 'withdraw'
          : roll < 0.78
            ? 'join'
            : roll < 0.85
              ? 'leave'
              : roll < 0.92
                ? 'capacity'
                : 'pair';
    const volunteer = seeded.volunteers[Math.floor(random() * seeded.volunteers.length)]!;
    const server = servers[index % servers.length]!;
    const path = `/api/slots/${slot.id}`;
    if (operation === 'pair') {
      // The first two slots overlap: asked for at once, through two different processes, one may win.
      const other = servers[(index + 1) % servers.length]!;
      const [first, second] = [event.slots[0]!, event.slots[1]!];
      operationCount += 2;
      tasks.push(async () => {
        const results = await Promise.all([
          send(server, 'POST', `/api/slots/${first.id}/signup`, volunteer.cookie),
          send(other, 'POST', `/api/slots/${second.id}/signup`, volunteer.cookie),
        ]);
        for (const status of results) count(`pair ${status}`);
        const taken = results.filter((status) => status === 201).length;
        if (taken === 2) pairs.bothTaken += 1;
        else if (taken === 1) pairs.oneTaken += 1;
        else pairs.noneTaken += 1;
      });
      continue;
    }
    operationCount += 1;
    tasks.push(async () => {
      let status: number;
      if (operation === 'signup') status = await send(server, 'POST', `${path}/signup`, volunteer.cookie);
      else if (operation === 'withdraw') status = await send(server, 'DELETE', `${path}/signup`, volunteer.cookie);
      else if (operation === 'join') status = await send(server, 'POST', `${path}/waitlist`, volunteer.cookie);
      else if (operation === 'leave') status = await send(server, 'DELETE', `${path}/waitlist`, volunteer.cookie);
      else
        status = await send(server, 'PATCH', path, event.organizerCookie, { capacity: 1 + Math.floor(random() * 5) });
      count(`${operation} ${status}`);
    });
  }
  await runWithConcurrency(tasks, 48);
  return { statuses, operations: operationCount, pairs };
}

async function verifySlots(handle: DatabaseHandle, result: Awaited<ReturnType<typeof hammerSlots>>) {
  const unexpected = [...result.statuses.keys()].filter(
    (key) =>
      !/^(signup (201|409)|pair (201|409)|withdraw (204|404)|join (201|409)|leave (204|404)|capacity (200|409))$/.test(
        key,
      ),
  );
  expect(unexpected, JSON.stringify(Object.fromEntries(result.statuses))).toEqual([]);
  const slotRows = await selectRows<{
    id: number;
    capacity: number;
    signup_count: number;
    pending_count: number;
    confirmed_rows: number;
    pending_rows: number;
    waiting: number;
  }>(
    handle.db,
    sql`SELECT s.id, s.capacity, s.signup_count, s.pending_count,
          (SELECT count(*)::int FROM slot_signups m WHERE m.slot_id = s.id AND m.status = 'confirmed') AS confirmed_rows,
          (SELECT count(*)::int FROM slot_signups m WHERE m.slot_id = s.id AND m.status = 'pending') AS pending_rows,
          (SELECT count(*)::int FROM slot_waitlist_entries w WHERE w.slot_id = s.id) AS waiting
        FROM slots s JOIN events e ON e.id = s.event_id WHERE e.title LIKE 'Slots %'`,
  );
  expect(slotRows).toHaveLength(SLOT_EVENTS * SLOT_LAYOUT.length);
  let overbooked = 0;
  for (const row of slotRows) {
    if (row.confirmed_rows + row.pending_rows > row.capacity) overbooked += 1;
    expect(row.signup_count, `slot ${row.id} counter`).toBe(row.confirmed_rows);
    expect(row.pending_count, `slot ${row.id} pending counter`).toBe(row.pending_rows);
  }
  const [overlaps] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM slot_signups a JOIN slots sa ON sa.id = a.slot_id
        JOIN slot_signups b ON b.user_id = a.user_id AND b.slot_id > a.slot_id JOIN slots sb ON sb.id = b.slot_id
        WHERE sa.starts_at < sb.ends_at AND sb.starts_at < sa.ends_at`,
  );
  const [holdingAndWaiting] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM slot_waitlist_entries w JOIN slot_signups m ON m.slot_id = w.slot_id AND m.user_id = w.user_id`,
  );
  // A free place while someone waits who holds no overlapping slot is a person skipped.
  const [skipped] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM slot_waitlist_entries w JOIN slots s ON s.id = w.slot_id
        WHERE s.signup_count + s.pending_count < s.capacity
          AND NOT EXISTS (SELECT 1 FROM slot_signups m JOIN slots o ON o.id = m.slot_id
                          WHERE m.user_id = w.user_id AND o.starts_at < s.ends_at AND s.starts_at < o.ends_at)`,
  );
  // Attending is held exactly by the holders of a confirmed slot of the event.
  const [attendingMismatch] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM (
          SELECT r.event_id, r.user_id FROM rsvps r JOIN events e ON e.id = r.event_id
          WHERE e.title LIKE 'Slots %' AND r.status = 'attending'
          EXCEPT
          SELECT s.event_id, m.user_id FROM slot_signups m JOIN slots s ON s.id = m.slot_id WHERE m.status = 'confirmed'
        ) extra`,
  );
  const [missingAttending] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM (
          SELECT s.event_id, m.user_id FROM slot_signups m JOIN slots s ON s.id = m.slot_id WHERE m.status = 'confirmed'
          EXCEPT
          SELECT r.event_id, r.user_id FROM rsvps r WHERE r.status = 'attending'
        ) missing`,
  );
  const [totalsMismatch] = await selectRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM events e WHERE e.title LIKE 'Slots %' AND (
          e.slot_count <> (SELECT count(*) FROM slots s WHERE s.event_id = e.id)
          OR e.open_slot_places <> (SELECT coalesce(sum(capacity - signup_count - pending_count), 0) FROM slots s WHERE s.event_id = e.id)
          OR e.rsvp_count <> (SELECT count(*) FROM rsvps r WHERE r.event_id = e.id))`,
  );
  const promotions = await selectRows<{ slot_id: number; user_id: string }>(
    handle.db,
    sql`SELECT (payload->>'slotId')::int AS slot_id, recipient_ids[1] AS user_id FROM event_changes
        WHERE type = 'waitlist_promoted' AND payload ? 'slotId' ORDER BY id`,
  );
  expect({
    overbooked,
    skipped: Number(skipped!.count),
    overlapping: Number(overlaps!.count),
    holdingAndWaiting: Number(holdingAndWaiting!.count),
    attendingWithoutSlot: Number(attendingMismatch!.count),
    slotWithoutAttending: Number(missingAttending!.count),
    totalsMismatch: Number(totalsMismatch!.count),
    overlappingPairsBothTaken: result.pairs.bothTaken,
  }).toEqual({
    overbooked: 0,
    skipped: 0,
    overlapping: 0,
    holdingAndWaiting: 0,
    attendingWithoutSlot: 0,
    slotWithoutAttending: 0,
    totalsMismatch: 0,
    overlappingPairsBothTaken: 0,
  });
  // The races must really have happened: places freed and given to the queue, pairs where one won.
  expect(promotions.length).toBeGreaterThan(result.operations / 100);
  expect(result.pairs.oneTaken).toBeGreaterThan(0);
  expect(result.statuses.get('capacity 200') ?? 0).toBeGreaterThan(result.operations / 50);
  return promotions.length;
}

describe('slot capacity, overlap and queues under concurrency', () => {
  it.runIf(postgresServerUrl() !== null)('hold across three server processes sharing PostgreSQL', async () => {
    const database = await createPostgresDatabase(postgresServerUrl()!);
    const handle = await openDatabase({ kind: 'postgres', url: database.url });
    const servers: ServerProcess[] = [];
    try {
      await prepareDatabase(handle);
      const seeded = await seedSlots(handle);
      for (const port of [6105, 6106, 6107]) servers.push(await startServer({ DATABASE_URL: database.url }, port));
      const started = performance.now();
      const result = await hammerSlots(servers, seeded, SLOT_OPERATIONS.postgres);
      expect(result.operations).toBeGreaterThanOrEqual(5000);
      const promoted = await verifySlots(handle, result);
      console.log(
        `slots (PostgreSQL, 3 processes): ${result.operations} operations in ${((performance.now() - started) / 1000).toFixed(1)} s, ${promoted} promotions, overlapping pairs ${JSON.stringify(result.pairs)}, ${JSON.stringify(Object.fromEntries(result.statuses))}, 0 overbooked, 0 skipped`,
      );
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await handle.close();
      await database.drop();
    }
  });

  it('hold in one process on PGlite', async () => {
    const directory = path.join(copyMigratedDataDirectory('pitchin-slots-'), 'pglite');
    let handle = await openDatabase({ kind: 'embedded', directory });
    const seeded = await seedSlots(handle);
    await handle.close();
    const server = await startServer({ DATA_DIR: path.dirname(directory) }, 6108);
    let result;
    try {
      result = await hammerSlots([server], seeded, SLOT_OPERATIONS.embedded);
    } finally {
      await server.stop();
    }
    handle = await openDatabase({ kind: 'embedded', directory });
    try {
      const promoted = await verifySlots(handle, result);
      console.log(
        `slots (PGlite, 1 process): ${result.operations} operations, ${promoted} promotions, ${JSON.stringify(Object.fromEntries(result.statuses))}`,
      );
    } finally {
      await handle.close();
    }
  });
});
