import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_REGISTRATION_SOURCE } from '../lib/service-worker-registration';
import { createTestApp, type TestApp } from '../test/test-app';
import { inlineScriptSources } from './security';

const THEME_SCRIPT = "\n      document.documentElement.classList.add('dark');\n    ";
const SIGN_IN_SCRIPT = 'document.documentElement.dir = "rtl";';
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-csp-web-'));
writeFileSync(
  path.join(webDirectory, 'index.html'),
  `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" crossorigin src="/assets/main.js"></script><!-- head:start --><!-- head:end --></head><body></body></html>`,
);
writeFileSync(
  path.join(webDirectory, 'sign-in.html'),
  `<!doctype html><html><head><SCRIPT>${SIGN_IN_SCRIPT}</SCRIPT></head><body></body></html>`,
);

function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WEB_DIST_DIR: webDirectory });
});
afterAll(async () => app?.close());

describe('inline scripts of the built pages in the CSP', () => {
  it("allows exactly the inline scripts of the built HTML and the server's service worker registration by their SHA-256, and never unsafe-inline", async () => {
    for (const url of ['/', '/discover', '/api/login', '/no-such-page']) {
      const sources = scriptSources(
        (await app.inject({ method: 'GET', url })).headers['content-security-policy'] as string,
      );
      expect(sources.sort()).toEqual(
        ["'self'", hashOf(THEME_SCRIPT), hashOf(SIGN_IN_SCRIPT), SERVICE_WORKER_REGISTRATION_SOURCE].sort(),
      );
    }
  });
});

describe('headers of API data', () => {
  it('lets nothing in an API answer run, load or be framed, errors included, in far fewer bytes than a page', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const answers = [
      await app.inject({ method: 'GET', url: '/api/categories' }),
      await app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await app.inject({ method: 'GET', url: '/api/events/not-a-number' }),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none';base-uri 'none';frame-ancestors 'none';object-src 'none'",
      );
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    // The page's own headers (type, length, caching) aside.
    const securityHeaderBytes = (response: { headers: Record<string, unknown> }) =>
      Object.entries(response.headers)
        .filter(
          ([name]) =>
            !['content-type', 'content-length', 'cache-control', 'date', 'connection', 'etag', 'vary', 'link'].includes(
              name,
            ),
        )
        .reduce((sum, [name, value]) => sum + name.length + String(value).length, 0);
    expect(securityHeaderBytes(page) - securityHeaderBytes(answers[0]!)).toBeGreaterThan(400);
  });

  it('gives no hash to a script with a src, or when there is no build', () => {
    const onlyExternal = mkdtempSync(path.join(tmpdir(), 'pitchin-csp-external-'));
    writeFileSync(
      path.join(onlyExternal, 'index.html'),
      '<html><head><script src="/x.js"></script><script type="module" src="/assets/a.js"></script></head></html>',
    );
    expect(inlineScriptSources(onlyExternal)).toEqual([]);
    expect(inlineScriptSources(path.join(onlyExternal, 'missing'))).toEqual([]);
  });

  it('the landing and sign-in pages take their one pre-paint script from web/pre-paint.js, and have no other inline script', () => {
    for (const file of ['index.html', 'sign-in.html']) {
      const html = readFileSync(path.join(import.meta.dirname, '../../web', file), 'utf8');
      expect(html.split('<!-- pre-paint -->')).toHaveLength(2);
      expect([...html.matchAll(/<script>/g)]).toHaveLength(0);
    }
  });
});
