import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';
import { createEventRow } from '../test/fixtures';
import { selectRows } from './client';
import { vacuumAndAnalyze } from './maintenance';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('embedded database maintenance', () => {
  it('gives the planner statistics, including the search words the event search plans from', async () => {
    const organizer = await signUpUser(app);
    for (let index = 0; index < 20; index += 1)
      await createEventRow(app.database.db, { organizerId: organizer.user.id, title: `Riverbank planting ${index}` });
    await vacuumAndAnalyze(app.database.db);
    const rows = await selectRows<{ words: string[] | null }>(
      app.database.db,
      sql`SELECT most_common_elems::text::text[] AS words FROM pg_stats WHERE tablename = 'events' AND attname = 'search_vector'`,
    );
    expect(rows[0]?.words).toContain('riverbank');
  });
});
