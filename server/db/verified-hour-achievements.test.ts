import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow } from '../test/fixtures';
import { seedCatalogue } from './catalogue';
import { type DatabaseHandle, openDatabase } from './client';
import { migrationsFolder } from './migrate';
import { achievements, userAchievements, users } from './schema';

const MIGRATION = '0016_verified_hour_achievements';
const HOUR_MS = 60 * 60 * 1000;

let handle: DatabaseHandle;
let folderBefore: string;

/** The migrations folder as it was before this one, so a database can stand where existing ones stood. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pitchin-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const migrateWith = (folder: string) =>
  migrate(handle.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder: folder });

beforeAll(async () => {
  handle = await openDatabase({ kind: 'embedded', directory: 'memory://' });
  folderBefore = migrationsBefore(MIGRATION);
  await migrateWith(folderBefore);
  await seedCatalogue(handle.db);
});

afterAll(async () => {
  await handle.close();
  rmSync(folderBefore, { recursive: true, force: true });
});

describe('the migration of hour achievements to verified hours', () => {
  it('counts verified hours: unlocks what they reach, takes back what only planned hours reached', async () => {
    const db = handle.db;
    // The rows are written in SQL of the tables as they stood before the migration: the schema module
    // describes today's tables, whose later columns do not exist yet here.
    await db.execute(sql`INSERT INTO users (id, email) VALUES
      ('organizer', 'organizer@example.org'), ('verified', 'verified@example.org'),
      ('planned', 'planned@example.org'), ('untouched', 'untouched@example.org')`);
    const hourAchievements = await db
      .select({ id: achievements.id, name: achievements.name })
      .from(achievements)
      .where(eq(achievements.metric, 'volunteerHours'));
    const idOf = (name: string) => hourAchievements.find((achievement) => achievement.name === name)!.id;
    // Four separate three-hour events attended: twelve verified hours.
    for (let index = 0; index < 4; index += 1) {
      const date = new Date(daysFromNow(-20).getTime() + index * 24 * HOUR_MS);
      await db.execute(sql`WITH event AS (
          INSERT INTO events (title, description, location, date, category_id, organizer_id, search_vector, rsvp_count)
          VALUES ('Beach cleanup', 'Bring gloves.', 'Lisbon', ${date.toISOString()}::timestamptz, 1, 'organizer',
                  to_tsvector('simple', 'beach cleanup'), 1)
          RETURNING id)
        INSERT INTO rsvps (event_id, user_id, status, attended) SELECT id, 'verified', 'attending', true FROM event`);
    }
    const unlockedBefore = new Date('2026-01-05T10:00:00Z').toISOString();
    // Counted on planned hours before: in progress for one, unlocked for the other.
    await db.execute(sql`INSERT INTO user_achievements (user_id, achievement_id, progress, unlocked_at) VALUES
      ('verified', ${idOf('Helping Hand')}, 6, NULL),
      ('planned', ${idOf('Helping Hand')}, 30, ${unlockedBefore}::timestamptz),
      ('planned', ${idOf('Time Giver')}, 30, NULL)`);

    await migrateWith(migrationsFolder);

    const rows = await db
      .select({
        userId: userAchievements.userId,
        achievementId: userAchievements.achievementId,
        progress: userAchievements.progress,
        isUnlocked: userAchievements.unlockedAt,
      })
      .from(userAchievements)
      .where(inArray(userAchievements.userId, ['verified', 'planned', 'untouched']));
    const summary = rows
      .map((row) => ({
        userId: row.userId,
        name: hourAchievements.find((achievement) => achievement.id === row.achievementId)?.name,
        progress: row.progress,
        isUnlocked: row.isUnlocked !== null,
      }))
      .sort((a, b) => `${a.userId}${a.name}`.localeCompare(`${b.userId}${b.name}`));
    expect(summary).toEqual([
      { userId: 'verified', name: 'Community Pillar', progress: 12, isUnlocked: false },
      { userId: 'verified', name: 'Dedicated Volunteer', progress: 12, isUnlocked: false },
      { userId: 'verified', name: 'Helping Hand', progress: 12, isUnlocked: true },
      { userId: 'verified', name: 'Time Giver', progress: 12, isUnlocked: false },
    ]);
    const versions = await db
      .select({ id: users.id, version: users.achievementsVersion })
      .from(users)
      .orderBy(users.id);
    expect(Object.fromEntries(versions.map((row) => [row.id, row.version]))).toEqual({
      organizer: 0,
      planned: 1,
      untouched: 0,
      verified: 1,
    });
  });
});
