import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './run.mjs';

/** The server the browser tests use: production mode, a fresh embedded database, demo data, no reload. */
const root = path.resolve(import.meta.dirname, '..');
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-e2e-'));
const code = await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDirectory,
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Many browser tests sign up from the same loopback address.
    AUTH_RATE_LIMIT: '100000',
  },
});
process.exit(code);
