import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementBodySchema,
  announcementResponseSchema,
  attendanceBodySchema,
  attendeesQuerySchema,
  attendeesResponseSchema,
  coOrganizerParamsSchema,
  verifiedHoursSchema,
} from '../../../contract/event-management';
import { idParamsSchema } from '../../../contract/common';
import { changeAudienceSchema, seriesScopeQuerySchema } from '../../../contract/series';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import { cancelEventBodySchema, eventSchema, updateEventBodySchema } from '../../../contract/events';
import { EVENT_LIMITS } from '../../../contract/event-limits';
import type { Database } from '../../db/client';
import { readTimeZone } from '../../lib/page-rendering';
import { requestOrigin } from '../../lib/request-origin';
import { isCsvWanted, sendCsv } from '../../lib/csv-response';
import { requireUser } from '../../plugins/session';
import { attendeesToCsv, type EventManagementService, hoursToCsv } from './event-management.service';
import { EventsService } from '../events/events.service';

// Ten new photos of the largest size, base64-encoded (4/3), plus the rest of the payload (as on create).
const UPDATE_EVENT_BODY_LIMIT = Math.ceil((EVENT_LIMITS.imagesMax * EVENT_LIMITS.imageBytesMax * 4) / 3) + 1024 * 1024;

const errors = errorResponses(400, 401, 403, 404, 409);

const csvQuerySchema = attendeesQuerySchema;

/** The organizer's calls and verified hours. */
export const eventManagementRoutes: FastifyPluginAsyncZod<{
  db: Database;
  service: EventManagementService;
  publicUrl?: string | null;
  timeZone?: string;
}> = async (app, { db, service, publicUrl = null, timeZone = 'UTC' }) => {
  const events = new EventsService(db, { publicUrl });

  app.patch(
    '/api/events/:id',
    {
      bodyLimit: UPDATE_EVENT_BODY_LIMIT,
      schema: {
        tags: ['organizers'],
        summary:
          'Change an upcoming event (organizer only); `images` is the whole photo list in order; `scope` reaches later dates of its series',
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        body: updateEventBodySchema,
        response: {
          200: eventSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.update(user.id, request.params.id, request.body, requestOrigin(request), request.query.scope);
      return events.get(user.id, request.params.id);
    },
  );

  app.post(
    '/api/events/:id/cancel',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Cancel an upcoming event (organizer only); it stays readable with its reason',
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        body: cancelEventBodySchema,
        response: { 200: eventSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const reason = request.body.reason?.trim() || null;
      await service.cancel(user.id, request.params.id, reason, request.query.scope);
      return events.get(user.id, request.params.id);
    },
  );

  app.get(
    '/api/events/:id/audience',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Whom cancelling with this scope would tell, each person once (organizer only)',
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        response: { 200: changeAudienceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.audience(requireUser(request).id, request.params.id, request.query.scope ?? 'this'),
  );

  app.delete(
    '/api/events/:id',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Delete an event nobody else has RSVPed to (organizer only)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/events/:id/attendees',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Who holds an RSVP and who waits (organizer only); CSV with Accept: text/csv or ?format=csv',
        params: idParamsSchema,
        querystring: csvQuerySchema,
        response: {
          200: attendeesResponseSchema.describe(
            "JSON, or text/csv with the columns Name, List, Waitlist position, RSVP status, Signed up (in the time zone of the pitchin_time_zone cookie, else the server's) and Attended",
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const answer = await service.attendees(requireUser(request).id, request.params.id);
      reply.header('cache-control', 'private, no-store');
      if (isCsvWanted(request, request.query.format))
        return sendCsv(
          reply,
          `event-${request.params.id}-attendees.csv`,
          attendeesToCsv(answer, readTimeZone(request.cookies, timeZone)),
        );
      return reply.header('vary', 'Accept').send(answer);
    },
  );

  app.post(
    '/api/events/:id/announcements',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Send a message to every RSVP holder (organizer only)',
        params: idParamsSchema,
        body: announcementBodySchema,
        response: { 201: announcementResponseSchema, ...errors, 415: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const recipientCount = await service.announce(requireUser(request).id, request.params.id, request.body.content);
      return reply.status(201).send({ recipientCount });
    },
  );

  app.put(
    '/api/events/:id/attendance',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Record who came, from the start until 30 days after (organizer only)',
        params: idParamsSchema,
        body: attendanceBodySchema,
        response: { 200: attendeesResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => service.recordAttendance(requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/api/events/:id/co-organizers/:userId',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Accept a "Co-Organizing" RSVP: that person manages the event too (organizer only)',
        params: coOrganizerParamsSchema,
        response: { 200: attendeesResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => service.approveCoOrganizer(requireUser(request).id, request.params.id, request.params.userId),
  );

  app.delete(
    '/api/events/:id/co-organizers/:userId',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Decline a "Co-Organizing" RSVP or end those rights; the person stays as attending',
        params: coOrganizerParamsSchema,
        response: { 200: attendeesResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => service.removeCoOrganizer(requireUser(request).id, request.params.id, request.params.userId),
  );

  app.get(
    '/api/user/hours',
    {
      schema: {
        tags: ['journey'],
        summary: "The caller's verified hours; CSV with Accept: text/csv or ?format=csv",
        querystring: csvQuerySchema,
        response: {
          200: verifiedHoursSchema.describe(
            'JSON, or text/csv with the columns eventId,title,date,hours and a Total row',
          ),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await service.verifiedHours(requireUser(request).id);
      reply.header('cache-control', 'private, no-store');
      if (isCsvWanted(request, request.query.format)) return sendCsv(reply, 'verified-hours.csv', hoursToCsv(answer));
      return reply.header('vary', 'Accept').send(answer);
    },
  );
};
