import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { testDatabaseUrl } from './test-environment';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedSnapshotPath: string | undefined;
  }
}

/**
 * Vitest's global setup: one embedded database migrated once per run, written as a data-directory
 * tarball that every test file's fresh database starts from. Starting PGlite from an empty directory
 * runs initdb and then every migration: 4–6 s a file on the loaded 2-core CI machine, against 1–2 s
 * from the tarball (measured 2026-11-27). Each file still gets a database of its own, and
 * `prepareDatabase` still runs on it, so a snapshot older than the migrations would be brought up to date.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseUrl()) {
    project.provide('migratedSnapshotPath', undefined);
    return;
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'pitchin-migrated-'));
  const file = path.join(directory, 'migrated.tar');
  await writeMigratedSnapshot('memory://', file);
  project.provide('migratedSnapshotPath', file);
  return () => rmSync(directory, { recursive: true, force: true });
}

/**
 * Opens an embedded database in `directory` (`memory://` for none on disk), migrates it and writes its
 * data-directory tarball to `file`. The stress suites' setup also keeps the migrated directory itself.
 */
export async function writeMigratedSnapshot(directory: string, file: string): Promise<void> {
  const database = await openDatabase({ kind: 'embedded', directory });
  try {
    await prepareDatabase(database);
    const dump = await database.embeddedClient!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

let snapshot: Blob | undefined;

/** The migrated tarball of this run, read once per worker; undefined where there is none (PostgreSQL, stress runs). */
export function readMigratedSnapshot(snapshotPath: string | undefined): Blob | undefined {
  if (!snapshotPath) return undefined;
  snapshot ??= new Blob([readFileSync(snapshotPath)]);
  return snapshot;
}
