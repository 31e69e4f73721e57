import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/scratch-directory.mjs and run.mjs's `passSignalsToChildren`, through scripts/in-scratch-directory.mjs
 * (which `npm run test:unit` and `test:api` use; scripts/test.mjs and test-stress.mjs call the same two): a run's
 * commands write under os.tmpdir(), and whatever they leave there is gone once the run ends, whether it
 * finished, failed or was interrupted; an interruption ends the commands too.
 */
const wrapper = fileURLToPath(new URL('../../scripts/in-scratch-directory.mjs', import.meta.url));
const parents: string[] = [];

afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

// A command of the run (as Vitest or Playwright would be): leaves a folder in os.tmpdir(), says where, in which
// temporary folder and its process id, then keeps running or fails, as told.
const command = (keepsRunning: boolean) => `
  const { mkdtempSync, writeFileSync } = require('node:fs');
  const scratch = require('node:os').tmpdir();
  const folder = mkdtempSync(require('node:path').join(scratch, 'left-behind-'));
  writeFileSync(folder + '/data', 'x'.repeat(1000));
  console.log(JSON.stringify({ scratch, left: folder, commandPid: process.pid }));
  ${keepsRunning ? 'setInterval(() => {}, 1000);' : 'process.exitCode = 1;'}
`;

type Ending = { scratch: string; left: string; commandPid: number; code: number | null; parent: string };

/** Runs the command through the wrapper; with a signal, sends it to the wrapper alone once the command is under way. */
function runUntilEnd(keepsRunning: boolean, signal?: NodeJS.Signals): Promise<Ending> {
  // The wrapper's own TMPDIR is a folder of this test's, so that a failure leaves nothing in /tmp either.
  const parent = mkdtempSync(path.join(tmpdir(), 'pitchin-scratch-parent-'));
  parents.push(parent);
  const runner = spawn(process.execPath, [wrapper, process.execPath, '-e', command(keepsRunning)], {
    env: { ...process.env, TMPDIR: parent },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    let output = '';
    // The command's one line; nothing when it never started, which the assertions then report.
    const said = () => (output.trim() ? JSON.parse(output) : {});
    runner.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (signal && output.includes('commandPid')) runner.kill(signal);
    });
    runner.on('exit', (code) => resolve({ ...said(), code, parent }));
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the test run’s scratch folder', () => {
  it('holds what the run’s commands put in os.tmpdir() and is gone when the run ends, even on a failure', async () => {
    const { scratch, left, code, parent } = await runUntilEnd(false);
    expect(code).toBe(1);
    expect(path.dirname(scratch)).toBe(parent);
    expect(path.dirname(left)).toBe(scratch);
    expect(existsSync(scratch)).toBe(false);
  });

  it('on Ctrl-C or CI’s SIGTERM to the run alone, ends the running command first, then the run and its folder', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const { scratch, left, commandPid, code } = await runUntilEnd(true, signal);
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(path.dirname(left)).toBe(scratch);
      expect(isRunning(commandPid)).toBe(false);
      expect(existsSync(scratch)).toBe(false);
    }
    // A run that does not pass the signal on waits for its command forever: fail in seconds, not minutes.
  }, 20_000);
});
