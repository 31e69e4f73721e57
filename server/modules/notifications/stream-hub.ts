import type { FastifyBaseLogger } from 'fastify';
import { STREAM_EVENT_TYPES, type StreamEventData, type StreamEventType } from '../../../contract/notifications';
import type { DatabaseHandle } from '../../db/client';
import { STREAM_CHANNEL, type SessionsEndedSignal, type StreamSignal } from './notifications.service';

/** Where a stream's text goes: `push` queues a chunk for the socket, `push(null)` ends the answer. */
export type StreamSink = { push(chunk: string | null): unknown };

export type StreamHubOptions = {
  /** Open streams one user may hold in this process (tabs and devices); more is a 429. */
  maxStreamsPerUser: number;
  /** Open streams one client address may hold in this process; more is a 429. */
  maxStreamsPerAddress: number;
  /** Open streams this process holds in all; more is a 503. */
  maxStreamsPerProcess: number;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** A stream ends after this long; the browser reconnects, so a revoked session cannot keep listening. */
  maxLifetimeMs: number;
};

export const DEFAULT_STREAM_OPTIONS: StreamHubOptions = {
  maxStreamsPerUser: 8,
  maxStreamsPerAddress: 32,
  maxStreamsPerProcess: 2000,
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

/** Who holds a stream: the user, the session it was opened with (its stored id) and the client address. */
export type StreamOwner = { userId: string; sessionId: string; address: string };

/**
 * One open stream. Deliberately small, since a process may hold thousands: no timer, buffer or closure
 * of its own (the hub's one heartbeat timer serves them all and ends those past their lifetime).
 */
type Stream = StreamOwner & { sink: StreamSink; endsAt: number };

export type OpenedStream = { close: () => void };
/** Why a stream was not opened: each is a different answer (see notifications.routes.ts). */
export type StreamRefusal = 'user' | 'address' | 'process';

const HEARTBEAT = ': heartbeat\n\n';

function isSessionsEndedSignal(value: Record<string, unknown>): boolean {
  return (
    value.type === 'sessions-ended' &&
    (value.sessionId === null || typeof value.sessionId === 'string') &&
    (value.keepSessionId === null || typeof value.keepSessionId === 'string')
  );
}

function isStreamEventData(value: unknown): value is StreamEventData {
  if (typeof value !== 'object' || value === null) return false;
  const { eventId, with: other } = value as Record<string, unknown>;
  return (eventId === undefined || Number.isInteger(eventId)) && (other === undefined || typeof other === 'string');
}

function isStreamSignal(value: unknown): value is StreamSignal {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.userId !== 'string') return false;
  if (record.data !== undefined && !isStreamEventData(record.data)) return false;
  return STREAM_EVENT_TYPES.includes(record.type as StreamEventType) || isSessionsEndedSignal(record);
}

/**
 * The open streams of this process. Writes signal through PostgreSQL NOTIFY (see signalUser), and this
 * process's single LISTEN hands each signal to the streams of its user: a write taken by any process
 * reaches a stream held by any other. On the embedded database PGlite's own LISTEN does the same in-process.
 * An ended session signals on the same channel, so every process closes the streams it opened.
 */
