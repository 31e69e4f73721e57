import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { waitlistResponseSchema } from '../../../contract/event-management';
import { errorResponses } from '../../../contract/errors';
import { rsvpBodySchema, rsvpResponseSchema } from '../../../contract/rsvps';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { RsvpsService } from './rsvps.service';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const waitlistErrors = errorResponses(400, 401, 403, 404, 409);

/** A person's place at an event: their RSVP and their place on its waitlist. */
export const rsvpRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new RsvpsService(db);

  app.post(
    '/api/events/:id/rsvp',
    {
      schema: {
        tags: ['rsvps'],
        summary: "RSVP to an upcoming event or switch the caller's status",
        params: idParamsSchema,
        body: rsvpBodySchema,
        response: { 200: rsvpResponseSchema, ...errors },
      },
    },
    async (request) => service.rsvp(requireUser(request).id, request.params.id, request.body.status),
  );

  app.delete(
    '/api/events/:id/rsvp',
    {
      schema: {
        tags: ['rsvps'],
        summary: "Withdraw the caller's RSVP",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.withdraw(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/waitlist',
    {
      schema: {
        tags: ['rsvps'],
        summary: 'Join the waitlist of a full event',
        params: idParamsSchema,
        response: { 201: waitlistResponseSchema, ...waitlistErrors },
      },
    },
    async (request, reply) => {
      const position = await service.joinWaitlist(requireUser(request).id, request.params.id);
      return reply.status(201).send({ position });
    },
  );

  app.delete(
    '/api/events/:id/waitlist',
    {
      schema: {
        tags: ['rsvps'],
        summary: 'Leave the waitlist',
        params: idParamsSchema,
        response: { 204: z.null(), ...waitlistErrors },
      },
    },
    async (request, reply) => {
      await service.leaveWaitlist(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
