import { PGlite, types } from '@electric-sql/pglite';
import { eq, gt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createEmbeddedQueryClient } from '../server/db/embedded-query-client';

/**
 * `npm run bench:embedded-query`: what one read costs through drizzle on the embedded database, on PGlite's
 * own client (drizzle hands it its parsers with every query) and on the client the server gives drizzle
 * (server/db/embedded-query-client.ts). Two databases in one process, the same rows, rounds interleaved;
 * every read asks for another key.
 */
const people = pgTable('people', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
});
const FILL = `CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL, joined_at timestamptz NOT NULL);
  INSERT INTO people SELECT g, 'Person ' || g, now() - g * interval '1 hour' FROM generate_series(1, 10000) g;`;
const READS = 10_000;
const ROUNDS = 3;

const [plainClient, ourClient] = await Promise.all([PGlite.create(), PGlite.create()]);
await Promise.all([plainClient.exec(FILL), ourClient.exec(FILL)]);
const databases = {
  'PGlite client': drizzle({ client: plainClient }),
  'embedded query client': drizzle({
    client: createEmbeddedQueryClient(ourClient, types.arrayParser) as unknown as PGlite,
  }),
};

async function timeReads(db: (typeof databases)[keyof typeof databases], rowsPerRead: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < READS; index += 1) {
    const key = 1 + ((index * 7_919) % 9_970);
    if (rowsPerRead === 1) await db.select().from(people).where(eq(people.id, key));
    else await db.select().from(people).where(gt(people.id, key)).orderBy(people.id).limit(rowsPerRead);
  }
  return ((performance.now() - started) / READS) * 1000;
}

const results: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < ROUNDS; round += 1)
  for (const rowsPerRead of [1, 20])
    for (const [name, db] of Object.entries(databases)) {
      const microseconds = await timeReads(db, rowsPerRead);
      ((results[`${rowsPerRead} row(s) a read`] ??= {})[name] ??= []).push(Math.round(microseconds));
    }
console.log(JSON.stringify({ readsPerRound: READS, microsecondsPerRead: results }, null, 2));
await Promise.all([plainClient.close(), ourClient.close()]);
