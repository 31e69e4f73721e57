import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/**
 * A process told to stop exits within 10 s. Requests in flight get until the connections
 * deadline to finish; connections still open then (a client trickling a body, a stream) are closed, and
 * the process exits at the deadline whatever still runs.
 */
export const SHUTDOWN_DEADLINE_MS = 9000;
const CONNECTIONS_DEADLINE_MS = 7500;

/**
 * SIGTERM: first /readyz answers 503 for `drainMs` while everything is still served, so a load balancer
 * that polls it stops sending; then the listener closes (requests that still arrive on an open connection
 * get 503 with Connection: close), the requests in flight and the app's own jobs finish (onClose hooks),
 * the database closes and the process exits 0. SIGINT (Ctrl+C at a terminal) skips the drain.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { drainMs: number; beforeClose: () => void },
) {
  let isClosing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    const started = Date.now();
    setTimeout(() => {
      app.log.warn('requests still open at the shutdown deadline: closing their connections');
      app.server.closeAllConnections();
    }, CONNECTIONS_DEADLINE_MS).unref();
    setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.readiness.isDraining = true;
    if (signal === 'SIGTERM' && options.drainMs > 0) {
      app.log.info(
        { signal, drainMs: options.drainMs },
        'shutting down: /readyz answers 503 while requests are still served',
      );
      await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    }
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    options.beforeClose();
    try {
      await app.close();
      await database.close();
      app.log.info({ ms: Date.now() - started }, 'shut down');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}
