import path from 'node:path';
import { buildWebIfNeeded } from './build-if-missing.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildWebIfNeeded();
const code = await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/server.ts')], {
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(code);
