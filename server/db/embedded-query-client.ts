import type { PGlite, QueryOptions, Results, Transaction, types } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;

/**
 * The types drizzle's PGlite session reads as the database's text, for its own column mapping: timestamp,
 * timestamptz, interval and date, and the arrays of numeric, timestamp, timestamptz, interval and date, here
 * with their element types (drizzle-orm/pglite/session.js; `embedded-query-client.test.ts` fails when
 * drizzle's list changes).
 */
const SCALARS_DRIZZLE_READS_AS_TEXT = [1114, 1184, 1186, 1082];
const ARRAYS_DRIZZLE_READS_AS_TEXT = new Map([
  [1231, 1700],
  [1115, 1114],
  [1185, 1184],
  [1187, 1186],
  [1182, 1082],
]);
export const TYPES_DRIZZLE_READS_AS_TEXT: readonly number[] = [
  ...SCALARS_DRIZZLE_READS_AS_TEXT,
  ...ARRAYS_DRIZZLE_READS_AS_TEXT.keys(),
];

const keepText: Parser = (value) => value;

type Runner = Pick<PGlite | Transaction, 'query'>;

/** What drizzle's PGlite driver calls: `query`, and `transaction` for its transactions. */
export type EmbeddedQueryClient = {
  query: Runner['query'];
  transaction<T>(work: (transaction: Runner) => Promise<T>): Promise<T>;
};

/** PGlite's own parsers of those types, taken once per client: after that its table holds drizzle's. */
const defaultParsersOf = new WeakMap<PGlite, Map<number, Parser>>();

function takeDefaultParsers(client: PGlite, arrayParser: (typeof types)['arrayParser']): Map<number, Parser> {
  const taken = defaultParsersOf.get(client);
  if (taken) return taken;
  const defaultParsers = new Map<number, Parser>(
    SCALARS_DRIZZLE_READS_AS_TEXT.map((type) => [type, client.parsers[type] as Parser]),
  );
  for (const [arrayType, elementType] of ARRAYS_DRIZZLE_READS_AS_TEXT) {
    // PGlite's own array parsers look their element's parser up in the table when they run, where it is
    // now drizzle's: these keep PGlite's default.
    const parseElement = (client.parsers[elementType] ?? keepText) as Parser;
    defaultParsers.set(arrayType, (value) => arrayParser(value, parseElement, arrayType));
  }
  for (const type of TYPES_DRIZZLE_READS_AS_TEXT) client.parsers[type] = keepText;
  defaultParsersOf.set(client, defaultParsers);
  return defaultParsers;
}

/**
 * drizzle hands PGlite its parsers with every query, and PGlite then copies its whole parser table (318
 * types, every array type included) into a new object for each such query before it reads a row: measured,
 * a one-row read by primary key took 407 µs that way and 217 µs without (docs/benchmarks.md). So the client
 * drizzle is given sets those parsers on the table once and passes drizzle's queries on without them.
 * A query that brings no parsers (`selectPrepared`) still gets those types as PGlite makes them by default
 * (a Date for a timestamp), converted from the text; one that brings other parsers is passed on as it is.
 */
export function createEmbeddedQueryClient(
  client: PGlite,
  arrayParser: (typeof types)['arrayParser'],
): EmbeddedQueryClient {
  const defaultParsers = takeDefaultParsers(client, arrayParser);
  const bringsOnlyDrizzleParsers = (parsers: NonNullable<QueryOptions['parsers']>) =>
    Object.keys(parsers).every((type) => defaultParsers.has(Number(type)));

  const parseAsByDefault = <Row>(results: Results<Row>, rowMode: QueryOptions['rowMode']): Results<Row> => {
    const columns = results.fields.flatMap((field, index) => {
      const parse = defaultParsers.get(field.dataTypeID);
      return parse ? [{ key: rowMode === 'array' ? index : field.name, parse, type: field.dataTypeID }] : [];
    });
    if (columns.length === 0) return results;
    for (const row of results.rows as Array<Record<string | number, unknown>>)
      for (const { key, parse, type } of columns) {
        const value = row[key];
        if (typeof value === 'string') row[key] = parse(value, type);
      }
    return results;
  };

  const wrap = (runner: Runner): Runner => ({
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>> {
      if (options?.parsers === undefined)
        return parseAsByDefault(await runner.query<Row>(text, params, options), options?.rowMode);
      if (!bringsOnlyDrizzleParsers(options.parsers)) return runner.query<Row>(text, params, options);
      return runner.query<Row>(text, params, { ...options, parsers: undefined });
    },
  });
  return {
    ...wrap(client),
    transaction: (work) => client.transaction((transaction) => work(wrap(transaction))),
  };
}
