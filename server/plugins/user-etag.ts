import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchesIfNoneMatch, sendNotModified } from '../lib/not-modified';
import type { SessionUser } from '../modules/auth/session-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The ETag of a GET route whose answer changes only when a column of the signed-in user's row
     * does (the achievement poll). The session lookup has already loaded that row, so a current
     * If-None-Match is answered 304 here, before validation and the handler.
     */
    etagForUser?: (user: SessionUser) => string;
  }
}

/**
 * Conditional answers for routes that declare `etagForUser`. Every signed-in browser polls its
 * achievements every 10 s and nearly every poll is unchanged, so this is the most frequent
 * request the server gets; going through the whole route for a 304 cost about half of its time
 * (as profiled, docs/benchmarks.md).
 */
async function userEtagPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const etagForUser = request.routeOptions.config.etagForUser;
    if (!etagForUser || !request.user || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    const etag = etagForUser(request.user);
    // no-cache: the browser may keep the copy but must ask each time, which is what makes the 304 useful.
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return done();
    sendNotModified(reply);
  });
}

export default fp(userEtagPlugin, { name: 'user-etag', dependencies: ['session'] });
