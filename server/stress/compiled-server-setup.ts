import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { writeMigratedSnapshot } from '../test/migrated-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    compiledServerFile: string;
    migratedDataDirectory: string;
  }
}

/**
 * The stress suites' global setup: the server compiled as `npm start` compiles it, into a folder of this
 * run's own. Its servers then start as production starts them (scripts/build-server.mjs), from the
 * sources as they are now. The folder is inside the repository, so the compiled file finds
 * node_modules; the two Vitest processes of `npm run test:stress` each build their own, and neither
 * touches the dist/server that `npm test` built.
 *
 * Also one embedded database migrated once, as a data directory that a suite copies
 * (`copyMigratedDataDirectory`) and as the tarball the in-process app of the fuzzer starts from
 * (server/test/test-app.ts). A fresh directory runs initdb and every migration first: 2.7 s and 4 CPU-seconds
 * on the two-core machine, against 0.1 s to copy one (2026-11-28); the stress suites open eight.
 */
export default async function setup(project: TestProject) {
  const parent = path.resolve(import.meta.dirname, '../../dist/stress-servers');
  mkdirSync(parent, { recursive: true });
  const outputDirectory = mkdtempSync(path.join(parent, 'build-'));
  await buildServer({ outputDirectory });
  project.provide('compiledServerFile', path.join(outputDirectory, 'server.mjs'));

  const migrated = mkdtempSync(path.join(tmpdir(), 'pitchin-stress-migrated-'));
  const dataDirectory = path.join(migrated, 'data');
  const snapshotFile = path.join(migrated, 'migrated.tar');
  await writeMigratedSnapshot(path.join(dataDirectory, 'pglite'), snapshotFile);
  project.provide('migratedDataDirectory', dataDirectory);
  project.provide('migratedSnapshotPath', snapshotFile);

  return () => {
    rmSync(outputDirectory, { recursive: true, force: true });
    rmSync(migrated, { recursive: true, force: true });
  };
}
