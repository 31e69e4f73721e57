import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './find-chromium.mjs';
import { run } from './run.mjs';

/**
 * `npm test`: the whole suite, as CI runs it. Type check, lint and layout check, unit and API tests
 * (Vitest on a fresh PGlite database per file), a production build, then the browser tests
 * (Playwright driving the system Chromium against the real server). Ends with one count line.
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const only = process.argv.slice(2);
const shouldRun = (stage) => only.length === 0 || only.includes(stage);
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const failures = [];
let passed = 0;
let failed = 0;

async function stage(name, command, args, environment = {}) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args, { cwd: root, env: { ...process.env, ...environment } });
  if (code !== 0) failures.push(name);
  return code;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

if (shouldRun('static')) {
  await stage('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  await stage('lint and layout', 'npm', ['run', '--silent', 'lint']);
}

if (shouldRun('unit')) {
  const file = path.join(reports, 'vitest.json');
  await stage('unit and API tests (Vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson(file);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else failed += 1;
}

if (shouldRun('e2e')) {
  const chromium = ensureChromium();
  const buildCode = await stage('production build', bin('vite'), ['build', '--logLevel', 'warn']);
  // The compiled server is what `npm start` runs; building it here catches what tsx would forgive.
  const serverBuildCode = await stage('server build', process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
  if (buildCode === 0 && serverBuildCode === 0) {
    const file = path.join(reports, 'playwright.json');
    const browserCode = await stage(
      'browser tests (Playwright + Chromium)',
      bin('playwright'),
      ['test', '-c', 'e2e/playwright.config.ts'],
      {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    const report = readJson(file);
    if (report) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    }
    // A run that could not start (a port taken, a broken config) fails no test but must still count.
    if (!report || (browserCode !== 0 && report.stats.unexpected === 0)) failed += 1;
  }
}

console.log('');
if (failures.length) console.log(`Failed stages: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
