import type { ChildProcess } from 'node:child_process';

export type E2eServer = {
  url: string;
  child: ChildProcess;
  /** SIGTERM to the server's process group; resolves with the script's exit code once it has ended. */
  stop(): Promise<number | null>;
};

/** Starts scripts/e2e-server.mjs on `port` in a process group of its own and waits until it answers. */
export function startE2eServer(options: { port: number; environment?: Record<string, string> }): Promise<E2eServer>;
