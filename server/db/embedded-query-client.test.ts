import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, interval, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedQueryClient, TYPES_DRIZZLE_READS_AS_TEXT } from './embedded-query-client';

const moments = pgTable('moments', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  localAt: timestamp('local_at').notNull(),
  day: date('day').notNull(),
  length: interval('length').notNull(),
  amounts: numeric('amounts').array().notNull(),
  ats: timestamp('ats', { withTimezone: true }).array().notNull(),
});

const CREATE_AND_FILL = `
  CREATE TABLE moments (
    id serial PRIMARY KEY, at timestamptz NOT NULL, local_at timestamp NOT NULL, day date NOT NULL,
    length interval NOT NULL, amounts numeric[] NOT NULL, ats timestamptz[] NOT NULL
  );
  INSERT INTO moments (at, local_at, day, length, amounts, ats) VALUES
    ('2026-11-28 09:30:00+00', '2026-11-28 09:30:00', '2026-11-28', '2 hours 30 minutes', '{1.5,2}',
     '{"2026-11-28 09:30:00+00","2026-12-01 18:00:00+00"}');`;

const EVERY_TYPE =
  'SELECT at, local_at, day, length, amounts, ats, ARRAY[local_at] AS local_ats, ARRAY[day] AS days, ARRAY[length] AS lengths FROM moments';

/** Another PGlite as PGlite comes, with drizzle on it as drizzle's documentation has it: the reference. */
let reference: PGlite;
let wrapped: PGlite;
/** The options each query of `wrapped` reached PGlite with, in a transaction or not. */
const optionsSeen: Array<QueryOptions | undefined> = [];

beforeAll(async () => {
  [reference, wrapped] = await Promise.all([PGlite.create(), PGlite.create()]);
  await Promise.all([reference.exec(CREATE_AND_FILL), wrapped.exec(CREATE_AND_FILL)]);
  const query = wrapped.query.bind(wrapped);
  wrapped.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    optionsSeen.push(options);
    return query(text, params, options);
  }) as PGlite['query'];
  const transaction = wrapped.transaction.bind(wrapped);
  wrapped.transaction = ((work: Parameters<PGlite['transaction']>[0]) =>
    transaction((inside) => {
      const insideQuery = inside.query.bind(inside);
      inside.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        optionsSeen.push(options);
        return insideQuery(text, params, options);
      }) as typeof inside.query;
      return work(inside);
    })) as PGlite['transaction'];
}, 60_000);

afterAll(async () => {
  await Promise.all([reference?.close(), wrapped?.close()]);
});

describe('the embedded database client drizzle is given', () => {
  it('is handed the parsers drizzle passes with each query, and no others', async () => {
    const handed: Array<QueryOptions | undefined> = [];
    const recording = {
      query: async (_text: string, _params?: unknown[], options?: QueryOptions) => {
        handed.push(options);
        return { rows: [], fields: [], affectedRows: 0 };
      },
      transaction: async () => undefined,
    };
    const db = drizzle({ client: recording as unknown as PGlite });
    await db.select().from(moments);
    await db.execute(sql`SELECT 1`);
    expect(handed).toHaveLength(2);
    for (const options of handed)
      expect(
        Object.keys(options?.parsers ?? {})
          .map(Number)
          .sort(),
      ).toEqual([...TYPES_DRIZZLE_READS_AS_TEXT].sort());
  });

  it('passes drizzle’s queries on without a parser table of their own, in and out of transactions, and reads what drizzle reads', async () => {
    const plain = drizzle({ client: reference });
    const db = drizzle({ client: createEmbeddedQueryClient(wrapped, types.arrayParser) as unknown as PGlite });
    optionsSeen.length = 0;
    const built = await db.select().from(moments);
    const raw = await db.execute(sql.raw(EVERY_TYPE));
    const inTransaction = await db.transaction(async (transaction) => transaction.select().from(moments));
    expect(optionsSeen.length).toBeGreaterThanOrEqual(3);
    expect(optionsSeen.filter((options) => options?.parsers !== undefined)).toEqual([]);

    expect(built).toEqual(await plain.select().from(moments));
    expect(built[0]!.at).toEqual(new Date('2026-11-28T09:30:00Z'));
    expect(inTransaction).toEqual(built);
    const rawReference = await plain.execute(sql.raw(EVERY_TYPE));
    expect(raw.rows).toEqual(rawReference.rows);
    expect(raw.rows[0]).toMatchObject({ at: '2026-11-28 09:30:00+00', day: '2026-11-28', length: '02:30:00' });
  });

  it('reads a query without parsers of its own as PGlite does by default: dates as Date, arrays of them too', async () => {
    const client = createEmbeddedQueryClient(wrapped, types.arrayParser);
    for (const rowMode of ['object', 'array'] as const) {
      const [ours, theirs] = await Promise.all([
        client.query(EVERY_TYPE, [], { rowMode }),
        reference.query(EVERY_TYPE, [], { rowMode }),
      ]);
      expect(ours.rows, rowMode).toEqual(theirs.rows);
    }
    const [row] = (await client.query<{ at: unknown; ats: unknown[]; amounts: unknown[] }>(EVERY_TYPE)).rows;
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.ats[1]).toEqual(new Date('2026-12-01T18:00:00Z'));
    expect(row!.amounts).toEqual(['1.5', '2']);
  });

  it('passes a query bringing parsers other than drizzle’s on as it is', async () => {
    const client = createEmbeddedQueryClient(wrapped, types.arrayParser);
    optionsSeen.length = 0;
    const options = { parsers: { [types.INT4]: (value: string) => `int ${value}` } };
    const { rows } = await client.query<{ id: unknown }>('SELECT id FROM moments', [], options);
    expect(rows[0]!.id).toBe('int 1');
    expect(optionsSeen).toEqual([options]);
  });
});
