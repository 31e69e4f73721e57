import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { SHUTDOWN_DEADLINE_MS } from './shutdown';

/** Messages between the cluster's primary and its workers. */
export type WorkerMessage =
  { type: 'pitchin:listening'; url: string } | { type: 'pitchin:metrics-request'; id: number };
export type PrimaryMessage = { type: 'pitchin:metrics-response'; id: number; text: string; contentType: string };

const RESTART_DELAY_MS = 1000;

/**
 * The primary of `WORKERS=N npm start`: it opens no database and serves nothing itself. It forks the
 * workers (which share the port through node's cluster module and migrate under PostgreSQL's advisory
 * lock, so once however many start together), restarts one that dies, gathers /metrics from all of them,
 * and on SIGTERM passes it on and waits for every worker's own graceful shutdown.
 */
export function runClusterPrimary(options: { workers: number; log: (message: string) => void }) {
  const aggregator = new AggregatorRegistry();
  const listening = new Set<number>();
  let hasStarted = false;
  let isShuttingDown = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: WorkerMessage) => void answer(worker, message));
    return worker;
  };

  const answer = async (worker: Worker, message: WorkerMessage) => {
    if (message?.type === 'pitchin:listening') {
      listening.add(worker.id);
      if (!hasStarted && listening.size === options.workers) {
        hasStarted = true;
        console.log(
          `\n  PitchIn is running at ${message.url} (${options.workers} workers)\n  API documentation: ${message.url}/api/docs\n`,
        );
      }
    } else if (message?.type === 'pitchin:metrics-request') {
      // Counters of every worker, summed: a scrape lands on one worker but must see the whole server.
      const text = await aggregator
        .clusterMetrics()
        .catch((error: unknown) => `# metrics of the workers could not be gathered: ${String(error)}\n`);
      if (worker.isConnected())
        worker.send({
          type: 'pitchin:metrics-response',
          id: message.id,
          text,
          contentType: aggregator.contentType,
        } satisfies PrimaryMessage);
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (isShuttingDown) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that dies before the cluster ever served (a bad database URL, a port taken) would die
    // again: stop with its message instead of restarting it forever.
    if (!hasStarted) {
      options.log(`a worker exited (${signal ?? code}) before the server started; stopping`);
      isShuttingDown = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    options.log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS);
  });

  const shutDown = (signal: NodeJS.Signals) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    options.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    // The same signal: SIGTERM lets each worker drain (server/lib/shutdown.ts), SIGINT does not wait.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    // Each worker keeps its own deadline; this one only catches a worker that hangs past it.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS + 500).unref();
  };
  process.on('SIGTERM', () => shutDown('SIGTERM'));
  process.on('SIGINT', () => shutDown('SIGINT'));

  for (let index = 0; index < options.workers; index += 1) fork();
}
