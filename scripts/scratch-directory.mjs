import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Points TMPDIR, for this process and every process it starts, at a folder of this run's own, and removes
 * that folder when the run ends (finished, failed or interrupted). Test servers' embedded databases,
 * Chromium's profiles and the suites' fixture folders all go under os.tmpdir(), and not every one is
 * removed by what made it (a server killed on purpose, a worker ended by Playwright, a file's folder
 * kept for its failure message): measured 2026-12-03, each `.ci/run` left about 750 MB in /tmp, which a
 * developer running the suite all day would find as a full disk.
 */
export function useScratchTemporaryDirectory(label) {
  const directory = mkdtempSync(path.join(tmpdir(), `pitchin-${label}-`));
  process.env.TMPDIR = directory;
  const remove = () => rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
  process.on('exit', remove);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])
    // The children get the same signal from the terminal or CI and end on their own; a moment for them to
    // do so before their folders go.
    process.once(signal, () => setTimeout(() => process.exit(code), 2_000));
  return directory;
}
