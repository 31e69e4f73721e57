import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

/** The live stream's client side for the stream tests: open, read, wait for events, see it end. */

export const DELIVERY_LIMIT_MS = 2_000;
/** How soon an ended session's stream must end: the signal goes out at the commit, like every other. */
export const END_LIMIT_MS = 2_000;

/** Whether the stream ended (the server closed it) within `limitMs`. */
export async function endsWithin(stream: OpenStream, limitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limitMs)));
  const result = await Promise.race([stream.ended.then(() => true as const), timedOut]);
  clearTimeout(timer);
  return result;
}

/** A stream request that is expected to be refused: its status, headers and error body. */
export async function requestRefusedStream(origin: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/api/stream`, {
    headers: { cookie, accept: 'text/event-stream', ...headers },
  });
  const body = response.headers.get('content-type')?.startsWith('application/json') ? await response.json() : null;
  if (body === null) await response.body?.cancel();
  return { status: response.status, headers: response.headers, body };
}

export type OpenStream = {
  events: string[];
  text: () => string;
  waitFor: (event: string, sinceIndex?: number) => Promise<number>;
  close: () => void;
  ended: Promise<void>;
};

export async function listenOn(app: {
  listen: (options: { port: number; host: string }) => Promise<string>;
  server: { address(): unknown };
}): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens GET /api/stream as an EventSource would and collects the event names it receives. */
export async function openStream(
  origin: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/stream`, {
    headers: { cookie, accept: 'text/event-stream', ...headers },
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
