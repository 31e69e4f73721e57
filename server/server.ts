import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startEmbeddedMaintenance } from './db/maintenance';
import { prepareDatabase } from './db/migrate';
import { seedDemoDataIfEmpty } from './db/seed-demo';

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
  const database = await openDatabase(config.database);
  await prepareDatabase(database);
  if (config.database.kind === 'embedded' && config.shouldSeedDemo) await seedDemoDataIfEmpty(database.db);
  const app = await buildApp({ config, database });
  const stopMaintenance = startEmbeddedMaintenance(database, (error) => app.log.error({ err: error }, 'embedded database maintenance failed'));

  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  console.log(`\n  PitchIn is running at ${url}\n  API documentation: ${url}/api/docs\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
