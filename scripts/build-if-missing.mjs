import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestModification(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * `npm start` builds the web app only when it is missing or older than its sources. One `vite build`
 * makes both halves: the app (dist/web) and the server's rendering of it (dist/web-ssr).
 */
export async function buildWebIfNeeded() {
  const index = path.join(root, 'dist/web/index.html');
  const renderer = path.join(root, 'dist/web-ssr/server-render.js');
  const sources = [path.join(root, 'web'), path.join(root, 'contract')];
  const isStale =
    !existsSync(index) ||
    !existsSync(renderer) ||
    sources.some((source) => newestModification(source) > statSync(index).mtimeMs);
  if (!isStale) return;
  console.log('Building the web app…');
  const code = await run(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root },
  );
  if (code !== 0) process.exit(code);
}
