import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** A second process opening the same embedded database: refused before PGlite touches the files. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${directory} is in use by process ${holderPid}. PGlite serves one process at a time: ` +
        'stop that process first (npm run backup works while it runs), or set DATABASE_URL to run several processes on one PostgreSQL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function lockFileOf(directory: string): string {
  return `${directory}.lock`;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id written in the lock file, when that process still runs; null otherwise. */
export function readLockHolder(directory: string): number | null {
  let text: string;
  try {
    text = readFileSync(lockFileOf(directory), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  // Our own pid in the file is a leftover: in a container every start is pid 1, so a `kill -9` then a
  // restart finds its own number there.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isProcessAlive(pid)) return null;
  return pid;
}

/**
 * Two PostgreSQL instances on one data directory corrupt it, and PGlite has no postmaster to refuse the
 * second. A lock file beside the directory, holding the pid, does: created exclusively, so two starts at
 * the same moment cannot both win, and taken over when its process is gone (after a crash or kill -9).
 * Returns the function that releases it.
 */
export function lockEmbeddedDirectory(directory: string): () => void {
  const file = lockFileOf(directory);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockHolder(directory);
      if (holder !== null) throw new DatabaseInUseError(directory, holder);
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed the stale file first; the next attempt races it fairly.
      }
    }
  }
  const holder = readLockHolder(directory);
  throw new DatabaseInUseError(directory, holder ?? 0);
}
