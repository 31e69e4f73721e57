import { defineConfig } from 'vitest/config';

/** `npm run test:stress`: suites that start real server processes and run for minutes. */
export default defineConfig({
  test: {
    include: ['server/stress/**/*.stress.ts'],
    environment: 'node',
    globalSetup: ['server/stress/compiled-server-setup.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
