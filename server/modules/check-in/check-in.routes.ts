import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkInBodySchema,
  checkInParamsSchema,
  checkInResponseSchema,
  checkOutResponseSchema,
  doorSchema,
  selfCheckInBodySchema,
  selfCheckInCodeQuerySchema as kioskCodeQuerySchema,
  selfCheckInCodeSchema,
  selfCheckInResponseSchema,
  ticketSchema,
  walkInBodySchema,
  walkInGuestCheckOutSchema,
  walkInGuestParamsSchema,
  walkInResponseSchema,
} from '../../../contract/check-in';
import { idParamsSchema } from '../../../contract/common';
import { DEFAULT_LANGUAGE, isLanguageCode } from '../../../contract/languages';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import { qrCodeSvg } from '../../lib/qr-code-image';
import { requireUser } from '../../plugins/session';
import { answeredPage, questionPage, refusalPage } from './attendance-reply-page';
import { sendLinkPage } from './link-page';
import type { CheckInService } from './check-in.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const attendanceReplyQuerySchema = z.object({ token: z.string().max(1000).default('') });
const selfCheckInCodeQuerySchema = selfCheckInBodySchema;

type Options = { service: CheckInService };

function languageCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[LANGUAGE_COOKIE];
}

/** A refused link is worded in the reader's cookie language: the link's holder is not known then. */
function refusalLanguageOf(request: FastifyRequest) {
  const fallback = languageCookieOf(request);
  return isLanguageCode(fallback) ? fallback : DEFAULT_LANGUAGE;
}

/** The day of the event: a holder's ticket and the organizer's door. */
export const checkInRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.post(
    '/api/events/:id/walk-ins',
    {
      schema: {
        tags: ['check-in'],
        summary:
          'Add someone at the door as a guest, beyond capacity if need be, checked in at once (organizer only); the address is mailed one link, and the hours join an account only when its signed-in owner claims them',
        params: idParamsSchema,
        body: walkInBodySchema,
        response: { 201: walkInResponseSchema, ...errors, 415: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.addWalkIn(
        requireUser(request).id,
        request.params.id,
        request.body,
        languageCookieOf(request),
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/events/:id/walk-ins/:guestId/check-out',
    {
      schema: {
        tags: ['check-in'],
        summary:
          'Check out a walk-in whose address has no account yet; the hours their sign-up claims become check-out minus check-in (organizer only)',
        params: walkInGuestParamsSchema,
        response: { 200: walkInGuestCheckOutSchema, ...errors },
      },
    },
    async (request) => service.checkOutGuest(requireUser(request).id, request.params.id, request.params.guestId),
  );

  app.delete(
    '/api/events/:id/walk-ins/:guestId',
    {
      schema: {
        tags: ['check-in'],
        summary:
          'Undo a walk-in whose address has no account yet: removed from the door with the count it added; one already gone changes nothing (organizer only)',
        params: walkInGuestParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.undoGuest(requireUser(request).id, request.params.id, request.params.guestId);
      return reply.status(204).send(null);
    },
  );

  // decisions §19 names the kiosk /events/{id}/kiosk; the screen is /events/{id}/check-in/kiosk (decision 0033),
  // and this keeps the named address working without a route in the table every signed-in screen loads.
  app.get(
    '/events/:id/kiosk',
    { config: { isPublic: true }, schema: { hide: true, params: idParamsSchema } },
    async (request, reply) => reply.redirect(`/events/${request.params.id}/check-in/kiosk`, 302),
  );

  app.get(
    '/api/events/:id/check-in-code',
    {
      schema: {
        tags: ['check-in'],
        summary:
          "A kiosk's rotating self check-in code, naming the kiosk: shown 30 seconds, taken 30 more, while check-in is open (organizer only)",
        params: idParamsSchema,
        querystring: kioskCodeQuerySchema,
        response: { 200: selfCheckInCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.selfCheckInCode(requireUser(request).id, request.params.id, request.query.device);
    },
  );

  app.get(
    '/api/events/:id/check-in-code/qr-code',
    {
      schema: {
        tags: ['check-in'],
        summary: "A live self check-in code's link as a QR code (SVG, dark on white; organizer only)",
        params: idParamsSchema,
        querystring: selfCheckInCodeQuerySchema,
        response: { 200: z.any().describe('image/svg+xml'), ...errors },
      },
    },
    async (request, reply) => {
      await service.assertLiveSelfCheckInCode(requireUser(request).id, request.params.id, request.query.code);
      return reply
        .header('cache-control', 'private, no-store')
        .type('image/svg+xml')
        .send(await qrCodeSvg(service.selfCheckInUrl(request.params.id, request.query.code)));
    },
  );

  app.post(
    '/api/events/:id/self-check-in',
    {
      schema: {
        tags: ['check-in'],
        summary:
          "Check yourself in with the kiosk's live code, holding a place, while check-in is open; a repeat answers alreadyCheckedIn",
        params: idParamsSchema,
        body: selfCheckInBodySchema,
        response: { 200: selfCheckInResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => service.selfCheckIn(requireUser(request).id, request.params.id, request.body.code),
  );

  /**
   * The reminder's "I'm coming" / "I can't come" links (decisions §19). Mail scanners open every link, so
   * the GET only shows the question and one button; the button's POST (same origin, no body) answers.
   * Scoped so that only these two routes accept the form's content type.
   */
  await app.register(async (scope) => {
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, null),
    );

    pages.get(
      '/mail/attendance',
      { config: { isPublic: true }, schema: { hide: true, querystring: attendanceReplyQuerySchema } },
      async (request, reply) => {
        try {
          const page = await service.readAttendanceReply(request.query.token, languageCookieOf(request));
          return sendLinkPage(reply, questionPage(page, page.language, request.query.token));
        } catch (error) {
          return sendLinkPage(reply, refusalPage(refusalLanguageOf(request), error));
        }
      },
    );

    pages.post(
      '/mail/attendance',
      { config: { isPublic: true }, schema: { hide: true, querystring: attendanceReplyQuerySchema } },
      async (request, reply) => {
        try {
          const page = await service.applyAttendanceReply(request.query.token, languageCookieOf(request));
          return sendLinkPage(reply, answeredPage(page, page.language));
        } catch (error) {
          return sendLinkPage(reply, refusalPage(refusalLanguageOf(request), error));
        }
      },
    );
  });

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
    async (request) => service.checkIn(requireUser(request).id, request.params.id, request.body.code, request.body.at),
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
    async (request) => service.checkOut(requireUser(request).id, request.params.id, request.body.code, request.body.at),
  );
};
