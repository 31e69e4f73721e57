import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './find-chromium.mjs';
import { passSignalsToChildren, run, runHoldingOutput } from './run.mjs';
import { useScratchTemporaryDirectory } from './scratch-directory.mjs';

/**
 * `npm test`: the whole suite, as CI runs it. Type check, lint and layout check, unit and API tests
 * (Vitest on a fresh PGlite database per file), a production build, then the browser tests
 * (Playwright driving the system Chromium against the real server). Ends with one count line.
 */
const root = path.resolve(import.meta.dirname, '..');
useScratchTemporaryDirectory('test-run');
passSignalsToChildren();
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

/**
 * A stage that runs beside others: its output is held back and printed whole when it ends, so that the
 * stages' lines do not mix.
 */
async function stageBeside(name, command, args) {
  const { code, output } = await runHoldingOutput(command, args, { cwd: root, env: process.env });
  console.log(`\n=== ${name} ===`);
  process.stdout.write(output);
  if (code !== 0) failures.push(name);
  return code;
}

// The type check and the linters each use one core: they run together, and beside the production build
// below, rather than one after another (about a minute of a two-core run).
const staticChecks = shouldRun('static')
  ? Promise.all([
      stageBeside('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
      stageBeside('lint and layout', 'npm', ['run', '--silent', 'lint']),
    ])
  : Promise.resolve();
const chromium = shouldRun('e2e') ? ensureChromium() : null;
const buildCodes = shouldRun('e2e')
  ? [
      await stage('production build', bin('vite'), ['build', '--logLevel', 'warn']),
      // The compiled server is what `npm start` runs; building it here catches what tsx would forgive.
      await stage('server build', process.execPath, [path.join(root, 'scripts/build-server.mjs')]),
    ]
  : [];
await staticChecks;

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
  if (buildCodes.every((code) => code === 0)) {
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
