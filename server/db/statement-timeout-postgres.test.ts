import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondApp, createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../test/test-app';

/*
 * Run only against PostgreSQL (vitest.config.ts includes *-postgres.test.ts when DATABASE_URL is set, as in the
 * PostgreSQL pass of .ci/run): a statement timeout and a second connection holding a lock need a server.
 */

const SHORT_STATEMENT_TIMEOUT_MS = 400;

let app: TestApp;
let person: SignedUpUser;
let shortApp: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  person = await signUpUser(app, { firstName: 'Before' });
  // A second pool on the same database, as a second server process would open, with a statement timeout short
  // enough for a test to wait it out.
  shortApp = await createSecondApp(app, { statementTimeoutMs: SHORT_STATEMENT_TIMEOUT_MS });
});
afterAll(async () => {
  await shortApp?.close();
  await app?.close();
});

/** Straight from the table: each app keeps its own short cache of signed-in users. */
async function readFirstName(client: pg.Client): Promise<string> {
  const result = await client.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [
    person.user.id,
  ]);
  return result.rows[0]!.first_name;
}

function renameThroughShortPool(firstName: string) {
  return shortApp.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: { cookie: person.cookie },
    payload: { firstName },
  });
}

describe('a statement that waits longer than the statement timeout', () => {
  it('answers 503 with Retry-After, writes nothing once the lock is free, and leaves the pool clean for the next request', async () => {
    if (app.config.database.kind !== 'postgres') throw new Error('this file runs on PostgreSQL only');
    const locker = new pg.Client({ connectionString: app.config.database.url });
    await locker.connect();
    try {
      // Another transaction holds the person's row, as a long write would.
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [person.user.id]);
      const blocked = await renameThroughShortPool('During');
      expect(blocked.statusCode, blocked.body).toBe(503);
      expect(blocked.headers['retry-after']).toBe('5');
      await locker.query('COMMIT');

      // A statement only the client had given up on would run now that the row is free: it would change the name
      // after its caller was told it failed, or leave its transaction open on a pooled connection, holding the row.
      // Until it has run it is still listed as active, so the two checks together need no wait.
      expect(await readFirstName(locker)).toBe('Before');
      const stillWaiting = await locker.query<{ state: string }>(
        `SELECT state FROM pg_stat_activity
          WHERE datname = current_database() AND state <> 'idle' AND query ILIKE 'update "users"%'`,
      );
      expect(stillWaiting.rows).toEqual([]);

      // The same pool, its connections reused, serves the next request at once.
      const after = await renameThroughShortPool('After');
      expect(after.statusCode, after.body).toBe(200);
      expect(await readFirstName(locker)).toBe('After');
    } finally {
      await locker.end();
    }
  });
});
