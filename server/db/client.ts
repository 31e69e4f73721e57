import { mkdirSync } from 'node:fs';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service decides where the transaction boundary is. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'embedded';
  /** Runs `work` while holding a cluster-wide lock, so concurrent starts migrate and seed once. */
  withStartupLock<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const STARTUP_LOCK_KEY = 7_406_221;
const EMBEDDED_SHARED_BUFFERS = '8MB';

export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'embedded') {
    const isInMemory = database.directory.startsWith('memory://');
    if (!isInMemory) mkdirSync(database.directory, { recursive: true });
    // Loaded only for the embedded database: a server on PostgreSQL never pays for the WebAssembly build.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    // PGlite is one connection per process: this is the only place that opens the directory.
    const client = await PGlite.create({
      dataDir: database.directory,
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers is zeroed at start, so it is all resident at once:
      // 16 MB took the embedded server from about 370 to about 250 MB, and 8 MB about 8 MB more, with no
      // measured loss of speed (issue 6: at most 200 MB). The operating system's file cache still holds
      // the rest of the data files.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'embedded',
      withStartupLock: (work) => work(db),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query stuck behind a dead server must fail fast enough for the 503 of decisions §2.
    query_timeout: 15_000,
  });
  // An idle client that loses its server emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async withStartupLock(work) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        const lockedDb = drizzleNodePostgres(client, { schema }) as unknown as Database;
        return await work(lockedDb);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

/** Both drivers answer raw SQL with `{ rows }`; the generic PgDatabase type cannot say so. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
