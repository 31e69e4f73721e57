import { readdirSync } from 'node:fs';
import path from 'node:path';
import { passSignalsToChildren, run } from './run.mjs';
import { useScratchTemporaryDirectory } from './scratch-directory.mjs';

/**
 * `npm run test:stress`. The suites that only count (the fuzzer, capacity, crash durability, backup, the mail
 * outbox) assert no time, so they run beside each other, in three Vitest processes. None of them keeps both
 * cores busy alone: the fuzzer drives the app in its own process through `inject` on one core, and the others
 * wait on their servers' processes and on PostgreSQL. The suites that time something (answers during a stream
 * flood, exit within 10 s of SIGTERM, recovery after a database restart, memory under uploads, a notice across
 * processes within 2 s) then run alone, as they were measured.
 *
 * Every suite's servers listen on ports of their own, so that suites beside each other never meet.
 */
const root = path.resolve(import.meta.dirname, '..');
useScratchTemporaryDirectory('stress-run');
passSignalsToChildren();
const vitest = path.join(root, 'node_modules/.bin/vitest');
const config = ['run', '-c', 'vitest.stress.config.ts'];
const stress = (name) => `server/stress/${name}.stress.ts`;
// Three groups of about the same length on the two-core machine (2026-12-02, each alone: the fuzzer 145 s,
// capacity 151 s, the other three 115 s).
const countingGroups = [['fuzz'], ['capacity'], ['durability', 'backup', 'mail-outbox']];
const timingSuites = ['cluster', 'stream-flood', 'shutdown', 'database-faults', 'upload-memory'];

// A new suite must be placed in one of the groups, or it would silently not run.
const grouped = new Set([...countingGroups.flat(), ...timingSuites]);
const ungrouped = readdirSync(path.join(root, 'server/stress'))
  .filter((file) => file.endsWith('.stress.ts'))
  .map((file) => file.replace('.stress.ts', ''))
  .filter((name) => !grouped.has(name));
if (ungrouped.length) {
  console.error(`scripts/test-stress.mjs: place ${ungrouped.join(', ')} in a group (counting or timing).`);
  process.exit(1);
}

const beside = await Promise.all(
  countingGroups.map((group) => run(vitest, [...config, ...group.map(stress)], { cwd: root })),
);
const alone = await run(vitest, [...config, ...timingSuites.map(stress)], { cwd: root });
process.exit([...beside, alone].some((code) => code !== 0) ? 1 : 0);
