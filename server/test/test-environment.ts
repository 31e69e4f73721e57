/** Tests read the database choice here so that only this file and config.ts look at the environment. */
export function testDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}
