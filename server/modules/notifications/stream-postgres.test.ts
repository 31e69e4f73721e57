import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondApp, createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import {
  DELIVERY_LIMIT_MS,
  endsWithin,
  END_LIMIT_MS,
  listenOn,
  openStream,
  requestRefusedStream,
} from '../../test/stream-client';

/*
 * Run only against PostgreSQL (vitest.config.ts includes *-postgres.test.ts when DATABASE_URL is set, as in the
 * PostgreSQL pass of .ci/run): the embedded database is one connection in one process, so two instances cannot
 * share it.
 */

// Two apps with their own pools and LISTEN connections on one database are what two server processes look like.
describe('GET /api/stream across two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let origin: string;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createSecondApp(first);
    origin = await listenOn(first);
  });
  afterAll(async () => {
    await second?.close();
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

  it('refuses a stream for a session the other instance ended within this one’s session cache window', async () => {
    const { cookie } = await signUpUser(first);
    const secondOrigin = await listenOn(second);
    // The second instance has the session in its cache…
    expect(
      (await second.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } })).statusCode,
    ).toBe(200);
    // …when the first ends it: the signal to close its streams goes out before any stream exists.
    expect((await first.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await requestRefusedStream(secondOrigin, cookie)).status).toBe(401);
  });

  it('ends a stream held by one instance when its session signs out through the other', async () => {
    const { cookie } = await signUpUser(first);
    const stream = await openStream(origin, cookie);
    const response = await second.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(await endsWithin(stream, END_LIMIT_MS)).toBe(true);
  });
});
