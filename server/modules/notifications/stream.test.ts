import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-environment';
import {
  endsWithin,
  END_LIMIT_MS,
  listenOn,
  type OpenStream,
  openStream,
  requestRefusedStream,
} from '../../test/stream-client';
import { STREAM_REFUSALS } from './notifications.routes';
import { DEFAULT_STREAM_OPTIONS, SHUTDOWN_RETRY_RANGE_MS, StreamHub } from './stream-hub';

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

describe('GET /api/stream caps per client address and per process (STREAMS_PER_ADDRESS, STREAMS_PER_PROCESS)', () => {
  it('answers 429 RATE_LIMITED past the per-address cap, however many accounts the address uses; a forged X-Forwarded-For changes nothing', async () => {
    const app = await createTestApp({ STREAMS_PER_ADDRESS: '3', STREAMS_PER_PROCESS: '100' });
    try {
      const origin = await listenOn(app);
      const users = await Promise.all([1, 2, 3, 4].map(() => signUpUser(app)));
      // One stream per account, each with a different forged address: without TRUST_PROXY the socket's counts.
      const streams = [];
      for (const [index, user] of users.slice(0, 3).entries())
        streams.push(await openStream(origin, user.cookie, { 'x-forwarded-for': `203.0.113.${index + 1}` }));
      const refused = await requestRefusedStream(origin, users[3]!.cookie, { 'x-forwarded-for': '198.51.100.7' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: STREAM_REFUSALS.address.message, code: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBe(STREAM_REFUSALS.address.retryAfterSeconds);
      expect(refused.headers.get('connection')).toBe('close');
      // A slot freed is a slot the address may use again.
      streams.pop()!.close();
      let reopened: OpenStream | null = null;
      for (let attempt = 0; attempt < 50 && !reopened; attempt += 1) {
        const probe = await requestRefusedStream(origin, users[3]!.cookie).catch(() => null);
        if (probe?.status !== 429) reopened = await openStream(origin, users[3]!.cookie);
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(reopened).not.toBeNull();
      for (const stream of [...streams, reopened!]) stream.close();
    } finally {
      await app.close();
    }
  });

  it('counts the address a trusted proxy names (TRUST_PROXY), so people behind one proxy are not one address', async () => {
    const app = await createTestApp({ STREAMS_PER_ADDRESS: '1', STREAMS_PER_PROCESS: '100', TRUST_PROXY: '127.0.0.1' });
    try {
      const origin = await listenOn(app);
      const [first, second] = [await signUpUser(app), await signUpUser(app)];
      const one = await openStream(origin, first.cookie, { 'x-forwarded-for': '203.0.113.1' });
      const other = await openStream(origin, second.cookie, { 'x-forwarded-for': '203.0.113.2' });
      const refused = await requestRefusedStream(origin, second.cookie, { 'x-forwarded-for': '203.0.113.1' });
      expect(refused.status).toBe(429);
      // One IPv6 subscriber holds a whole /64: a new address from it is the same client.
      const fromPrefix = await openStream(origin, second.cookie, { 'x-forwarded-for': '2001:db8:1:2::1' });
      expect(
        (await requestRefusedStream(origin, first.cookie, { 'x-forwarded-for': '2001:db8:1:2::ffff' })).status,
      ).toBe(429);
      for (const stream of [one, other, fromPrefix]) stream.close();
    } finally {
      await app.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After once the process holds its cap, whoever asks', async () => {
    const app = await createTestApp({ STREAMS_PER_ADDRESS: '100', STREAMS_PER_PROCESS: '2' });
    try {
      const origin = await listenOn(app);
      const users = await Promise.all([1, 2, 3].map(() => signUpUser(app)));
      const streams = [await openStream(origin, users[0]!.cookie), await openStream(origin, users[1]!.cookie)];
      const refused = await requestRefusedStream(origin, users[2]!.cookie);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: STREAM_REFUSALS.process.message, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(refused.headers.get('retry-after'))).toBe(STREAM_REFUSALS.process.retryAfterSeconds);
      // Refused before the session is looked up: a flood of attempts costs the database nothing.
      expect((await requestRefusedStream(origin, 'pitchin_session=not-a-session')).status).toBe(503);
      // The rest of the API still answers.
      const count = await fetch(`${origin}/api/notifications/unread-count`, { headers: { cookie: users[2]!.cookie } });
      expect(count.status).toBe(200);
      for (const stream of streams) stream.close();
    } finally {
      await app.close();
    }
  });
});

describe('StreamHub: an idle stream costs no timer of its own', () => {
  it('holds 200 streams on its one timer, beats each on it, and ends each past its lifetime', async () => {
    const app = await createTestApp();
    const hub = new StreamHub(app.database, app.log, {
      ...DEFAULT_STREAM_OPTIONS,
      maxStreamsPerUser: 1000,
      maxStreamsPerAddress: 1000,
      heartbeatMs: 100,
      maxLifetimeMs: 1_000,
    });
    try {
      const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
      await hub.start();
      const before = timers();
      const pushed: string[][] = [];
      for (let index = 0; index < 200; index += 1) {
        const chunks: string[] = [];
        pushed.push(chunks);
        const opened = hub.open(
          { userId: `user-${index % 10}`, sessionId: `session-${index}`, address: '192.0.2.1' },
          {
            push: (chunk) => chunks.push(chunk ?? '<end>'),
          },
        );
        expect(typeof opened).toBe('object');
      }
      expect(timers()).toBe(before);
      expect(hub.countStreams()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 350));
      for (const chunks of pushed)
        expect(chunks.filter((chunk) => chunk === ': heartbeat\n\n').length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(hub.countStreams()).toBe(0);
      for (const chunks of pushed) expect(chunks.at(-1)).toBe('<end>');
    } finally {
      await hub.stop();
      await app.close();
    }
  });
});

describe('GET /api/stream ends with the session it was opened with', () => {
  let app: TestApp;
  let origin: string;

  beforeAll(async () => {
    app = await createTestApp();
    origin = await listenOn(app);
  });
  afterAll(async () => app?.close());

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((item) => item.name === 'pitchin_session')!;
    return `${cookie.name}=${cookie.value}`;
  }

  it('ends at sign-out, and only that session’s stream', async () => {
    const { user, cookie, password } = await signUpUser(app);
    const otherDevice = await signIn(user.email, password);
    const signingOut = await openStream(origin, cookie);
    const staying = await openStream(origin, otherDevice);
    const response = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(await endsWithin(signingOut, END_LIMIT_MS)).toBe(true);
    expect(await endsWithin(staying, 300)).toBe(false);
    staying.close();
  });

  it('ends the other sessions’ streams at a password change, and keeps the changing one’s', async () => {
    const { user, cookie, password } = await signUpUser(app);
    const otherDevice = await signIn(user.email, password);
    const changing = await openStream(origin, cookie);
    const other = await openStream(origin, otherDevice);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie },
      payload: { currentPassword: password, newPassword: 'a brand new passphrase 42' },
    });
    expect(response.statusCode).toBe(204);
    expect(await endsWithin(other, END_LIMIT_MS)).toBe(true);
    expect(await endsWithin(changing, 300)).toBe(false);
    // The stream of the session that stayed still delivers.
    const sender = await signUpUser(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: sender.cookie },
      payload: { receiverId: user.id, content: 'Still there?' },
    });
    expect(sent.statusCode).toBe(201);
    await changing.waitFor('message');
    changing.close();
  });

  it('ends every stream of a deleted account', async () => {
    const { user, cookie, password } = await signUpUser(app);
    const otherDevice = await signIn(user.email, password);
    const streams = [await openStream(origin, cookie), await openStream(origin, otherDevice)];
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: { cookie },
      payload: { password },
    });
    expect(response.statusCode).toBe(204);
    for (const stream of streams) expect(await endsWithin(stream, END_LIMIT_MS)).toBe(true);
    // And it cannot come back: the session is gone.
    expect((await requestRefusedStream(origin, cookie)).status).toBe(401);
  });
});
