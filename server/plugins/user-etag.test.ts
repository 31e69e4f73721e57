import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../modules/auth/session-user';
import userEtagPlugin from './user-etag';

// The session plugin's part, reduced to what this plugin reads: request.user, set in an earlier
// onRequest hook from a header instead of a session cookie. The whole stack is covered by the
// journey API tests (server/modules/journey/journey.test.ts).
const fakeSession = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const id = request.headers['x-user'];
      if (typeof id === 'string')
        request.user = { id, achievementsVersion: Number(request.headers['x-version'] ?? 0) } as SessionUser;
    });
  },
  { name: 'session' },
);

describe('user-etag plugin', () => {
  const app = Fastify();
  const reached = { validation: 0, handler: 0 };

  beforeAll(async () => {
    await app.register(fakeSession);
    await app.register(userEtagPlugin);
    app.addHook('preValidation', async () => {
      reached.validation += 1;
    });
    app.get(
      '/progress',
      { config: { etagForUser: (user: SessionUser) => `W/"${user.id}.${user.achievementsVersion}"` } },
      async () => {
        reached.handler += 1;
        return { progress: 1 };
      },
    );
    app.get('/other', async (request) => ({ etag: request.headers['if-none-match'] ?? null }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a current If-None-Match 304 with its ETag before validation and the handler', async () => {
    const before = { ...reached };
    const answer = await app.inject({
      method: 'GET',
      url: '/progress',
      headers: { 'x-user': 'ana', 'x-version': '3', 'if-none-match': 'W/"ana.3"' },
    });
    expect(answer.statusCode).toBe(304);
    expect(answer.body).toBe('');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers.etag).toBe('W/"ana.3"');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(reached).toEqual(before);
  });

  it("lets a stale tag, another user's tag or no tag through to the route, with the current ETag", async () => {
    for (const headers of [{ 'if-none-match': 'W/"ana.2"' }, { 'if-none-match': 'W/"ben.3"' }, {}]) {
      const before = reached.handler;
      const answer = await app.inject({
        method: 'GET',
        url: '/progress',
        headers: { 'x-user': 'ana', 'x-version': '3', ...headers },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ progress: 1 });
      expect(answer.headers.etag).toBe('W/"ana.3"');
      expect(reached.handler).toBe(before + 1);
    }
  });

  it('leaves requests without a user, and routes without etagForUser, alone', async () => {
    const signedOut = await app.inject({ method: 'GET', url: '/progress', headers: { 'if-none-match': 'W/"ana.3"' } });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers.etag).toBeUndefined();
    const other = await app.inject({
      method: 'GET',
      url: '/other',
      headers: { 'x-user': 'ana', 'if-none-match': 'W/"ana.0"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ etag: 'W/"ana.0"' });
  });
});
