import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startE2eServer, type E2eServer } from '../../scripts/e2e-server-process.mjs';

/**
 * scripts/e2e-server.mjs, the browser tests' server: stopped as Playwright (gracefulShutdown) and the
 * empty-state fixture stop it, with SIGTERM to its process group, it leaves no database folder behind. A spec
 * run by hand has no scratch folder around it, so anything left went to /tmp for good (42 MB a run).
 */
const parents: string[] = [];
const servers: E2eServer[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) process.kill(-server.child.pid!, 'SIGKILL');
  }
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

it('stopped with SIGTERM to its process group, ends within 10 s and removes its database folder', async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'pitchin-e2e-server-parent-'));
  parents.push(parent);
  const port = await findFreePort();
  const server = await startE2eServer({ port, environment: { TMPDIR: parent, SEED_DEMO: 'false' } });
  servers.push(server);

  expect((await fetch(`${server.url}/api/categories`)).status).toBe(401);
  expect(readdirSync(parent).filter((name) => name.startsWith('pitchin-e2e-server-'))).toHaveLength(1);

  const stopped = Date.now();
  await server.stop();
  expect(Date.now() - stopped).toBeLessThan(10_000);
  expect(readdirSync(parent)).toEqual([]);
  await expect(fetch(`${server.url}/api/categories`)).rejects.toThrow();
}, 180_000);
