import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { testDatabaseUrl } from './test-environment';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedSnapshotPath: string | undefined;
    /** On PostgreSQL: a database migrated once, that every test file's fresh database is copied from. */
    migratedTemplateDatabase: string | undefined;
  }
}

/**
 * Vitest's global setup: one database migrated once per run, that every test file's fresh database starts
 * from. On the embedded database it is a data-directory tarball: starting PGlite from an empty directory
 * runs initdb and then every migration, 4–6 s a file on the loaded 2-core CI machine, against 1–2 s from the
 * tarball (measured 2026-11-27). On PostgreSQL it is a template database that `CREATE DATABASE … TEMPLATE`
 * copies: 0.1–0.3 s a file, against 0.2–0.6 s to create one and run every migration on it (2026-12-02).
 * Each file still gets a database of its own, and `prepareDatabase` still runs on it, so a copy older than
 * the migrations would be brought up to date.
 */
export default async function setup(project: TestProject) {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    project.provide('migratedSnapshotPath', undefined);
    const template = await createMigratedTemplateDatabase(serverUrl);
    project.provide('migratedTemplateDatabase', template.name);
    return template.drop;
  }
  project.provide('migratedTemplateDatabase', undefined);
  const directory = mkdtempSync(path.join(tmpdir(), 'pitchin-migrated-'));
  const file = path.join(directory, 'migrated.tar');
  await writeMigratedSnapshot('memory://', file);
  project.provide('migratedSnapshotPath', file);
  return () => rmSync(directory, { recursive: true, force: true });
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function createMigratedTemplateDatabase(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `pitchin_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  // Nobody may be connected to a template while it is copied: the migrating connection closes first.
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlOf(serverUrl, name) });
  try {
    await prepareDatabase(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh database for one test file on the PostgreSQL server of `serverUrl`, a copy of the run's migrated
 * template where there is one. Its commits do not wait for the disk (`synchronous_commit = off`): it lives for
 * one test file, and no test stops PostgreSQL under it.
 */
export async function createTestDatabase(
  serverUrl: string,
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pitchin_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await onServer(serverUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: databaseUrlOf(serverUrl, name),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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

/**
 * A Blob over bytes already in memory, whose `arrayBuffer()` is one copy of them. Node's own reads a Blob through
 * a stream in small chunks and joins them: 350 ms for the 43 MB migrated tarball on the two-core machine, half
 * of what opening a test file's PGlite from it cost (PGlite reads its `loadDataDir` with `arrayBuffer()`). A copy
 * takes a few milliseconds (2026-12-02: a PGlite opened in 350 ms and 0.5 CPU-seconds, against 730–980 ms and
 * 0.9–1.3).
 */
export class InMemoryBlob extends Blob {
  constructor(private readonly contents: Uint8Array<ArrayBuffer>) {
    super([contents]);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.contents.slice().buffer;
  }
}

let snapshot: Blob | undefined;

/** The migrated tarball of this run, read once per worker; undefined where there is none (PostgreSQL, stress runs). */
export function readMigratedSnapshot(snapshotPath: string | undefined): Blob | undefined {
  if (!snapshotPath) return undefined;
  snapshot ??= new InMemoryBlob(readFileSync(snapshotPath));
  return snapshot;
}
