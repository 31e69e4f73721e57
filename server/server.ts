import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startEmbeddedMaintenance } from './db/maintenance';
import { prepareDatabase } from './db/migrate';
import { seedDemoDataIfEmpty } from './db/seed-demo';
import { serveBackupRequests } from './db/backup';
import { DatabaseInUseError } from './db/embedded-lock';
import { runClusterPrimary, type WorkerMessage } from './lib/cluster-primary';
import { installGracefulShutdown } from './lib/shutdown';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) {
    runClusterPrimary({ workers: config.workers, log: (message) => console.log(`[cluster] ${message}`) });
    return;
  }
  const database = await openDatabase(config.database);
  await prepareDatabase(database);
  if (config.database.kind === 'embedded' && config.shouldSeedDemo) await seedDemoDataIfEmpty(database.db);
  const app = await buildApp({ config, database });
  const stopMaintenance = startEmbeddedMaintenance(database, (error) =>
    app.log.error({ err: error }, 'embedded database maintenance failed'),
  );

  // `npm run backup` asks the running server: no second process may open the embedded database (server/db/backup.ts).
  if (database.embeddedClient) serveBackupRequests(database.embeddedClient, config.dataDirectory, app.log);
  installGracefulShutdown(app, database, { drainMs: config.shutdownDrainMs, beforeClose: stopMaintenance });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  // Under the cluster the primary says it once, when every worker listens.
  if (cluster.isWorker) {
    process.send?.({ type: 'pitchin:listening', url } satisfies WorkerMessage);
    return;
  }
  console.log(`\n  PitchIn is running at ${url}\n  API documentation: ${url}/api/docs\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
