import { mkdirSync } from 'node:fs';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import { lockEmbeddedDirectory } from './embedded-lock';
import { createEmbeddedQueryClient } from './embedded-query-client';
import * as schema from './schema';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service decides where the transaction boundary is. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'embedded';
  /** Runs `work` while holding a cluster-wide lock, so concurrent starts migrate and seed once. */
  withStartupLock<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` committed by any process (PostgreSQL), or by this
   * process (PGlite, which is one process). `onReconnect` runs after a lost LISTEN connection is back,
   * since whatever was sent meanwhile is gone. Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (for /metrics); null on the embedded database, which has none. */
  poolStatistics(): { total: number; idle: number; waiting: number } | null;
  /** The embedded database's PGlite client (backups: dumpDataDir); null on PostgreSQL. */
  embeddedClient: PGlite | null;
};

const STARTUP_LOCK_KEY = 7_406_221;
/**
 * PostgreSQL itself ends a statement that runs longer than this (SQLSTATE 57014), so the error comes back on its
 * connection and the transaction rolls back there. The client-side query_timeout alone left the statement running
 * on the server: a write reported as failed could still commit when its lock came free, and the pool handed the
 * connection, still busy with it and with the rollback queued behind, to the next request, whose queries then
 * timed out in turn.
 */
const STATEMENT_TIMEOUT_MS = 15_000;
const EMBEDDED_SHARED_BUFFERS = '8MB';

/**
 * `loadDataDir`: a backup tarball to load into an empty embedded directory (npm run restore).
 * `statementTimeoutMs`: PostgreSQL's statement timeout for the pool's connections (tests shorten it).
 */
export async function openDatabase(
  database: Config['database'],
  options: { loadDataDir?: Blob; statementTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  if (database.kind === 'embedded') {
    const isInMemory = database.directory.startsWith('memory://');
    if (!isInMemory) mkdirSync(database.directory, { recursive: true });
    const releaseLock = isInMemory ? () => {} : lockEmbeddedDirectory(database.directory);
    // Loaded only for the embedded database: a server on PostgreSQL never pays for the WebAssembly build.
    const [{ PGlite: PGliteClass, types }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    // PGlite is one connection per process: this is the only place that opens the directory.
    let client: PGlite;
    try {
      client = await PGliteClass.create({
        dataDir: database.directory,
        extensions: { pg_trgm },
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        // PostgreSQL's default 128 MB of shared buffers is zeroed at start, so it is all resident at once:
        // 16 MB took the embedded server from about 370 to about 250 MB, and 8 MB about 8 MB more, with no
        // measured loss of speed (the server must stay under 200 MB). The operating system's file cache still holds
        // the rest of the data files.
        startParams: [...PGliteClass.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
      });
    } catch (error) {
      releaseLock();
      throw error;
    }
    const db = drizzlePglite({
      client: createEmbeddedQueryClient(client, types.arrayParser) as unknown as PGlite,
      schema,
    }) as unknown as Database;
    return {
      db,
      kind: 'embedded',
      withStartupLock: (work) => work(db),
      listen: async (channel, onPayload) => client.listen(channel, onPayload),
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
      poolStatistics: () => null,
      embeddedClient: client,
    };
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    // A query stuck behind a dead server must fail fast enough for the 503 that says the database is unavailable.
    // Later than the statement timeout, so that a server that answers always ends the statement first.
    query_timeout: statementTimeoutMs + 5_000,
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
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(database.url, channel, onPayload, onReconnect),
    close: () => pool.end(),
    poolStatistics: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    embeddedClient: null,
  };
}

const LISTEN_RETRY_MS = 1_000;

/**
 * One dedicated connection per process for LISTEN (a pooled client would lose its LISTEN when returned).
 * A dropped connection is reopened every LISTEN_RETRY_MS until it is back.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let isStopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const reconnectLater = () => {
      if (isStopped || client !== next) return;
      client = null;
      next.end().catch(() => {});
      retryTimer = setTimeout(() => void connect(true).catch(() => {}), LISTEN_RETRY_MS);
      retryTimer.unref();
    };
    next.on('error', reconnectLater);
    next.on('end', reconnectLater);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (!isReconnect) {
        client = null;
        await next.end().catch(() => {});
        throw error;
      }
      reconnectLater();
      return;
    }
    if (isStopped) await next.end().catch(() => {});
    else if (isReconnect) onReconnect?.();
  };
  await connect(false);
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/** Both drivers answer raw SQL with `{ rows }`; the generic PgDatabase type cannot say so. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** One statement's name per text: PostgreSQL then parses and plans it once per connection, not per request. */
const statementNames = new Map<string, string>();

/**
 * Runs a read as a named prepared statement on PostgreSQL (the text is parsed once per connection) and
 * returns its rows as arrays, with no object built per row. On the embedded database, which prepares
 * nothing across calls, it is a plain parameterised query. Takes the database, never a transaction: a
 * prepared read belongs to no transaction of its caller.
 */
export async function selectPrepared(db: Database, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    let name = statementNames.get(text);
    if (name === undefined) {
      name = `read_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    const result = await client.query<unknown[]>({ name, text, values, rowMode: 'array' });
    return result.rows;
  }
  const result = await (client as PGlite).query<unknown[]>(text, values, { rowMode: 'array' });
  return result.rows;
}
