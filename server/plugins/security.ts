import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { badRequest, forbidden, HttpError } from '../lib/http-error';
import { DEFERRED_SCRIPTS_LOADER_SOURCE } from '../lib/deferred-scripts';
import { API_DATA_HEADERS } from '../lib/security-headers';
import { SERVICE_WORKER_REGISTRATION_SOURCE } from '../lib/service-worker-registration';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A mail's List-Unsubscribe link: mail clients POST a form to it from anywhere (RFC 8058), and the
     * signed token in its address is the whole authority, so neither the JSON nor the same-site rule applies.
     */
    acceptsOneClickPost?: boolean;
  }
}

/**
 * State-changing calls take JSON only and are refused when the browser says they come
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
      sources.add(
        `'sha256-${createHash('sha256')
          .update(text ?? '', 'utf8')
          .digest('base64')}'`,
      );
    }
  }
  return [...sources];
}

/** The headers a helmet middleware sets: its policy is fixed, so it is worked out once, not per request. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
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

async function securityPlugin(
  app: FastifyInstance,
  options: { publicUrl: string | null; webDistDirectory: string; canRenderPages: boolean; isWebDevServer?: boolean },
) {
  // The headers of pages (and everything else that is not API data). @fastify/helmet built its
  // middleware again on every request, parsing the whole policy each time: about 15 µs a request.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline': the only inline scripts allowed are the build's own, by hash.
        // Pages the server rendered also carry the loader of their scripts (server/lib/deferred-scripts.ts).
        // `npm run dev` only: Vite writes its hot-reload preamble inline, different on every edit.
        scriptSrc: options.isWebDevServer
          ? ["'self'", "'unsafe-inline'"]
          : [
              "'self'",
              ...inlineScriptSources(options.webDistDirectory),
              ...(options.canRenderPages ? [DEFERRED_SCRIPTS_LOADER_SOURCE] : []),
              // Signed-in pages register the service worker (server/lib/service-worker-registration.ts).
              SERVICE_WORKER_REGISTRATION_SOURCE,
            ],
        // Radix and the charts set style attributes at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Vite's hot reload talks over its own WebSocket port under `npm run dev`.
        connectSrc: options.isWebDevServer ? ["'self'", 'ws:'] : ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // The service worker (server/lib/service-worker-registration.ts); stated, not left to fall back on script-src.
        workerSrc: ["'self'"],
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
      if (path !== null)
        throw badRequest('Text must not contain NUL characters', [
          { path, message: 'Text must not contain NUL characters' },
        ]);
    }
  });

  // Every answer, errors and 404s included, goes through onSend.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Photos and share images keep the page headers: opened on their own, they are shown in a document.
    const contentType = String(reply.getHeader('content-type') ?? '');
    const isApiData =
      request.url.startsWith('/api/') && (contentType === '' || contentType.startsWith('application/json'));
    // A route's own choice stands (photos are cross-origin for other sites' link previews).
    for (const [name, value] of Object.entries(isApiData ? API_DATA_HEADERS : documentHeaders)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // ASVS 5.0 V14.3.2: API answers carry personal data (messages, e-mails), so browsers and proxies must
    // not store them, unless the route chose its own caching (public photos, og-image, journey ETags).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const isHttpsSite = options.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused (app.ts turns off Node's own bare 400).
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw badRequest('The Host header is required', undefined, 'INVALID_REQUEST');
    // RFC 9112 §3.2: a Host that is no host is refused too. Routes build this origin into links and calendar
    // files, and a URL built on `Host: a b` (or a forwarded host from a trusted proxy) threw there: a 500.
    // Fastify reads a missing Host (HTTP/1.0 allows one) as '': such a request builds links on PUBLIC_URL.
    if (request.host !== '' && !isHostAndPort(request.host))
      throw badRequest('The Host header is not valid', undefined, 'INVALID_REQUEST');
    // An https PUBLIC_URL says the site is only reached over TLS, whatever the proxy forwards; browsers
    // ignore the header over plain HTTP anyway. A forwarded proto counts only from a trusted proxy.
    if (request.protocol === 'https' || isHttpsSite)
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.acceptsOneClickPost) return;
    const ownOrigins = [`${request.protocol}://${request.host}`];
    if (options.publicUrl) ownOrigins.push(options.publicUrl);
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (isCrossSite(origin, typeof fetchSite === 'string' ? fetchSite : undefined, ownOrigins)) {
      throw forbidden('Cross-site requests are not allowed', 'CROSS_SITE_REQUEST');
    }
    const hasBody = request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0';
    const isChunked = request.headers['transfer-encoding'] !== undefined;
    if (hasBody || isChunked) {
      const contentType = request.headers['content-type'] ?? '';
      if (!/^application\/json\b/i.test(contentType)) throw new HttpError(415, 'Content type must be application/json');
    }
  });
}

/**
 * Whether `value` is what a Host header holds: a host name or address with a port at most. No path, query,
 * user or space, and nothing the URL parser refuses in a host (control bytes, a port past 65535).
 */
function isHostAndPort(value: string): boolean {
  if (value === '' || /[\s/?#@\\]/.test(value)) return false;
  try {
    new URL(`http://${value}`);
    return true;
  } catch {
    return false;
  }
}

export default fp(securityPlugin, { name: 'security' });
