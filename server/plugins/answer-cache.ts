import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache, type CachedAnswer, isAnswerFor, type PersonalPart } from '../lib/answer-cache';

/**
 * How a GET route's answers may be reused (decision 0009).
 * - viewer: the answer is the signed-in user's own (their lists, their Journey); kept per user.
 * - shared: the same for everyone except the parts `personal` names (the viewer's RSVP status on each
 *   event), which are compared with the viewer's own values before a stored answer is served.
 */
export type AnswerCacheRoute =
  | { scope: 'viewer' }
  | {
      scope: 'shared';
      /** Absent: the answer is the same for every viewer. */
      personal?: {
        /** The personal parts of an answer, from the object the handler returned. */
        extract(payload: unknown): PersonalPart[];
        /** The viewer's values for every id they have one for. */
        readViewer(viewerId: string): Promise<ReadonlyMap<number, string>>;
      };
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    answerCache?: AnswerCacheRoute;
    /** A GET that writes (reading a thread marks it read): it makes stored answers stale like any write. */
    isWritingRead?: boolean;
  }
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
  interface FastifyRequest {
    answerCacheFill: { key: string; viewerKey: string; generation: number; personal: PersonalPart[] | null; finish: (() => void) | null } | null;
  }
}

/** Headers that belong to the answer itself; cookies and per-request headers never do. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'link', 'etag', 'cache-control'] as const;

/** The key of an answer for everyone, and of one for this viewer only. */
function keysOf(request: FastifyRequest, viewerId: string): { key: string; viewerKey: string } {
  // The Accept-Encoding text decides the encoding the compression plugin picks, so equal texts get equal bytes.
  const key = `${request.url} ${request.headers['accept-encoding'] ?? ''}`;
  return { key, viewerKey: `${viewerId} ${key}` };
}

function sendCached(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  return reply.headers(answer.headers).status(200).send(answer.body);
}

function isWrite(request: FastifyRequest): boolean {
  return (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') || request.routeOptions.config.isWritingRead === true;
}

async function answerCachePlugin(app: FastifyInstance, options: { lifetimeMs: number }) {
  // 8 MB holds some thousand compressed pages; a page is stored for a second, so the budget only matters
  // under a flood of distinct queries.
  const cache = new AnswerCache({ lifetimeMs: options.lifetimeMs, maxBytes: 8 * 1024 * 1024, maxViewers: 10_000 });
  app.decorate('answerCache', cache);
  app.decorateRequest('answerCacheFill', null);

  // After the handler (its transaction has committed) and before the client can send its next request.
  const advanceAfterWrite = async (request: FastifyRequest) => {
    if (isWrite(request)) cache.advanceGeneration();
  };
  app.addHook('onSend', advanceAfterWrite);
  // A write whose client went away may never reach onSend.
  app.addHook('onResponse', advanceAfterWrite);

  if (!cache.isEnabled) return;

  /**
   * Answers being read now, by key. When a stored page expires, the requests that arrive while its
   * next copy is read wait for that one read instead of each reading it: on the embedded database,
   * whose one connection serves every query in turn, 20 such reads at once had made a queue.
   */
  const readsInFlight = new Map<string, { done: Promise<void>; startedAt: number }>();
  // Longer than any read should take; an entry older than this (a request that never reached
  // onResponse) is ignored and replaced, so no key can stay blocked.
  const READ_WAIT_LIMIT_MS = 250;

  const findStored = async (route: AnswerCacheRoute, userId: string, key: string, viewerKey: string): Promise<CachedAnswer | undefined> => {
    if (route.scope === 'viewer') return cache.find(viewerKey, () => true);
    if (!route.personal) return cache.find(key, () => true);
    if (!cache.hasEntry(key) && !cache.hasEntry(viewerKey)) return undefined;
    const { personal } = route;
    const viewerValues = await cache.readViewer(userId, () => personal.readViewer(userId));
    const isForViewer = (candidate: CachedAnswer) => isAnswerFor(candidate, viewerValues);
    return cache.find(key, isForViewer) ?? cache.find(viewerKey, isForViewer);
  };

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.config.answerCache;
    if (!route || request.method !== 'GET' || !request.user) return;
    const userId = request.user.id;
    const { key, viewerKey } = keysOf(request, userId);
    // A viewer's own answers are read for them alone; a shared page for everyone.
    const readKey = route.scope === 'viewer' ? viewerKey : key;
    let answer = await findStored(route, userId, key, viewerKey);
    const reading = answer ? undefined : readsInFlight.get(readKey);
    const isReadingNow = reading !== undefined && Date.now() - reading.startedAt < READ_WAIT_LIMIT_MS;
    if (isReadingNow) {
      // Bounded: a slow read must not hold the others longer than it would take them to read themselves.
      await Promise.race([reading.done, new Promise((resolve) => setTimeout(resolve, READ_WAIT_LIMIT_MS))]);
      answer = await findStored(route, userId, key, viewerKey);
    }
    if (answer) return sendCached(reply, answer);
    let finish: (() => void) | null = null;
    if (!isReadingNow) {
      let resolve = () => {};
      const entry = { done: new Promise<void>((settle) => (resolve = settle)), startedAt: Date.now() };
      readsInFlight.set(readKey, entry);
      finish = () => {
        if (readsInFlight.get(readKey) === entry) readsInFlight.delete(readKey);
        resolve();
      };
    }
    request.answerCacheFill = { key, viewerKey, generation: cache.currentGeneration, personal: null, finish };
  });

  // After the answer was stored (onSend) or failed: the requests waiting for this read look again.
  app.addHook('onResponse', async (request) => {
    request.answerCacheFill?.finish?.();
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    const route = request.routeOptions.config.answerCache;
    if (request.answerCacheFill && route?.scope === 'shared' && route.personal) request.answerCacheFill.personal = route.personal.extract(payload);
    return payload;
  });

  const storeAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const fill = request.answerCacheFill;
    const route = request.routeOptions.config.answerCache;
    const isComplete = !(route?.scope === 'shared' && route.personal) || fill?.personal !== null;
    if (fill && isComplete && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      // A page showing none of the viewer's RSVPs is what most viewers see; one that shows some is theirs alone.
      const isPersonal = route?.scope === 'viewer' || (fill.personal ?? []).some(([, value]) => value !== null);
      cache.store(isPersonal ? fill.viewerKey : fill.key, fill.generation, { body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload), headers, personal: fill.personal });
    }
    done(null, payload);
  };

  // Route-level onSend hooks run after the instance's, and the compression plugin adds its own to each
  // route the same way: appended after it, this one sees the compressed bytes.
  app.addHook('onRoute', (route) => {
    if (!(route.config as { answerCache?: AnswerCacheRoute } | undefined)?.answerCache) return;
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...existing, storeAnswer];
  });
}

export default fp(answerCachePlugin, { name: 'answer-cache', dependencies: ['session'] });
