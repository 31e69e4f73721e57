import path from 'node:path';
import { ensureChromium } from './find-chromium.mjs';
import { run } from './run.mjs';

/** `npm run size`: builds, then checks the gzipped JavaScript of every route against its budget. */
const root = path.resolve(import.meta.dirname, '..');
const chromium = ensureChromium();
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const built = await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root });
if (built !== 0) process.exit(built);
process.exit(
  await run(
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', 'e2e/bundle-size.spec.ts', '--workers=1', '--reporter=list'],
    { cwd: root, env: { ...process.env, CHROMIUM_PATH: chromium } },
  ),
);
