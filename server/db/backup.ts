import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database. PGlite is one connection per process, so a second process
 * must never open a directory a running server holds (db/embedded-lock.ts refuses it). A running server
 * therefore writes the backup itself: `npm run backup` leaves a request file in DATA_DIR and sends the
 * server SIGUSR2; the server dumps its data directory (PGlite's dumpDataDir holds the query lock, so no
 * query runs while the files are read: the copy is the state after the last finished write, which
 * PostgreSQL's WAL makes consistent on restore), writes it under a temporary name, renames it, and
 * answers in a .done file. A stopped server's directory is opened and dumped directly.
 */
const REQUEST_PREFIX = 'backup-request-';
const BACKUP_SIGNAL = 'SIGUSR2';
const WAIT_FOR_SERVER_MS = 120_000;

type BackupAnswer = { ok: true; bytes: number } | { ok: false; message: string };

/** Writes a gzipped tarball of the data directory to `output`, atomically (never a half file under the name). */
export async function writeBackup(client: PGlite, output: string): Promise<number> {
  // Fewer WAL records to replay after a restore; the dump is consistent without it.
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(path.dirname(output), { recursive: true });
  const partial = `${output}.partial-${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, output);
  return bytes.length;
}

/** In the running server: answers every backup request found in `dataDirectory` on SIGUSR2. */
export function serveBackupRequests(
  client: PGlite,
  dataDirectory: string,
  log: { info: (object: object, message: string) => void; error: (object: object, message: string) => void },
): () => void {
  let running: Promise<void> = Promise.resolve();
  const answerRequests = async () => {
    for (const name of readdirSync(dataDirectory).filter(
      (file) => file.startsWith(REQUEST_PREFIX) && file.endsWith('.json'),
    )) {
      const requestFile = path.join(dataDirectory, name);
      let answer: BackupAnswer;
      try {
        const { output } = JSON.parse(readFileSync(requestFile, 'utf8')) as { output: string };
        const started = Date.now();
        const bytes = await writeBackup(client, output);
        log.info({ output, bytes, ms: Date.now() - started }, 'backup written');
        answer = { ok: true, bytes };
      } catch (error) {
        log.error({ err: error }, 'backup failed');
        answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      writeFileSync(requestFile.replace(/\.json$/, '.done'), JSON.stringify(answer));
      rmSync(requestFile, { force: true });
    }
  };
  const onSignal = () => {
    running = running.then(answerRequests, answerRequests);
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => process.off(BACKUP_SIGNAL, onSignal);
}

/** From `npm run backup`: asks the server holding the directory for a backup and waits for it. */
export async function requestBackupFromServer(
  dataDirectory: string,
  serverPid: number,
  output: string,
): Promise<number> {
  const token = randomBytes(6).toString('hex');
  const requestFile = path.join(dataDirectory, `${REQUEST_PREFIX}${token}.json`);
  const doneFile = requestFile.replace(/\.json$/, '.done');
  writeFileSync(requestFile, JSON.stringify({ output: path.resolve(output) }), { mode: 0o600 });
  process.kill(serverPid, BACKUP_SIGNAL);
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  while (!existsSync(doneFile)) {
    if (Date.now() > deadline) {
      rmSync(requestFile, { force: true });
      throw new Error(
        `the server (process ${serverPid}) did not write the backup within ${WAIT_FOR_SERVER_MS / 1000} s; is it a PitchIn server of this version?`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answer = JSON.parse(readFileSync(doneFile, 'utf8')) as BackupAnswer;
  unlinkSync(doneFile);
  if (!answer.ok) throw new Error(`the server could not write the backup: ${answer.message}`);
  return answer.bytes;
}

/** True when the directory holds no database yet (missing or empty). */
export function isEmptyDirectory(directory: string): boolean {
  return !existsSync(directory) || readdirSync(directory).length === 0;
}
