import type { FastifyBaseLogger } from 'fastify';
import { STREAM_EVENT_TYPES, type StreamEventType } from '../../../contract/notifications';
import type { DatabaseHandle } from '../../db/client';
import { STREAM_CHANNEL, type StreamSignal } from './notifications.service';

export type StreamSink = { write(chunk: string): unknown; end(): unknown };

export type StreamHubOptions = {
  /** Open streams one user may hold in this process (tabs and devices); more is a 429. */
  maxStreamsPerUser: number;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** A stream ends after this long; the browser reconnects, so a revoked session cannot keep listening. */
  maxLifetimeMs: number;
};

export const DEFAULT_STREAM_OPTIONS: StreamHubOptions = {
  maxStreamsPerUser: 8,
  heartbeatMs: 25_000,
  maxLifetimeMs: 30 * 60_000,
};
/** The `retry:` hint: how long the browser waits before it reconnects a dropped stream. */
export const STREAM_RETRY_MS = 3_000;

/** The spread of retry hints a stopping process gives its streams (see StreamHub.stop). */
export const SHUTDOWN_RETRY_RANGE_MS = { min: 500, max: STREAM_RETRY_MS } as const;

function pickShutdownRetryMs(): number {
  return (
    SHUTDOWN_RETRY_RANGE_MS.min +
    Math.floor(Math.random() * (SHUTDOWN_RETRY_RANGE_MS.max - SHUTDOWN_RETRY_RANGE_MS.min))
  );
}

type Client = { userId: string; sink: StreamSink; timers: NodeJS.Timeout[] };

function isStreamSignal(value: unknown): value is StreamSignal {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, type } = value as Record<string, unknown>;
  return typeof userId === 'string' && STREAM_EVENT_TYPES.includes(type as StreamEventType);
}

/**
 * The open streams of this process. Writes signal through PostgreSQL NOTIFY (see signalUser), and this
 * process's single LISTEN hands each signal to the streams of its user: a write taken by any process
 * reaches a stream held by any other. On the embedded database PGlite's own LISTEN does the same in-process.
 */
export class StreamHub {
  private readonly clientsByUser = new Map<string, Set<Client>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: StreamHubOptions = DEFAULT_STREAM_OPTIONS,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      STREAM_CHANNEL,
      (payload) => this.receive(payload),
      // Signals sent while the connection was down are lost: every open tab refetches what it shows.
      () => {
        for (const clients of this.clientsByUser.values())
          for (const client of clients) for (const type of STREAM_EVENT_TYPES) this.send(client, type);
      },
    );
  }

  /**
   * A process that stops ends its streams itself instead of letting the deadline cut them: each gets a
   * retry hint spread over a few seconds first, so the browsers reconnect (to another process, through
   * the load balancer) soon, and not all in the same instant.
   */
  async stop(): Promise<void> {
    for (const clients of [...this.clientsByUser.values()]) {
      for (const client of [...clients]) {
        client.sink.write(`retry: ${pickShutdownRetryMs()}\n: server stopping\n\n`);
        this.close(client);
      }
    }
    await this.stopListening?.();
    this.stopListening = null;
  }

  countStreams(userId: string): number {
    return this.clientsByUser.get(userId)?.size ?? 0;
  }

  /** Registers a stream; false when the user already holds the most streams allowed. */
  open(userId: string, sink: StreamSink): (() => void) | false {
    const clients = this.clientsByUser.get(userId) ?? new Set<Client>();
    if (clients.size >= this.options.maxStreamsPerUser) return false;
    const client: Client = { userId, sink, timers: [] };
    clients.add(client);
    this.clientsByUser.set(userId, clients);
    sink.write(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);
    client.timers.push(setInterval(() => sink.write(': heartbeat\n\n'), this.options.heartbeatMs).unref());
    client.timers.push(setTimeout(() => this.close(client), this.options.maxLifetimeMs).unref());
    return () => this.close(client);
  }

  private close(client: Client): void {
    for (const timer of client.timers) clearTimeout(timer);
    client.timers = [];
    const clients = this.clientsByUser.get(client.userId);
    if (!clients?.delete(client)) return;
    if (clients.size === 0) this.clientsByUser.delete(client.userId);
    client.sink.end();
  }

  private receive(payload: string): void {
    let signal: unknown;
    try {
      signal = JSON.parse(payload);
    } catch {
      signal = null;
    }
    if (!isStreamSignal(signal)) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed stream signal');
      return;
    }
    for (const client of this.clientsByUser.get(signal.userId) ?? []) this.send(client, signal.type);
  }

  private send(client: Client, type: StreamEventType): void {
    client.sink.write(`event: ${type}\ndata: {}\n\n`);
  }
}
