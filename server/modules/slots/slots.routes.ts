import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { changeAudienceSchema, seriesScopeQuerySchema } from '../../../contract/series';
import { attendanceBodySchema, waitlistResponseSchema } from '../../../contract/event-management';
import { errorResponses } from '../../../contract/errors';
import {
  createSlotBodySchema,
  mySlotListSchema,
  slotListSchema,
  slotRosterQuerySchema,
  slotRosterSchema,
  slotSchema,
  slotSignupParamsSchema,
  slotSignupResponseSchema,
  slotSignupsBodySchema,
  slotSignupsResponseSchema,
  updateSlotBodySchema,
} from '../../../contract/slots';
import { readTimeZone } from '../../lib/page-rendering';
import { isCsvWanted, sendCsv } from '../../lib/csv-response';
import { requireUser } from '../../plugins/session';
import { rosterToCsv, type SlotsService } from './slots.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** An event's schedule: slots, places in them, their queues, approvals and attendance (decision 0027). */
export const slotRoutes: FastifyPluginAsyncZod<{ service: SlotsService; timeZone?: string }> = async (
  app,
  { service, timeZone = 'UTC' },
) => {
  app.get(
    '/api/events/:id/slots',
    {
      config: { isPublic: true },
      schema: {
        tags: ['slots'],
        summary: "An event's slots by start, then role (guests too)",
        params: idParamsSchema,
        response: { 200: slotListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.list(request.user?.id ?? null, request.params.id),
  );

  app.post(
    '/api/events/:id/slots',
    {
      schema: {
        tags: ['slots'],
        summary: 'Add a slot to an upcoming event (organizer only)',
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        body: createSlotBodySchema,
        response: { 201: slotSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(requireUser(request).id, request.params.id, request.body, request.query.scope)),
  );

  app.patch(
    '/api/slots/:id',
    {
      schema: {
        tags: ['slots'],
        summary:
          "Change a slot (organizer only), with its copies on the scope's dates; a new time notifies its holders",
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        body: updateSlotBodySchema,
        response: { 200: slotSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => service.update(requireUser(request).id, request.params.id, request.body, request.query.scope),
  );

  app.delete(
    '/api/slots/:id',
    {
      schema: {
        tags: ['slots'],
        summary: "Remove a slot (organizer only), with its copies on the scope's dates; its people are notified",
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        response: { 204: z.null(), ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await service.remove(requireUser(request).id, request.params.id, request.query.scope);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/slots/:id/audience',
    {
      schema: {
        tags: ['slots'],
        summary: 'Whom changing or removing the slot with this scope would tell, each person once (organizer only)',
        params: idParamsSchema,
        querystring: seriesScopeQuerySchema,
        response: { 200: changeAudienceSchema, ...errors },
      },
    },
    async (request) => service.audience(requireUser(request).id, request.params.id, request.query.scope ?? 'this'),
  );

  app.post(
    '/api/slots/:id/signup',
    {
      schema: {
        tags: ['slots'],
        summary: 'Take a place in a slot: confirmed, or pending when its role requires approval',
        params: idParamsSchema,
        response: { 201: slotSignupResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: await service.signUpForSlot(requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/api/events/:id/slot-signups',
    {
      schema: {
        tags: ['slots'],
        summary: 'Take several slots of one event in one go: all of them or none',
        params: idParamsSchema,
        body: slotSignupsBodySchema,
        response: { 201: slotSignupsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.signUp(requireUser(request).id, request.params.id, request.body.slotIds)),
  );

  app.delete(
    '/api/slots/:id/signup',
    {
      schema: {
        tags: ['slots'],
        summary: "Give up the caller's place; it goes to the first person waiting",
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
    '/api/slots/:id/waitlist',
    {
      schema: {
        tags: ['slots'],
        summary: 'Join the waitlist of a full slot',
        params: idParamsSchema,
        response: { 201: waitlistResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ position: await service.joinWaitlist(requireUser(request).id, request.params.id) }),
  );

  app.delete(
    '/api/slots/:id/waitlist',
    {
      schema: {
        tags: ['slots'],
        summary: "Leave a slot's waitlist",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.leaveWaitlist(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/slots/:id/signups/:userId/${decision}`,
      {
        schema: {
          tags: ['slots'],
          summary: `${decision === 'approve' ? 'Approve' : 'Decline'} a pending place (organizer only); the person is notified`,
          params: slotSignupParamsSchema,
          response: { 200: z.object({ status: z.enum(['confirmed', 'declined']) }), ...errors },
        },
      },
      async (request) => {
        const organizerId = requireUser(request).id;
        if (decision === 'approve') {
          await service.approve(organizerId, request.params.id, request.params.userId);
          return { status: 'confirmed' as const };
        }
        await service.decline(organizerId, request.params.id, request.params.userId);
        return { status: 'declined' as const };
      },
    );
  }

  app.put(
    '/api/slots/:id/attendance',
    {
      schema: {
        tags: ['slots'],
        summary: "Record who came to a slot (organizer only; from the slot's start until 30 days after)",
        params: idParamsSchema,
        body: attendanceBodySchema,
        response: { 200: slotRosterSchema.element, ...errors },
      },
    },
    async (request) => service.recordAttendance(requireUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/events/:id/slot-signups',
    {
      schema: {
        tags: ['slots'],
        summary: "Each slot's people and queue (organizer only); CSV with Accept: text/csv or ?format=csv",
        params: idParamsSchema,
        querystring: slotRosterQuerySchema,
        response: {
          200: slotRosterSchema.describe(
            'JSON, or text/csv with the columns Role, Starts, Ends (in the time zone of the pitchin_time_zone cookie), Capacity, Name, Status, Waitlist position and Attended',
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { slots, roster } = await service.roster(requireUser(request).id, request.params.id);
      reply.header('cache-control', 'private, no-store');
      if (isCsvWanted(request, request.query.format))
        return sendCsv(
          reply,
          `event-${request.params.id}-schedule.csv`,
          rosterToCsv(slots, roster, readTimeZone(request.cookies, timeZone)),
        );
      return reply.header('vary', 'Accept').send(roster);
    },
  );

  app.get(
    '/api/my-slots',
    {
      schema: {
        tags: ['slots'],
        summary: "The caller's places and queues in slots not yet ended, soonest first",
        response: { 200: mySlotListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.mine(requireUser(request).id),
  );
};
