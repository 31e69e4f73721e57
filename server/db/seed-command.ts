import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { prepareDatabase } from './migrate';
import { bulkSeedDefaults, seedBulk } from './seed-bulk';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo';

const USAGE = `Usage: npm run seed -- [--demo] [--events N [--users M] [--rsvps R] [--ratings K] [--messages P] [--fk-checks]]

  --demo        the demo data of a first start (only into an empty database)
  --events N    benchmark data: N events; by default users = N/10, rsvps = 10N, ratings = 2N, messages = N
  --fk-checks   keep the per-row foreign-key checks (skipped by default when connected as a superuser)
Seeds the database the server is configured for (DATABASE_URL, else the embedded one in DATA_DIR).`;

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      events: { type: 'string' },
      users: { type: 'string' },
      rsvps: { type: 'string' },
      ratings: { type: 'string' },
      messages: { type: 'string' },
      'fk-checks': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const events = positiveInteger('events', values.events);
  if (values.help || (!values.demo && events === undefined)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const where =
      config.database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.database.directory}`;
    await prepareDatabase(database);
    if (values.demo) {
      const started = performance.now();
      const { seeded } = await seedDemoDataIfEmpty(database.db);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      console.log(
        seeded
          ? `Demo data seeded into ${where} in ${seconds} s. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}.`
          : `Demo data skipped: ${where} already has users.`,
      );
    }
    if (events !== undefined) {
      const options = bulkSeedDefaults(events, {
        users: positiveInteger('users', values.users),
        rsvps: positiveInteger('rsvps', values.rsvps),
        ratings: positiveInteger('ratings', values.ratings),
        messages: positiveInteger('messages', values.messages),
      });
      console.log(
        `Seeding ${where}: ${options.events} events, ${options.users} users, up to ${options.rsvps} RSVPs, ${options.ratings} ratings, ${options.messages} messages…`,
      );
      // The startup lock's connection has no per-query time-out (the pool's 15 s suits requests, not
      // a million-row INSERT … SELECT), and it keeps a starting server from migrating meanwhile.
      const result = await database.withStartupLock((db) =>
        seedBulk(db, options, {
          onPhase: (name, ms) => console.log(`  ${name}: ${ms} ms`),
          checkForeignKeys: values['fk-checks'],
        }),
      );
      console.log(
        `Done in ${(result.milliseconds / 1000).toFixed(2)} s (run ${result.runTag}): ${result.users} users, ${result.events} events, ${result.rsvps} RSVPs, ${result.ratings} ratings, ${result.messages} messages.`,
      );
      console.log(
        `Phases (ms): ${Object.entries(result.phases)
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
      );
      console.log(
        `Benchmark users sign in as bench-${result.runTag}-1@bench.pitchin.app … with the password ${DEMO_PASSWORD}.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
