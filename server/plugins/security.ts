import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, forbidden, HttpError } from '../lib/http-error';

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

async function securityPlugin(app: FastifyInstance, options: { publicUrl: string | null }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNulPath(part, '');
      if (path !== null) throw badRequest('Text must not contain NUL characters', [{ path, message: 'Text must not contain NUL characters' }]);
    }
  });

  // ASVS 5.0 V14.3.2: API answers carry personal data (messages, e-mails), so browsers and proxies must
  // not store them, unless the route chose its own caching (public photos, og-image, journey ETags).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
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
