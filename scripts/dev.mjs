import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * One process on PORT (5000): the API, and the web app through Vite in middleware mode, each page rendered
 * on the server from the sources as production renders it from the build (server/lib/web-dev-server.ts).
 * tsx restarts the server when its code changes; Vite reloads the browser's modules and the server's
 * rendering when the app's code changes.
 */
const root = path.resolve(import.meta.dirname, '..');
const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/server.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DEV_SERVER: 'true' } },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
