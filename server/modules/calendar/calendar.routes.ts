import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema, calendarFeedStatusSchema } from '../../../contract/calendar';
import { idParamsSchema } from '../../../contract/common';
import { errorResponseSchema } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { requestOrigin } from '../../lib/request-origin';
import { requireUser } from '../../plugins/session';
import { CalendarService, FEED_NOT_FOUND_MESSAGE } from './calendar.service';

const ICS_SUFFIX = '.ics';

function sendCalendar(reply: FastifyReply, fileName: string, body: string, cacheControl: string): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', cacheControl)
    .type('text/calendar; charset=utf-8')
    .send(body);
}

/** An event's calendar file, the personal feed, and the feed's URL in the settings. */
export const calendarRoutes: FastifyPluginAsyncZod<{ db: Database; publicUrl?: string | null }> = async (
  app,
  { db, publicUrl = null },
) => {
  const service = new CalendarService(db, { publicUrl });

  app.get(
    '/api/events/:id/calendar.ics',
    {
      // Guests may add an event to their calendar too.
      config: { isPublic: true },
      schema: {
        tags: ['calendar'],
        summary:
          'An event as an iCalendar file (stable UID; SEQUENCE rises with every change; STATUS:CANCELLED once cancelled)',
        params: idParamsSchema,
        response: { 200: z.string().describe('text/calendar'), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const body = await service.eventCalendar(request.params.id, requestOrigin(request), request.user?.id ?? null);
      // Revalidated each time: an edit or a cancellation must reach the next download.
      return sendCalendar(reply, `pitchin-event-${request.params.id}.ics`, body, 'no-cache');
    },
  );

  app.get(
    '/api/calendar/:file',
    {
      // The token in the address is the credential: calendar apps send no cookie.
      config: { isPublic: true },
      schema: {
        tags: ['calendar'],
        summary: "The personal feed of the token owner's RSVPs: /api/calendar/{token}.ics",
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string().describe('text/calendar'), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!file.endsWith(ICS_SUFFIX)) throw notFound(FEED_NOT_FOUND_MESSAGE);
      const body = await service.feedCalendar(file.slice(0, -ICS_SUFFIX.length), requestOrigin(request));
      return sendCalendar(reply, 'pitchin.ics', body, 'private, no-cache').header('referrer-policy', 'no-referrer');
    },
  );

  app.get(
    '/api/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Whether the caller has a calendar feed (its URL is shown only when made)',
        response: { 200: calendarFeedStatusSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.feedStatus(requireUser(request).id);
    },
  );

  app.post(
    '/api/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary: "Make the caller's calendar feed URL, or a new one (the old URL stops working)",
        response: {
          201: calendarFeedSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const feed = await service.renewFeed(requireUser(request).id, requestOrigin(request));
      return reply.status(201).header('cache-control', 'private, no-store').send(feed);
    },
  );

  app.delete(
    '/api/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary: "Turn the caller's calendar feed off",
        response: { 204: z.null(), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.removeFeed(requireUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
