import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkInBodySchema,
  checkInParamsSchema,
  checkInResponseSchema,
  checkOutResponseSchema,
  doorSchema,
  ticketSchema,
} from '../../../contract/check-in';
import { idParamsSchema } from '../../../contract/common';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { qrCodeSvg } from '../../lib/qr-code-image';
import { requireUser } from '../../plugins/session';
import { CheckInService } from './check-in.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The day of the event: a holder's ticket and the organizer's door. */
export const checkInRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new CheckInService(db);

  app.get(
    '/api/events/:id/ticket',
    {
      schema: {
        tags: ['check-in'],
        summary: "The caller's check-in code for an event they hold a place at (shown as a QR code)",
        params: idParamsSchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.ticket(requireUser(request).id, request.params.id);
    },
  );

  app.get(
    '/api/events/:id/ticket/qr-code',
    {
      schema: {
        tags: ['check-in'],
        summary: "The caller's check-in code as a QR code (SVG, dark on white)",
        params: idParamsSchema,
        response: { 200: z.any().describe('image/svg+xml'), ...errors },
      },
    },
    async (request, reply) => {
      const ticket = await service.ticket(requireUser(request).id, request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .type('image/svg+xml')
        .send(await qrCodeSvg(ticket.code));
    },
  );

  app.get(
    '/api/events/:id/check-ins',
    {
      schema: {
        tags: ['check-in'],
        summary: "The door's list: every holder with their code and check-in and check-out times (organizer only)",
        params: idParamsSchema,
        response: { 200: doorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.door(requireUser(request).id, request.params.id);
    },
  );

  app.post(
    '/api/events/:id/check-ins',
    {
      schema: {
        tags: ['check-in'],
        summary:
          'Check a ticket in, from 2 hours before the start until 12 hours after the end (organizer only); sets attended; a repeated check-in answers alreadyCheckedIn',
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: checkInResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => service.checkIn(requireUser(request).id, request.params.id, request.body.code),
  );

  app.delete(
    '/api/events/:id/check-ins/:code',
    {
      schema: {
        tags: ['check-in'],
        summary: 'Undo a mistaken check-in: its times and the attendance it recorded (organizer only)',
        params: checkInParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.undoCheckIn(requireUser(request).id, request.params.id, request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/check-outs',
    {
      schema: {
        tags: ['check-in'],
        summary: 'Check a checked-in ticket out; verified hours become check-out minus check-in (organizer only)',
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: checkOutResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => service.checkOut(requireUser(request).id, request.params.id, request.body.code),
  );
};
