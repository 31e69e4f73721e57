import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-environment';
import { DEFAULT_STREAM_OPTIONS, SHUTDOWN_RETRY_RANGE_MS } from './stream-hub';

const DELIVERY_LIMIT_MS = 2_000;

type OpenStream = {
  events: string[];
  text: () => string;
  waitFor: (event: string, sinceIndex?: number) => Promise<number>;
  close: () => void;
  ended: Promise<void>;
};

async function listenOn(app: {
  listen: (options: { port: number; host: string }) => Promise<string>;
  server: { address(): unknown };
}): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens GET /api/stream as an EventSource would and collects the event names it receives. */
async function openStream(origin: string, cookie: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('content-encoding')).toBeNull();
  const events: string[] = [];
  let text = '';
  const waiters = new Set<() => void>();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let isConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => (isConnected = resolve));
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        if (text.includes(': connected')) isConnected();
        events.push(...[...value.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]!));
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    }
  })();
  await connected;
  return {
    events,
    text: () => text,
    close: () => controller.abort(),
    ended,
    waitFor: (event, sinceIndex = 0) =>
      new Promise<number>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (events.slice(sinceIndex).includes(event)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(Date.now() - started);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${event}" within ${DELIVERY_LIMIT_MS} ms; got ${events.join(', ')}`));
        }, DELIVERY_LIMIT_MS);
        waiters.add(check);
        check();
      }),
  };
}

describe('GET /api/stream on one server (in-process on the embedded database, LISTEN/NOTIFY on PostgreSQL)', () => {
  let app: TestApp;
  let origin: string;

  beforeAll(async () => {
    app = await createTestApp();
    expect(app.database.kind).toBe(testDatabaseUrl() ? 'postgres' : 'embedded');
    origin = await listenOn(app);
  });
  afterAll(async () => app?.close());

  it('sends the retry hint, then "message" and "notification" to the receiver within 2 s, and nothing to others', async () => {
    const sender = await signUpUser(app);
    const receiver = await signUpUser(app);
    const bystander = await signUpUser(app);
    const receiverStream = await openStream(origin, receiver.cookie);
    const bystanderStream = await openStream(origin, bystander.cookie);
    expect(receiverStream.text()).toMatch(/^retry: \d+\n/);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: sender.cookie },
      payload: { receiverId: receiver.user.id, content: 'Live hello' },
    });
    expect(sent.statusCode).toBe(201);
    await receiverStream.waitFor('message');
    await receiverStream.waitFor('notification');
    // Marking read in one tab tells the user's other tabs, so every bell shows the same count.
    const before = receiverStream.events.length;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/notifications/read',
          headers: { cookie: receiver.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(204);
    await receiverStream.waitFor('notification', before);
    expect(bystanderStream.events).toEqual([]);
    receiverStream.close();
    bystanderStream.close();
  });

  it('caps the streams one user holds, and frees a slot when a stream disconnects', async () => {
    const user = await signUpUser(app);
    const streams: OpenStream[] = [];
    for (let index = 0; index < DEFAULT_STREAM_OPTIONS.maxStreamsPerUser; index += 1)
      streams.push(await openStream(origin, user.cookie));
    const refused = await fetch(`${origin}/api/stream`, {
      headers: { cookie: user.cookie, accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await refused.json()).message).toMatch(/Too many open live connections/);
    streams.pop()!.close();
    // The server sees the disconnect a moment later.
    let reopened: Response | null = null;
    for (let attempt = 0; attempt < 50 && !reopened; attempt += 1) {
      const probe = await fetch(`${origin}/api/stream`, {
        headers: { cookie: user.cookie, accept: 'text/event-stream' },
      });
      if (probe.status === 200) reopened = probe;
      else {
        await probe.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(reopened).not.toBeNull();
    await reopened!.body?.cancel();
    for (const stream of streams) stream.close();
  });
});

describe('GET /api/stream when its server stops', () => {
  it('ends every open stream at once with a retry hint, so browsers reconnect elsewhere soon', async () => {
    const app = await createTestApp();
    const origin = await listenOn(app);
    const user = await signUpUser(app);
    const streams = [await openStream(origin, user.cookie), await openStream(origin, user.cookie)];
    const started = Date.now();
    await app.close();
    await Promise.all(streams.map((stream) => stream.ended));
    // Closing waits for requests in flight: a stream left open would hold it until the shutdown deadline.
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const stream of streams) {
      const hints = [...stream.text().matchAll(/^retry: (\d+)$/gm)].map((match) => Number(match[1]));
      expect(hints).toHaveLength(2);
      expect(hints[1]).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_RANGE_MS.min);
      expect(hints[1]).toBeLessThanOrEqual(SHUTDOWN_RETRY_RANGE_MS.max);
      expect(stream.text()).toMatch(/: server stopping\n\n$/);
    }
  });
});

// Two apps with their own pools and LISTEN connections on one database are what two server processes look like.
describe.runIf(testDatabaseUrl() !== undefined)('GET /api/stream across two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let secondDatabase: DatabaseHandle;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let origin: string;

  beforeAll(async () => {
    first = await createTestApp();
    secondDatabase = await openDatabase(first.config.database);
    second = await buildApp({ config: first.config, database: secondDatabase, logger: false });
    await second.ready();
    origin = await listenOn(first);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it('delivers a write taken by the other instance within 2 s', async () => {
    const sender = await signUpUser(first);
    const receiver = await signUpUser(first);
    const stream = await openStream(origin, receiver.cookie);
    const sent = await second.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: sender.cookie },
      payload: { receiverId: receiver.user.id, content: 'From the other process' },
    });
    expect(sent.statusCode).toBe(201);
    const elapsed = await stream.waitFor('message');
    await stream.waitFor('notification');
    expect(elapsed).toBeLessThan(DELIVERY_LIMIT_MS);
    // An event change written by the other instance reaches the stream too.
    const created = await second.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: sender.cookie },
      payload: {
        title: 'Park day',
        description: 'd',
        location: 'Lyon',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        categoryId: 1,
        maxAttendees: null,
        imageUrl: null,
        images: [],
      },
    });
    expect(created.statusCode).toBe(201);
    const rsvped = await first.inject({
      method: 'POST',
      url: `/api/events/${created.json().id}/rsvp`,
      headers: { cookie: receiver.cookie },
      payload: { status: 'attending' },
    });
    expect(rsvped.statusCode).toBe(200);
    const before = stream.events.length;
    expect(
      (
        await second.inject({
          method: 'POST',
          url: `/api/events/${created.json().id}/cancel`,
          headers: { cookie: sender.cookie },
          payload: { reason: 'Rain' },
        })
      ).statusCode,
    ).toBe(200);
    await stream.waitFor('notification', before);
    stream.close();
  });
});
