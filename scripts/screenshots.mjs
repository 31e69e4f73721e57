import path from 'node:path';
import { ensureChromium } from './find-chromium.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = ensureChromium();
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const built = await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root });
if (built !== 0) process.exit(built);
const code = await run(bin('playwright'), ['test', '-c', 'e2e/screenshots.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
console.log(`Screenshots are in ${path.join(root, 'screenshots')}`);
process.exit(code);
