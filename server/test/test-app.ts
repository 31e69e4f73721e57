import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Event } from '../../contract/events';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { markEmailVerified } from '../modules/email-verification/email-verification.repository';
import { rateLimitCounters } from '../db/schema';
import { daysFromNow } from './fixtures';
import { createTestDatabase, readMigratedSnapshot } from './migrated-snapshot';
import { testDatabaseUrl } from './test-environment';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: DatabaseHandle; config: Config };

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL / DATABASE_URL (dropped again on close).
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = testDatabaseUrl();
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const created = await createTestDatabase(serverUrl, inject('migratedTemplateDatabase'));
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/pitchin-test-unused',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/tmp/pitchin-test-no-web',
    // Whether dist/web-ssr happens to be built must not change what a test sees; tests of server
    // rendering turn it on with a renderer of their own (plugins/web.test.ts).
    SERVER_RENDERING: 'false',
    ...overrides,
  });
  const snapshot = databaseUrl ? undefined : readMigratedSnapshot(inject('migratedSnapshotPath'));
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'embedded', directory: 'memory://' },
    snapshot ? { loadDataDir: snapshot } : {},
  );
  await prepareDatabase(database);
  return startAppOn(database, config, dropDatabase);
}

/**
 * Another app on `app`'s PostgreSQL database with a pool of its own, as a second server process opens one.
 * `databaseOptions` set that pool up (a shorter statement timeout); closing the app closes the pool.
 */
export async function createSecondApp(
  app: TestApp,
  databaseOptions: Parameters<typeof openDatabase>[1] = {},
): Promise<TestApp> {
  return startAppOn(await openDatabase(app.config.database, databaseOptions), app.config);
}

/** An app on `database` whose close() closes the database too, then runs `afterClose`. */
async function startAppOn(
  database: DatabaseHandle,
  config: Config,
  afterClose: () => Promise<void> = async () => {},
): Promise<TestApp> {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const originalClose = app.close.bind(app);
  return Object.assign(app, {
    database,
    config,
    close: async () => {
      await originalClose();
      await database.close();
      await afterClose();
    },
  }) as unknown as TestApp;
}

let userCounter = 0;

/** Signs up a new user through the API and returns its cookie header for later calls. */
export async function signUpUser(
  app: TestApp,
  fields: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  userCounter += 1;
  const body = {
    email: fields.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.org`,
    password: fields.password ?? 'correct horse battery',
    firstName: fields.firstName ?? `First${userCounter}`,
    lastName: fields.lastName ?? `Last${userCounter}`,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    remoteAddress: `10.9.${userCounter % 250}.${(userCounter * 7) % 250}`,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // `__Host-pitchin_session` when the app runs with an https PUBLIC_URL.
  const cookie = response.cookies.find(
    (item) => item.name === 'pitchin_session' || item.name === '__Host-pitchin_session',
  );
  if (!cookie) throw new Error('no session cookie');
  const user = response.json() as { id: string; email: string; firstName: string; lastName: string };
  return { user, cookie: `${cookie.name}=${cookie.value}`, password: body.password };
}

/**
 * Marks a test account's address verified, as opening its verification link would
 * (email-verification.test.ts follows the link itself): only verified accounts write to addresses with no account.
 */
export async function verifyEmailOf(app: TestApp, user: { id: string; email: string }): Promise<void> {
  if (!(await markEmailVerified(app.database.db, user.id, user.email.trim().toLowerCase())))
    throw new Error(`could not verify ${user.email}`);
}

/** signUpUser, with the address verified: for tests whose user writes to addresses that have no account. */
export async function signUpVerifiedUser(app: TestApp, fields: Parameters<typeof signUpUser>[1] = {}) {
  const person = await signUpUser(app, fields);
  await verifyEmailOf(app, person.user);
  return person;
}

export type SignedUpUser = Awaited<ReturnType<typeof signUpUser>>;

/** Signs up `howMany` people, ten at a time: each sign-up hashes a password, which is deliberately expensive. */
export async function signUpMany(app: TestApp, howMany: number): Promise<SignedUpUser[]> {
  const users: SignedUpUser[] = [];
  for (let start = 0; start < howMany; start += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, howMany - start) }, () => signUpUser(app)))));
  }
  return users;
}

/**
 * Creates an event through the API as the user of `cookie` and returns the answer; `fields` override the
 * defaults. The write limits are cleared first, so a test's fixtures never meet the hourly limit of events.
 */
export async function createEvent(app: TestApp, cookie: string, fields: Record<string, unknown> = {}): Promise<Event> {
  await app.database.db.delete(rateLimitCounters);
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie },
    payload: {
      title: 'River cleanup',
      description: 'Gloves provided',
      location: 'Porto',
      date: daysFromNow(6).toISOString(),
      categoryId: 1,
      ...fields,
    },
  });
  if (response.statusCode !== 201) throw new Error(`event creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as Event;
}