export class StreamHub {
  private readonly streamsByUser = new Map<string, Set<Stream>>();
  private readonly countByAddress = new Map<string, number>();
  private streamCount = 0;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | null = null;
  /**
   * Also told of every ended session, from any process: the session cache forgets the user, so a suspended
   * person's next request reaches the database (and its 401) in every process, not after the cache's window.
   */
  onSessionsEnded: ((userId: string) => void) | null = null;

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
        for (const streams of this.streamsByUser.values())
          for (const stream of streams) for (const type of STREAM_EVENT_TYPES) this.send(stream, type);
      },
    );
    this.heartbeatTimer = setInterval(() => this.beat(), this.options.heartbeatMs).unref();
  }

  /**
   * A process that stops ends its streams itself instead of letting the deadline cut them: each gets a
   * retry hint spread over a few seconds first, so the browsers reconnect (to another process, through
   * the load balancer) soon, and not all in the same instant.
   */
  async stop(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    for (const streams of [...this.streamsByUser.values()]) {
      for (const stream of [...streams]) {
        stream.sink.push(`retry: ${pickShutdownRetryMs()}\n: server stopping\n\n`);
        this.close(stream);
      }
    }
    await this.stopListening?.();
    this.stopListening = null;
  }

  countStreams(userId?: string): number {
    return userId === undefined ? this.streamCount : (this.streamsByUser.get(userId)?.size ?? 0);
  }

  /** The caps that need no session, checked before the session is looked up: a refusal costs no query. */
  findCapacityRefusal(address: string): StreamRefusal | null {
    if ((this.countByAddress.get(address) ?? 0) >= this.options.maxStreamsPerAddress) return 'address';
    if (this.streamCount >= this.options.maxStreamsPerProcess) return 'process';
    return null;
  }

  /** Checks every cap without opening anything: null when a stream may open. */
  findRefusal(owner: StreamOwner): StreamRefusal | null {
    if ((this.streamsByUser.get(owner.userId)?.size ?? 0) >= this.options.maxStreamsPerUser) return 'user';
    return this.findCapacityRefusal(owner.address);
  }

  /** Registers a stream, or says which cap refuses it. */
  open(owner: StreamOwner, sink: StreamSink): OpenedStream | StreamRefusal {
    const refusal = this.findRefusal(owner);
    if (refusal) return refusal;
    const stream: Stream = { ...owner, sink, endsAt: Date.now() + this.options.maxLifetimeMs };
    const streams = this.streamsByUser.get(owner.userId) ?? new Set<Stream>();
    streams.add(stream);
    this.streamsByUser.set(owner.userId, streams);
    this.countByAddress.set(owner.address, (this.countByAddress.get(owner.address) ?? 0) + 1);
    this.streamCount += 1;
    sink.push(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);
    return { close: () => this.close(stream) };
  }

  /** One timer for every stream: a heartbeat each, and the end of those past their lifetime. */
  private beat(): void {
    const now = Date.now();
    for (const streams of [...this.streamsByUser.values()]) {
      for (const stream of [...streams]) {
        if (stream.endsAt <= now) this.close(stream);
        else stream.sink.push(HEARTBEAT);
      }
    }
  }

  private close(stream: Stream): void {
    const streams = this.streamsByUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.streamsByUser.delete(stream.userId);
    const addressCount = (this.countByAddress.get(stream.address) ?? 1) - 1;
    if (addressCount <= 0) this.countByAddress.delete(stream.address);
    else this.countByAddress.set(stream.address, addressCount);
    this.streamCount -= 1;
    stream.sink.push(null);
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
    if (signal.type === 'sessions-ended') {
      this.onSessionsEnded?.(signal.userId);
      this.closeEndedSessions(signal);
      return;
    }
    for (const stream of this.streamsByUser.get(signal.userId) ?? []) this.send(stream, signal.type, signal.data);
  }

  /** A stream must not outlive its session: signed out, its password changed, the account deleted. */
  private closeEndedSessions(signal: SessionsEndedSignal): void {
    for (const stream of [...(this.streamsByUser.get(signal.userId) ?? [])]) {
      const hasEnded =
        signal.sessionId === null ? stream.sessionId !== signal.keepSessionId : stream.sessionId === signal.sessionId;
      if (hasEnded) this.close(stream);
    }
  }

  /** `data` names what changed; `{}` (a reconnect) asks for everything of the kind to be read again. */
  private send(stream: Stream, type: StreamEventType, data: StreamEventData = {}): void {
    stream.sink.push(`event: ${type}\ndata: ${JSON.stringify({ eventId: data.eventId, with: data.with })}\n\n`);
  }
}
