import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import {
  markNotificationsReadBodySchema,
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from '../../../contract/notifications';
import type { DatabaseHandle } from '../../db/client';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { requireUser } from '../../plugins/session';
import { NotificationsService } from './notifications.service';
import { DEFAULT_STREAM_OPTIONS, STREAM_RETRY_MS, StreamHub, type StreamHubOptions } from './stream-hub';

type Options = { database: DatabaseHandle; streamOptions?: StreamHubOptions };

const NOT_AN_EVENT_STREAM = 'This address sends Server-Sent Events: ask for Accept: text/event-stream';
const TOO_MANY_STREAMS = 'Too many open live connections: close a tab and try again';

/** RFC 8288 link to the next page: the same query with the new cursor, as GET /api/events does. */
function nextPageLink(requestUrl: string, cursor: number): string {
  const params = new URL(requestUrl, 'http://localhost').searchParams;
  params.set('cursor', String(cursor));
  return `</api/notifications?${params.toString()}>; rel="next"`;
}

export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { database, streamOptions = DEFAULT_STREAM_OPTIONS },
) => {
  const service = new NotificationsService(database.db);
  const hub = new StreamHub(database, app.log, streamOptions);
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
        summary: `Server-Sent Events for you: "notification" and "message" (signals only; read the lists again). retry ${STREAM_RETRY_MS} ms`,
        response: {
          200: z.string().describe('text/event-stream'),
          401: errorResponseSchema,
          406: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // An <img> or a plain fetch must not hold one of the user's stream slots open.
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        throw new HttpError(406, NOT_AN_EVENT_STREAM);
      const stream = new PassThrough();
      const closeStream = hub.open(user.id, stream);
      if (!closeStream) throw tooManyRequests(TOO_MANY_STREAMS, STREAM_RETRY_MS / 1000);
      reply.raw.on('close', closeStream);
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
