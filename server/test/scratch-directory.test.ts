import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/scratch-directory.mjs, as scripts/test.mjs uses it: a run's processes write under os.tmpdir(), and
 * whatever they leave there is gone once the run ends, whether it finished or was interrupted.
 */
const moduleUrl = new URL('../../scripts/scratch-directory.mjs', import.meta.url).href;
const parents: string[] = [];

afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

// The run script: takes a scratch folder, then a child process (as Vitest or Playwright would be) leaves a
// file in os.tmpdir() and never removes it. Prints the scratch folder and the child's file, then ends as told.
const runScript = (ending: string) => `
  import { execFileSync } from 'node:child_process';
  import { useScratchTemporaryDirectory } from ${JSON.stringify(moduleUrl)};
  const scratch = useScratchTemporaryDirectory('scratch-test');
  const left = execFileSync(process.execPath, ['-e', \`
    const { mkdtempSync, writeFileSync } = require('node:fs');
    const { tmpdir } = require('node:os');
    const folder = mkdtempSync(require('node:path').join(tmpdir(), 'left-behind-'));
    writeFileSync(folder + '/data', 'x'.repeat(1000));
    process.stdout.write(folder);
  \`], { encoding: 'utf8' });
  console.log(JSON.stringify({ scratch, left }));
  ${ending}
`;

function runUntilEnd(ending: string, signal?: NodeJS.Signals) {
  // The script's own TMPDIR is a folder of this test's, so that a failure leaves nothing in /tmp either.
  const parent = mkdtempSync(path.join(tmpdir(), 'pitchin-scratch-parent-'));
  parents.push(parent);
  const child = spawn(process.execPath, ['--input-type=module', '-e', runScript(ending)], {
    env: { ...process.env, TMPDIR: parent },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ scratch: string; left: string; code: number | null; parent: string }>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (signal && output.includes('\n')) child.kill(signal);
    });
    child.on('exit', (code) => resolve({ ...JSON.parse(output), code, parent }));
  });
}

describe('the test run’s scratch folder', () => {
  it('holds what the run’s processes put in os.tmpdir() and is gone when the run ends, even on a failure', async () => {
    const { scratch, left, code, parent } = await runUntilEnd('process.exit(1);');
    expect(code).toBe(1);
    expect(path.dirname(scratch)).toBe(parent);
    expect(path.dirname(left)).toBe(scratch);
    expect(existsSync(scratch)).toBe(false);
  });

  it('is gone when the run is interrupted (Ctrl-C, or CI ending the job)', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const { scratch, left, code } = await runUntilEnd('setInterval(() => {}, 1000);', signal);
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(path.dirname(left)).toBe(scratch);
      expect(existsSync(scratch)).toBe(false);
    }
  });
});
