import { timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import http from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { errorResponseSchema } from '../../contract/errors';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { PrimaryMessage, WorkerMessage } from '../lib/cluster-primary';
import { REQUEST_ID_HEADER } from '../lib/request-id';
import { countQueuedJobs } from '../modules/mail/mail.repository';

type MetricsOptions = { metrics: Config['metrics']; database: DatabaseHandle };

const CLUSTER_METRICS_TIMEOUT_MS = 5000;

function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function createRegistry(database: DatabaseHandle) {
  const registry = new Registry();
  // Process, heap, GC and event loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'pitchin_database_pool_connections',
    help: 'PostgreSQL pool connections of this process, by state (absent on the embedded database)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const statistics = database.poolStatistics();
      if (!statistics) return;
      this.set({ state: 'total' }, statistics.total);
      this.set({ state: 'idle' }, statistics.idle);
    },
  });
  new Gauge({
    name: 'pitchin_database_pool_waiting_requests',
    help: 'Queries waiting for a free PostgreSQL pool connection',
    registers: [registry],
    collect() {
      const statistics = database.poolStatistics();
      if (statistics) this.set(statistics.waiting);
    },
  });
  new Gauge({
    name: 'pitchin_job_queue_depth',
    help: 'Jobs waiting in the database: mails not yet sent (queue="mail") and event changes not yet turned into mails (queue="event_changes")',
    labelNames: ['queue'],
    registers: [registry],
    // Every process reads the same tables: summing the workers' readings would count each job once per process.
    aggregator: 'max',
    async collect() {
      const depth = await countQueuedJobs(database.db);
      this.set({ queue: 'mail' }, depth.mails);
      this.set({ queue: 'event_changes' }, depth.eventChanges);
    },
  });
  return { registry, requests, duration };
}

/** Under the cluster, one scrape must see every worker: the primary gathers them (cluster-primary.ts). */
function createMetricsReader(registry: Registry) {
  if (!cluster.isWorker) return async () => ({ text: await registry.metrics(), contentType: registry.contentType });
  // Constructing one is what makes prom-client answer the primary's requests in this worker.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let nextId = 0;
  const waiting = new Map<number, (message: PrimaryMessage) => void>();
  process.on('message', (message: PrimaryMessage) => {
    if (message?.type === 'pitchin:metrics-response') waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<{ text: string; contentType: string }>((resolve, reject) => {
      const id = (nextId += 1);
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer'));
      }, CLUSTER_METRICS_TIMEOUT_MS);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve({ text: message.text, contentType: message.contentType });
      });
      process.send?.({ type: 'pitchin:metrics-request', id } satisfies WorkerMessage);
    });
}

/**
 * Request ids and Prometheus metrics. Every answer names its request in X-Request-Id, the id
 * Fastify's request logs carry as reqId. /metrics is off unless someone is named who may read it: a
 * bearer token (METRICS_TOKEN) on the public port, or a listener of its own on a private address
 * (METRICS_PORT, METRICS_HOST), since the figures tell an outsider the routes' load and timing.
 */
const metricsPlugin: FastifyPluginAsyncZod<MetricsOptions> = async (app, { metrics, database }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  const isEnabled = metrics.token !== null || metrics.port !== null;
  if (!isEnabled) {
    app.get(
      '/metrics',
      { config: { isPublic: true }, schema: { hide: true, response: { 404: errorResponseSchema } } },
      async (_request, reply) =>
        reply.code(404).send({ message: 'Metrics are off: set METRICS_TOKEN or METRICS_PORT', code: 'NOT_FOUND' }),
    );
    return;
  }

  const { registry, requests, duration } = createRegistry(database);
  const readMetrics = createMetricsReader(registry);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path: ids in paths would make a series per event. The build's files
    // each have a route of their own (server/plugins/web.ts), whose names change with every build: one series.
    const pattern = request.routeOptions.url;
    const route = pattern === undefined ? 'unmatched' : pattern.startsWith('/assets/') ? '/assets/*' : pattern;
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    {
      config: { isPublic: true },
      schema: { hide: true, response: { 401: errorResponseSchema, 404: errorResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (metrics.token === null)
        return reply.code(404).send({ message: `Metrics are served on port ${metrics.port} only`, code: 'NOT_FOUND' });
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!isSameSecret(token, metrics.token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      const { text, contentType } = await readMetrics();
      // A string with a non-JSON type is sent as it is: no schema serializes the exposition format.
      return reply.type(contentType).send(text as never);
    },
  );

  if (metrics.port !== null) {
    const privateServer = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      readMetrics().then(
        ({ text, contentType }) =>
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => response.writeHead(503, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
      );
    });
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          privateServer.once('error', reject);
          privateServer.listen(metrics.port!, metrics.host, () => resolve());
        }),
    );
    app.addHook('onClose', () => new Promise<void>((resolve) => privateServer.close(() => resolve())));
  }
};

export default fp(metricsPlugin, { name: 'metrics' });
