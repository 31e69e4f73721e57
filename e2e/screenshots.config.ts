import baseConfig from './playwright.config';
import { defineConfig } from '@playwright/test';

/**
 * `npm run screenshots`: every *.screens.ts file takes its screens in both themes at 390×844 and
 * 1440×900 into screenshots/ (git-ignored), using the same servers as the browser tests.
 */
export default defineConfig({
  ...baseConfig,
  testMatch: '**/*.screens.ts',
  reporter: [['list']],
  timeout: 120_000,
});
