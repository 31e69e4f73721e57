import type { FastifyReply } from 'fastify';
import { createEventOrSeriesBodySchema } from '../../../contract/series';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import { eventListQuerySchema, eventSchema, myRsvpListQuerySchema, myRsvpListSchema } from '../../../contract/events';
import { EVENT_LIMITS } from '../../../contract/event-limits';
import { PHOTO_SIZES } from '../../../contract/photos';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { EventsService, getPhotoRendition } from './events.service';
import { sendNotModified } from '../../lib/not-modified';
import { requestOrigin } from '../../lib/request-origin';

// Ten photos of the largest size, base64-encoded (4/3), plus the rest of the payload.
const CREATE_EVENT_BODY_LIMIT = Math.ceil((EVENT_LIMITS.imagesMax * EVENT_LIMITS.imageBytesMax * 4) / 3) + 1024 * 1024;

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

const photoParamsSchema = z.object({ photoId: z.string().min(1).max(200) });
const photoQuerySchema = z.object({
  size: z
    .enum(PHOTO_SIZES)
    .default('full')
    .describe('card: at most 800 px wide (the photo itself when it is no wider); full: up to 1600 px'),
});

/** RFC 8288 link to the next page: the same path and query with the new cursor. */
function nextPageLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}?${url.searchParams.toString()}>; rel="next"`;
}

/**
 * Sends JSON text PostgreSQL wrote in the shape of the route's response schema (the repository's
 * EVENT_JSON_COLUMNS). Fastify does not serialise a string sent as JSON, so the answer is written
 * without being parsed, validated or copied again (docs/decisions/0020).
 */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

export const eventRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl?: string | null;
  canCreateTestEvents?: boolean;
  timeZone?: string;
}> = async (app, { db, publicUrl = null, canCreateTestEvents = false, timeZone = 'UTC' }) => {
  const service = new EventsService(db, { publicUrl, canCreateTestEvents, timeZone });

  app.get(
    '/api/events',
    {
      // Guests read the events too (userRsvpStatus null).
      config: { isPublic: true },
      schema: {
        tags: ['events'],
        summary: 'Events, upcoming first; the next page is in the Link header',
        querystring: eventListQuerySchema,
        response: { 200: z.array(eventSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const { body, nextCursor } = await service.list(request.user?.id ?? null, request.query);
      if (nextCursor) reply.header('link', nextPageLink(request.url, nextCursor));
      return sendJson(reply, body);
    },
  );

  app.post(
    '/api/events',
    {
      bodyLimit: CREATE_EVENT_BODY_LIMIT,
      schema: {
        tags: ['events'],
        summary: 'Create an event, with up to 10 photos as data URLs',
        body: createEventOrSeriesBodySchema,
        response: { 201: eventSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const event = await service.create(user.id, request.body, requestOrigin(request));
      return reply.status(201).send(event);
    },
  );

  app.get(
    '/api/events/:id',
    {
      config: { isPublic: true },
      schema: {
        tags: ['events'],
        summary: 'One event, past or upcoming',
        params: idParamsSchema,
        response: { 200: eventSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => sendJson(reply, await service.getJson(request.user?.id ?? null, request.params.id)),
  );

  app.get(
    '/api/my-events',
    {
      schema: {
        tags: ['events'],
        summary: 'Events the caller organizes, newest date first',
        response: { 200: z.array(eventSchema), 401: errors[401] },
      },
    },
    async (request, reply) => sendJson(reply, await service.listOrganizedJson(requireUser(request).id)),
  );

  app.get(
    '/api/my-rsvps',
    {
      schema: {
        tags: ['events'],
        summary:
          'Events the caller has an RSVP for: upcoming soonest first, then (include=past) past newest first; the next page is in the Link header',
        querystring: myRsvpListQuerySchema,
        response: { 200: myRsvpListSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const { body, nextCursor } = await service.listJoined(requireUser(request).id, request.query);
      if (nextCursor) reply.header('link', nextPageLink(request.url, nextCursor));
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/images/:photoId',
    {
      config: { isPublic: true },
      schema: {
        tags: ['events'],
        summary: 'An event photo (public, immutable)',
        params: photoParamsSchema,
        querystring: photoQuerySchema,
        response: {
          200: z.any().describe('The image bytes, with their image content type'),
          304: z.null().describe('Not modified'),
          400: errors[400],
          404: errors[404],
        },
      },
    },
    async (request, reply) => {
      // A photo id is never reused and its bytes never change, so the id (and the rendition: each has
      // its own URL, so caches keep them apart) is a strong validator.
      const { size } = request.query;
      const etag = size === 'card' ? `"${request.params.photoId}.card"` : `"${request.params.photoId}"`;
      // Link previews on other sites fetch photos; the app-wide same-site policy would block them. On
      // the 304 too: a revalidation replaces the stored answer's headers with the 304's.
      const cacheHeaders = {
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'cross-origin-resource-policy': 'cross-origin',
      };
      if (request.headers['if-none-match'] === etag) return sendNotModified(reply.headers(cacheHeaders));
      const photo = await getPhotoRendition(db, request.params.photoId, size);
      return reply.headers(cacheHeaders).type(photo.contentType).send(photo.bytes);
    },
  );
};
