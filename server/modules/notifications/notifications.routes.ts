import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import {
  markNotificationsReadBodySchema,
  notificationGroupSchema,
  notificationGroupsQuerySchema,
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from '../../../contract/notifications';
import type { DatabaseHandle } from '../../db/client';
import { HttpError, unauthorized } from '../../lib/http-error';
import { requireUser } from '../../plugins/session';
import { limitSubjectOf } from '../auth/auth.service';
import { NotificationsService } from './notifications.service';
import { STREAM_RETRY_MS, type StreamHub, type StreamRefusal } from './stream-hub';

type Options = {
  database: DatabaseHandle;
  /** The process's streams (app.ts makes it, to refuse streams over capacity before the session lookup). */
  hub: StreamHub;
  /** The stored id of the session a cookie's token names (AuthService.sessionIdForToken). */
  sessionIdForToken: (token: string) => string;
  /** Whether the session is live in the database, not only in this process's cache (AuthService.isSessionLive). */
  isSessionLive: (token: string) => Promise<boolean>;
};

const NOT_AN_EVENT_STREAM = 'This address sends Server-Sent Events: ask for Accept: text/event-stream';
export const STREAM_REFUSALS: Record<StreamRefusal, { status: 429 | 503; message: string; retryAfterSeconds: number }> =
  {
    user: { status: 429, message: 'Too many open live connections: close a tab and try again', retryAfterSeconds: 3 },
    address: {
      status: 429,
      message: 'Too many open live connections from your network: updates come by polling for now',
      retryAfterSeconds: 60,
    },
    process: {
      status: 503,
      message: 'The server holds all the live connections it can: updates come by polling for now',
      retryAfterSeconds: 60,
    },
  };

/**
 * A refused stream's answer. The connection closes with it: a client that piles up refused attempts
 * must not keep their sockets open for the keep-alive timeout.
 */
function streamRefused(refusal: StreamRefusal): HttpError {
  const { status, message, retryAfterSeconds } = STREAM_REFUSALS[refusal];
  return new HttpError(status, message, { 'retry-after': String(retryAfterSeconds), connection: 'close' });
}

/**
 * The client address a stream counts against: request.ip, the socket's address unless TRUST_PROXY
 * names the proxies whose X-Forwarded-For to believe; IPv6 by its /64, as the sign-in limits count.
 */
function streamAddressOf(request: FastifyRequest): string {
  return limitSubjectOf(request.ip);
}

/**
 * An onRequest hook for the root, registered before the session plugin: a stream over the process's or
 * the address's cap is refused before its session is looked up, so a flood of refused attempts costs no
 * database query.
 */
export function refuseStreamsOverCapacity(hub: StreamHub) {
  return async (request: FastifyRequest) => {
    if (request.method !== 'GET' || request.routeOptions.url !== '/api/stream') return;
    const refusal = hub.findCapacityRefusal(streamAddressOf(request));
    if (refusal) throw streamRefused(refusal);
  };
}

/** RFC 8288 link to the next page: the same query with the new cursor, as GET /api/events does. */
function nextPageLink(requestUrl: string, cursor: number): string {
  const params = new URL(requestUrl, 'http://localhost').searchParams;
  params.set('cursor', String(cursor));
  return `</api/notifications?${params.toString()}>; rel="next"`;
}

export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { database, hub, sessionIdForToken, isSessionLive },
) => {
  const service = new NotificationsService(database.db);
  app.addHook('onReady', () => hub.start());
  // Open streams would keep the server from closing: they end first, and the browsers reconnect elsewhere.
  app.addHook('preClose', () => hub.stop());

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first; the next page is in the Link header',
        querystring: notificationListQuerySchema,
        response: { 200: z.array(notificationSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { notifications, nextCursor } = await service.list(requireUser(request).id, request.query);
      if (nextCursor !== null) reply.header('link', nextPageLink(request.url, nextCursor));
      return notifications;
    },
  );

  app.get(
    '/api/notifications/groups',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Your newest notifications (limit), those of the same kind about the same thing gathered into one entry with a count',
        querystring: notificationGroupsQuerySchema,
        response: { 200: z.array(notificationGroupSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listGroups(requireUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread',
        response: { 200: unreadCountSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ count: await service.unreadCount(requireUser(request).id) }),
  );

  app.post(
    '/api/notifications/read',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['notifications'],
        summary: 'Mark the given notifications read (no ids: all of them)',
        // A bodiless POST is "mark all", as {} is.
        body: markNotificationsReadBodySchema.nullable().optional(),
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await service.markRead(requireUser(request).id, request.body?.ids);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/stream',
    {
      // Compression would hold the events back in its buffer.
      compress: false,
      schema: {
        tags: ['notifications'],
        summary: `Server-Sent Events for you: "notification", "message" (data.with: the conversation) and "event" (data.eventId: its seats or attendees changed); signals only, read what they name again. retry ${STREAM_RETRY_MS} ms`,
        response: {
          200: z.string().describe('text/event-stream'),
          401: errorResponseSchema,
          406: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.sessionToken) throw unauthorized();
      // An <img> or a plain fetch must not hold one of the user's stream slots open.
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        throw new HttpError(406, NOT_AN_EVENT_STREAM);
      const owner = {
        userId: user.id,
        sessionId: sessionIdForToken(request.sessionToken),
        address: streamAddressOf(request),
      };
      // Refused before anything of the stream is made: refusals are what a flood mostly gets.
      const refusal = hub.findRefusal(owner);
      if (refusal) throw streamRefused(refusal);
      // Another process may have ended the session within this process's cache window; its signal came
      // before this stream existed, so the stream would live on for its whole lifetime.
      if (!(await isSessionLive(request.sessionToken))) throw unauthorized();
      // A bare Readable (no writable side, no buffer until something is pushed) that Fastify pipes out.
      const stream = new Readable({ read() {} });
      const opened = hub.open(owner, stream);
      if (typeof opened === 'string') throw streamRefused(opened);
      reply.raw.once('close', opened.close);
      // The client may have gone while its session was checked: that 'close' came before the listener.
      if (reply.raw.destroyed || request.raw.destroyed) opened.close();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // nginx and similar proxies otherwise buffer the stream.
          .header('x-accel-buffering', 'no')
          // The connection goes with the stream: one left idle after a shutdown ended the stream would
          // hold the server's close for the whole keep-alive timeout.
          .header('connection', 'close')
          // Fastify pipes a stream as it is; the 200 schema only documents the stream for OpenAPI.
          .send(stream as unknown as string)
      );
    },
  );
};
