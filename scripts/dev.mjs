import { spawn } from 'node:child_process';
import path from 'node:path';

/** Server with reload (tsx watch) on PORT (5000) and Vite with hot reload on 5173, proxying /api. */
const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/server.ts'],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
