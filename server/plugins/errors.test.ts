import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRawRequest } from '../test/raw-requests';
import errorsPlugin, { answerClientError, answerFrameworkError } from './errors';
import securityPlugin from './security';

/**
 * The error plumbing on its own, with routes that do what a careless route would: copy what the client
 * sent into an answer header. Bytes a client chose get a 4xx, never a 5xx, and the answer
 * keeps the one error shape and the security headers.
 */
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify({
    logger: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { publicUrl: null, webDistDirectory: '/nonexistent', canRenderPages: false });
  app.get<{ Querystring: { to?: string } }>('/api/echo-redirect', async (request, reply) =>
    reply.redirect(request.query.to ?? '/'),
  );
  app.get<{ Querystring: { name?: string } }>('/api/echo-header', async (request, reply) =>
    reply.header('x-name', request.query.name ?? '').send({ ok: true }),
  );
  app.get<{ Querystring: { name?: string } }>('/api/echo-raw-header', async (request, reply) => {
    reply.raw.setHeader('x-name', request.query.name ?? '');
    return { ok: true };
  });
  app.get('/api/things/:id', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => app?.close());

function expectRefusal(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(JSON.parse(response.body))).toEqual(['message', 'code']);
}

describe('a header Node refuses to write', () => {
  it('turns a redirect to a non-Latin-1 path (Location: /你) into a 400 {message} with the security headers, not a 500', async () => {
    expectRefusal(await app.inject({ method: 'GET', url: '/api/echo-redirect?to=/%E4%BD%A0' }));
  });

  it('does the same for a CR LF header injection and a control byte, set through Fastify or straight on the raw answer', async () => {
    expectRefusal(
      await app.inject({ method: 'GET', url: '/api/echo-header?name=a%0D%0ASet-Cookie:%20pitchin_session=attacker' }),
    );
    expectRefusal(await app.inject({ method: 'GET', url: '/api/echo-header?name=%01' }));
    expectRefusal(await app.inject({ method: 'GET', url: '/api/echo-raw-header?name=%E2%80%AE' }));
  });

  it('refuses it over a real socket too, and the connection still carries the next request', async () => {
    const refused = await sendRawRequest(
      port,
      Buffer.from('GET /api/echo-redirect?to=/%E4%BD%A0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
    );
    expect(refused).not.toBeNull();
    expectRefusal(refused!);
    expect(refused!.headers.location).toBeUndefined();
    const next = await sendRawRequest(
      port,
      Buffer.from('GET /api/echo-header?name=fine HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
    );
    expect(next?.statusCode).toBe(200);
  });
});

describe("Fastify's and Node's own refusals, written before any hook runs", () => {
  it('answers a path that is not UTF-8 or not percent-encoding (%FF, %ED%A0%80, %C0%AF, %ZZ) with 400 {message} and the security headers, without echoing it', async () => {
    for (const segment of ['%FF', '%ED%A0%80', '%C0%AF', '%ZZ', '%E4%BD']) {
      const response = await app.inject({ method: 'GET', url: `/api/things/${segment}` });
      expectRefusal(response);
      expect(response.body).not.toContain(segment);
    }
  });

  it('answers a parameter over the router limit with 414 {message} and the security headers', async () => {
    expectRefusal(await app.inject({ method: 'GET', url: `/api/things/${'1'.repeat(500)}` }), 414);
  });

  it('answers bytes the HTTP parser refuses (a control byte in a header, Content-Length with Transfer-Encoding, a bad request line) with 400 {message} and the security headers', async () => {
    const requests = [
      'GET /api/things/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad: a\u0001b\r\n\r\n',
      'POST /api/things/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n',
      'GET /api/things/\u0000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      'GET /api/things/1 HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n',
    ];
    for (const request of requests) {
      const response = await sendRawRequest(port, Buffer.from(request, 'latin1'));
      expect(response, request).not.toBeNull();
      expectRefusal(response!);
    }
  });

  it('answers an HTTP/1.1 request without Host with 400 {message} and the security headers (Node would send a bare 400)', async () => {
    const response = await sendRawRequest(port, Buffer.from('GET /api/things/1 HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(response).not.toBeNull();
    expectRefusal(response!);
    const http10 = await sendRawRequest(port, Buffer.from('GET /api/things/1 HTTP/1.0\r\n\r\n'));
    expect(http10?.statusCode).toBe(200);
  });
});
