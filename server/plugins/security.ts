import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { badRequest, forbidden, HttpError } from '../lib/http-error';
import { DEFERRED_SCRIPTS_LOADER_SOURCE } from '../lib/deferred-scripts';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * decisions §1: state-changing calls take JSON only and are refused when the browser says they come
 * from another site. Calls with no Origin and no Sec-Fetch-Site (scripts, curl) are allowed.
 */
function isCrossSite(requestOrigin: string | undefined, fetchSite: string | undefined, ownOrigins: string[]): boolean {
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  if (requestOrigin === undefined) return false;
  return !ownOrigins.includes(requestOrigin);
}

/** Finds the first string holding a NUL character, which PostgreSQL text cannot store. */
function findNulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNulPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The HTML pages of the web build, each of which the server sends (web.ts, auth.routes.ts). */
const HTML_PAGES = ['index.html', 'sign-in.html'];

/**
 * CSP sources for the inline scripts of the built HTML pages (the pre-paint theme script): the SHA-256
 * of each script's text, read from the build the server is about to serve, so the policy follows the
 * build instead of a hash copied by hand that drifts. Scripts with a src need no hash ('self').
 */
export function inlineScriptSources(webDistDirectory: string): string[] {
  const sources = new Set<string>();
  for (const page of HTML_PAGES) {
    const file = path.join(webDistDirectory, page);
    if (!existsSync(file)) continue;
    for (const [, attributes, text] of readFileSync(file, 'utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\ssrc\s*=/i.test(attributes ?? '')) continue;
      sources.add(`'sha256-${createHash('sha256').update(text ?? '', 'utf8').digest('base64')}'`);
    }
  }
  return [...sources];
}

/**
 * The headers of an answer to /api/ that is data (JSON, or no body: a 304, a 204), not a page: nothing in it may
 * run, load or be framed (OWASP REST Security: default-src 'none', frame-ancestors 'none'). The
 * page policy below is about 600 bytes more, on every answer, and the most frequent answer, the
 * achievement poll's 304, is otherwise only a few headers long (issue 6, docs/benchmarks.md).
 */
const API_DATA_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none';base-uri 'none';frame-ancestors 'none';object-src 'none'",
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The headers a helmet middleware sets: its policy is fixed, so it is worked out once, not per request. */
function headersSetBy(middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

async function securityPlugin(app: FastifyInstance, options: { publicUrl: string | null; webDistDirectory: string; canRenderPages: boolean }) {
  // The headers of pages (and everything else that is not API data). @fastify/helmet built its
  // middleware again on every request, parsing the whole policy each time: about 15 µs a request.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline': the only inline scripts allowed are the build's own, by hash.
        // Pages the server rendered also carry the loader of their scripts (server/lib/deferred-scripts.ts).
        scriptSrc: ["'self'", ...inlineScriptSources(options.webDistDirectory), ...(options.canRenderPages ? [DEFERRED_SCRIPTS_LOADER_SOURCE] : [])],
        // Radix and the charts set style attributes at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // ASVS 5.0 V3.4.3: base-uri 'none' (the app uses no <base> element).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Share images and photos are fetched by other sites' link previews.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; the hook below adds it there.
    strictTransportSecurity: false,
  });
  const documentHeaders = headersSetBy(applySecurityHeaders);

  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNulPath(part, '');
      if (path !== null) throw badRequest('Text must not contain NUL characters', [{ path, message: 'Text must not contain NUL characters' }]);
    }
  });

  // Every answer, errors and 404s included, goes through onSend.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Photos and share images keep the page headers: opened on their own, they are shown in a document.
    const contentType = String(reply.getHeader('content-type') ?? '');
    const isApiData = request.url.startsWith('/api/') && (contentType === '' || contentType.startsWith('application/json'));
    // A route's own choice stands (photos are cross-origin for other sites' link previews).
    for (const [name, value] of Object.entries(isApiData ? API_DATA_HEADERS : documentHeaders)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // ASVS 5.0 V14.3.2: API answers carry personal data (messages, e-mails), so browsers and proxies must
    // not store them, unless the route chose its own caching (public photos, og-image, journey ETags).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const ownOrigins = [`${request.protocol}://${request.host}`];
    if (options.publicUrl) ownOrigins.push(options.publicUrl);
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (isCrossSite(origin, typeof fetchSite === 'string' ? fetchSite : undefined, ownOrigins)) {
      throw forbidden('Cross-site requests are not allowed');
    }
    const hasBody = request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0';
    const isChunked = request.headers['transfer-encoding'] !== undefined;
    if (hasBody || isChunked) {
      const contentType = request.headers['content-type'] ?? '';
      if (!/^application\/json\b/i.test(contentType)) throw new HttpError(415, 'Content type must be application/json');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
