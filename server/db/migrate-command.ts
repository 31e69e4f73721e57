import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { prepareDatabase } from './migrate';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const started = performance.now();
    await prepareDatabase(database);
    const where =
      config.database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.database.directory}`;
    console.log(
      `Migrations and catalogues applied to ${where} in ${((performance.now() - started) / 1000).toFixed(2)} s. Done.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
