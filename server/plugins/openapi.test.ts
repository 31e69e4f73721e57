import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { chooseCoding } from './openapi';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the OpenAPI document', () => {
  it('is the generated document, in the coding the client takes, with an ETag that answers 304', async () => {
    const expected = JSON.stringify(app.swagger());
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(expected);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const brotli = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(expected);
    const gzip = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
    expect([brotli.headers.etag, gzip.headers.etag]).toEqual([etag, etag]);

    const unchanged = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);
    // The security headers of every answer are on it too.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is the YAML document on /api/docs/yaml', async () => {
    const yaml = await app.inject({ method: 'GET', url: '/api/docs/yaml', headers: { 'accept-encoding': 'br' } });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toBe('application/x-yaml');
    expect(brotliDecompressSync(yaml.rawPayload).toString()).toBe(app.swagger({ yaml: true }));
  });

  it('is made once: later requests send the bytes of the first instead of serializing the document again', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/docs/json' });
    await app.inject({ method: 'GET', url: '/api/docs/yaml' });
    const original = app.swagger;
    app.swagger = () => {
      throw new Error('the document was made again');
    };
    try {
      for (const url of ['/api/docs/json', '/api/docs/yaml']) {
        const again = await app.inject({ method: 'GET', url });
        expect(again.statusCode, url).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).body).toBe(first.body);
    } finally {
      app.swagger = original;
    }
  });
});

describe('chooseCoding (RFC 9110 Accept-Encoding)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['BR', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0.001', 'br'],
    ['br;q=nonsense, gzip', 'gzip'],
  ] as const)('%j takes %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});
