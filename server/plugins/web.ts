import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './session';

export type HeadRenderer = (request: FastifyRequest) => Promise<string | null>;

/** Marks in index.html between which the server may put page-specific tags (link previews, decisions §9). */
const HEAD_START = '<!-- head:start -->';
const HEAD_END = '<!-- head:end -->';
/**
 * Put in pages sent to a browser that has no session cookie. The app then knows the visitor is signed
 * out without asking GET /api/auth/user, whose 401 (decisions §1) Chromium logs as a console error on
 * every visitor's first page. With a cookie, valid or not, the app asks as before.
 */
export const NO_SESSION_MARKER = '<meta name="pitchin-session" content="none" />';

/**
 * Serves the built web app: fingerprinted assets cached forever, index.html never cached, and every
 * other non-API path answered with the app so client routing works on reload and shared links.
 */
async function webPlugin(app: FastifyInstance, options: { webDistDirectory: string; renderHead?: HeadRenderer }) {
  const indexPath = path.join(options.webDistDirectory, 'index.html');
  const hasBuild = existsSync(indexPath);
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDistDirectory,
      prefix: '/',
      index: false,
      // One wildcard route: a missing file falls through to the not-found handler (the app or a JSON 404).
      wildcard: true,
      // The HTML pages are always rendered by sendApp / the sign-in route, never served raw.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      preCompressed: true,
      setHeaders(response, filePath) {
        const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', isFingerprinted ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does it for you).');
    }
    let html = indexHtml;
    const head = options.renderHead ? await options.renderHead(request) : null;
    if (head !== null) {
      const start = html.indexOf(HEAD_START);
      const end = html.indexOf(HEAD_END);
      if (start !== -1 && end > start) html = html.slice(0, start + HEAD_START.length) + head + html.slice(end);
    }
    if (!request.cookies?.[SESSION_COOKIE]) html = html.replace('</head>', `${NO_SESSION_MARKER}</head>`);
    return reply.header('cache-control', 'no-cache, no-store, must-revalidate').type('text/html; charset=utf-8').send(html);
  }

  app.get('/', { schema: { hide: true } }, sendApp);

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    const isAsset = /^\/assets\//.test(request.url) || /\.[a-z0-9]{2,5}(\?|$)/i.test(request.url.split('?')[0] ?? '');
    if (isPage && !isAsset) return sendApp(request, reply);
    return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}

export default fp(webPlugin, { name: 'web' });
