import path from 'node:path';
import { buildWebIfNeeded } from './build-if-missing.mjs';
import { buildServer, productionEnvironment, productionNodeArguments } from './build-server.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildWebIfNeeded();
// Always rebuilt: it takes a fraction of a second, and a stale server beside new sources would mislead.
await buildServer();
const code = await run(process.execPath, [...productionNodeArguments, path.join(root, 'dist/server/server.mjs')], {
  cwd: root,
  env: { NODE_ENV: 'production', ...productionEnvironment, ...process.env },
});
process.exit(code);
