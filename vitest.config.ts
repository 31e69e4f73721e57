import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'web'),
    },
  },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx'],
    // Tests of several server instances sharing one database run only on PostgreSQL (the PostgreSQL pass
    // of .ci/run): the embedded database is one connection in one process. Left out, not skipped.
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['**/*-postgres.test.ts'])],
    environment: 'node',
    globalSetup: ['server/test/migrated-snapshot.ts'],
    testTimeout: 120_000,
    // A fresh migrated PGlite per file takes seconds when idle, far longer on a loaded 2-core machine.
    hookTimeout: 240_000,
    // Two cores: PGlite instances are CPU-heavy, so two files at a time keeps the run steady.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
