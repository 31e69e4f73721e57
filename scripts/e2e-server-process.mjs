import { spawn } from 'node:child_process';
import path from 'node:path';

const script = path.join(import.meta.dirname, 'e2e-server.mjs');

/**
 * Starts scripts/e2e-server.mjs on `port` in a process group of its own, so that stopping the group stops the
 * server process the script starts too, and resolves once it answers HTTP. `stop()` sends SIGTERM to the group,
 * as Playwright's gracefulShutdown does, and resolves when the script has ended (it removes its database folder
 * first).
 */
export async function startE2eServer({ port, environment = {} }) {
  const child = spawn(process.execPath, [script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...environment, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  // Two minutes: a cold start on the slow kind of machine builds the server and migrates a fresh database.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (hasEnded()) throw new Error(`the e2e server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      // Any answer will do (the categories call answers 401 without a session): the server is up.
      await fetch(`${url}/api/categories`);
      break;
    } catch {
      if (Date.now() > deadline) {
        process.kill(-child.pid, 'SIGKILL');
        throw new Error('the e2e server did not answer within 2 minutes');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    child,
    async stop() {
      // A server that already died (its port taken by another run's) has nothing left to stop.
      if (!hasEnded()) process.kill(-child.pid, 'SIGTERM');
      return exited;
    },
  };
}
