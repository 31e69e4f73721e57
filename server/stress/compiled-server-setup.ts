import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    compiledServerFile: string;
  }
}

/**
 * The stress suites' global setup: the server compiled as `npm start` compiles it, into a folder of this
 * run's own. Its servers then start as production starts them (scripts/build-server.mjs), from the
 * sources as they are now. The folder is inside the repository, so the compiled file finds
 * node_modules; the two Vitest processes of `npm run test:stress` each build their own, and neither
 * touches the dist/server that `npm test` built.
 */
export default async function setup(project: TestProject) {
  const parent = path.resolve(import.meta.dirname, '../../dist/stress-servers');
  mkdirSync(parent, { recursive: true });
  const outputDirectory = mkdtempSync(path.join(parent, 'build-'));
  await buildServer({ outputDirectory });
  project.provide('compiledServerFile', path.join(outputDirectory, 'server.mjs'));
  return () => rmSync(outputDirectory, { recursive: true, force: true });
}
