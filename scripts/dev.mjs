import path from 'node:path';
import { passSignalsToChildren, run } from './run.mjs';

/**
 * One process on PORT (5000): the API, and the web app through Vite in middleware mode, each page rendered
 * on the server from the sources as production renders it from the build (server/lib/web-dev-server.ts).
 * tsx restarts the server when its code changes; Vite reloads the browser's modules and the server's
 * rendering when the app's code changes.
 */
const root = path.resolve(import.meta.dirname, '..');
// Ctrl-C reaches tsx, which passes it to the server (no drain: nobody balances a development server), and
// this script ends once they have.
passSignalsToChildren();
process.exitCode = await run(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/server.ts'],
  { cwd: root, env: { ...process.env, WEB_DEV_SERVER: 'true' } },
);
