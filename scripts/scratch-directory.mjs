import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Points TMPDIR, for this process and every process it starts, at a folder of this run's own, and removes
 * that folder when the process exits, also after a failure or, with run.mjs's `passSignalsToChildren`, an
 * interruption. Test servers' embedded databases, Chromium's profiles and the suites' fixture folders all go
 * under os.tmpdir(), and not every one is removed by what made it (a server killed on purpose, a worker ended
 * by Playwright, a file's folder kept for its failure message): measured 2026-12-03, each `.ci/run` left
 * about 750 MB in /tmp, which a developer running the suite all day would find as a full disk.
 */
export function useScratchTemporaryDirectory(label) {
  const directory = mkdtempSync(path.join(tmpdir(), `pitchin-${label}-`));
  process.env.TMPDIR = directory;
  process.on('exit', () => rmSync(directory, { recursive: true, force: true, maxRetries: 3 }));
  return directory;
}
