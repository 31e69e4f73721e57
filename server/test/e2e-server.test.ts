import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

/**
 * scripts/e2e-server.mjs, the browser tests' server: stopped as Playwright (gracefulShutdown) and the
 * empty-state fixture stop it, with SIGTERM to its process group, it leaves no database folder behind. A spec
 * run by hand has no scratch folder around it, so anything left went to /tmp for good (42 MB a run).
 */
const script = fileURLToPath(new URL('../../scripts/e2e-server.mjs', import.meta.url));
const parents: string[] = [];

afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilAnswering(url: string, deadline: number) {
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      if (Date.now() > deadline) throw new Error('the e2e server did not start within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

it('stopped with SIGTERM to its process group, ends within 10 s and removes its database folder', async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'pitchin-e2e-server-parent-'));
  parents.push(parent);
  const port = await findFreePort();
  const server = spawn(process.execPath, [script], {
    env: { ...process.env, TMPDIR: parent, PORT: String(port), SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  try {
    const answer = await waitUntilAnswering(`http://127.0.0.1:${port}/api/categories`, Date.now() + 120_000);
    expect(answer.status).toBe(401);
    expect(readdirSync(parent).filter((name) => name.startsWith('pitchin-e2e-server-'))).toHaveLength(1);

    const stopped = Date.now();
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
    expect(Date.now() - stopped).toBeLessThan(10_000);
    expect(readdirSync(parent)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/api/categories`)).rejects.toThrow();
  } finally {
    if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, 'SIGKILL');
  }
}, 180_000);
