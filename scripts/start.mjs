import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfNeeded } from './build-if-missing.mjs';
import { buildServer, productionEnvironment, productionNodeArguments } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// `npm run start:cluster`: one worker per core unless WORKERS says how many.
const clusterEnvironment =
  process.argv.includes('--cluster') && !process.env.WORKERS ? { WORKERS: String(os.availableParallelism()) } : {};
await buildWebIfNeeded();
// Always rebuilt: it takes a fraction of a second, and a stale server beside new sources would mislead.
await buildServer();
const child = spawn(process.execPath, [...productionNodeArguments, path.join(root, 'dist/server/server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...productionEnvironment, ...clusterEnvironment, ...process.env },
});
// A supervisor's SIGTERM reaches this script, not the server: passed on, so the server shuts down gracefully.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
