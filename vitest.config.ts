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
    // Two cores. PGlite runs in the test process and keeps its core busy: a third file at a time only added
    // CPU (116–119 s against 120–128 s on two cores). On PostgreSQL a file waits on the server's process, and a
    // third file fills that wait: 77–93 s against 95–109 s (2026-12-02, runs interleaved).
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
    fileParallelism: true,
    // The files of a worker share its loaded modules instead of importing the app afresh each: importing
    // Fastify, zod and every module was 82 s of a 191 s run on two cores, 13 s without (docs/benchmarks.md).
    // Each file still builds its own app on its own database (server/test/test-app.ts), and the server
    // keeps no state of its own in module scope but caches of pure answers (time zones, statement names).
    isolate: false,
  },
});
