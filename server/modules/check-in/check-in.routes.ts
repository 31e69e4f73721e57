import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkInBodySchema,
  checkInParamsSchema,
  checkInResponseSchema,
  checkOutResponseSchema,
  doorSchema,
  selfCheckInBodySchema,
  selfCheckInCodeSchema,
  selfCheckInResponseSchema,
  ticketSchema,
  walkInBodySchema,
  walkInGuestCheckOutSchema,
  walkInGuestParamsSchema,
  walkInResponseSchema,
} from '../../../contract/check-in';
import { idParamsSchema } from '../../../contract/common';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { textDirection } from '../../lib/page-language';
import { qrCodeSvg } from '../../lib/qr-code-image';
import { requireUser } from '../../plugins/session';
import type { Mailer } from '../mail/mail.service';
import { readMailLanguage } from '../mail/mail-settings.service';
import { escapeHtml, fillText, mailTextsOf } from '../mail/mail-templates';
import {
  applyAttendanceReply,
  readAttendanceReply,
  CheckInService,
  type AttendanceReplyPage,
} from './check-in.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const attendanceReplyQuerySchema = z.object({ token: z.string().max(1000).default('') });
const selfCheckInCodeQuerySchema = selfCheckInBodySchema;

type Options = {
  db: Database;
  sessionSecret: string;
  mailer: Mailer;
  linkOrigin: string;
  timeZone: string;
  invitationMailsPerDay: number;
};

type PageOptions = { status: number; language: LanguageCode; body: string };

/** A page of its own, not the app: it must work signed out, on any phone, with no script at all. */
function sendPage(reply: FastifyReply, { status, language, body }: PageOptions) {
  const texts = mailTextsOf(language).attendanceReply;
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(texts.title)} · PitchIn</title>`,
    '<style>body{font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;background:#ffffff;max-width:36rem;margin:3rem auto;padding:0 1rem}',
    'button{padding:.75em 1.4em;border-radius:.5em;border:none;background:#15803d;color:#fff;font-size:1rem;min-height:44px;cursor:pointer}',
    'button.cancel{background:#b91c1c}a{color:#15803d}',
    '@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}a{color:#4ade80}}</style></head>',
    `<body><main><h1 style="font-size:1.4rem">${escapeHtml(texts.title)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');
  // A string with a non-JSON type is sent as it is: the page is not part of the JSON API.
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // same-origin, not no-referrer: under no-referrer a browser sends the button's POST with `Origin: null`,
      // which the cross-site check refuses; the link's token still never leaves this site.
      .header('referrer-policy', 'same-origin')
      .header('x-robots-tag', 'noindex')
      .send(html as never)
  );
}

function formatDate(date: Date, language: LanguageCode): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

function eventLink(language: LanguageCode, eventId: number): string {
  return `<p><a href="/events/${eventId}">${escapeHtml(mailTextsOf(language).attendanceReply.openEvent)}</a></p>`;
}

function paragraph(text: string, role?: 'status' | 'alert'): string {
  return `<p${role ? ` role="${role}"` : ''} dir="auto">${escapeHtml(text)}</p>`;
}

/** A refused link: what went wrong in the reader's words, the status and code of decisions §2 kept. */
function sendRefusal(reply: FastifyReply, language: LanguageCode, error: unknown, eventId?: number) {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  const texts = mailTextsOf(language).attendanceReply;
  const text =
    error.code === 'REPLY_LINK_INVALID'
      ? texts.invalid
      : error.code === 'RSVP_NOT_FOUND'
        ? texts.noPlace
        : error.code === 'REPLY_LINK_EXPIRED'
          ? texts.expired
          : texts.failed;
  reply.header('x-error-code', error.code);
  return sendPage(reply, {
    status: error.statusCode,
    language,
    body: paragraph(text, 'alert') + (eventId ? eventLink(language, eventId) : ''),
  });
}

function languageCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[LANGUAGE_COOKIE];
}

/** The day of the event: a holder's ticket and the organizer's door. */
export const checkInRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, sessionSecret, mailer, linkOrigin, timeZone, invitationMailsPerDay },
) => {
  const service = new CheckInService(db, {
    mailer,
    linkOrigin,
    sessionSecret,
    timeZone,
    invitationMailsPerDay,
    log: app.log,
  });

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
        summary: "The kiosk's rotating self check-in code, valid 2 minutes, while check-in is open (organizer only)",
        params: idParamsSchema,
        response: { 200: selfCheckInCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.selfCheckInCode(requireUser(request).id, request.params.id);
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
        const fallback = languageCookieOf(request);
        let page: AttendanceReplyPage;
        try {
          page = await readAttendanceReply(db, sessionSecret, request.query.token);
        } catch (error) {
          return sendRefusal(reply, isLanguageCode(fallback) ? fallback : DEFAULT_LANGUAGE, error);
        }
        const language = await readMailLanguage(db, page.userId, fallback);
        const texts = mailTextsOf(language).attendanceReply;
        const values = { title: page.title, date: formatDate(page.date, language) };
        if (page.purpose === 'confirm' && page.isConfirmed)
          return sendPage(reply, {
            status: 200,
            language,
            body: paragraph(fillText(texts.confirmed, values), 'status') + eventLink(language, page.eventId),
          });
        const isConfirm = page.purpose === 'confirm';
        return sendPage(reply, {
          status: 200,
          language,
          body: [
            paragraph(fillText(isConfirm ? texts.confirmQuestion : texts.cancelQuestion, values)),
            `<form method="post" action="/mail/attendance?token=${escapeHtml(encodeURIComponent(request.query.token))}">`,
            `<button type="submit"${isConfirm ? '' : ' class="cancel"'}>${escapeHtml(isConfirm ? texts.confirmButton : texts.cancelButton)}</button>`,
            '</form>',
            eventLink(language, page.eventId),
          ].join('\n'),
        });
      },
    );

    pages.post(
      '/mail/attendance',
      { config: { isPublic: true }, schema: { hide: true, querystring: attendanceReplyQuerySchema } },
      async (request, reply) => {
        const fallback = languageCookieOf(request);
        let page: AttendanceReplyPage;
        try {
          page = await applyAttendanceReply(db, sessionSecret, request.query.token);
        } catch (error) {
          return sendRefusal(reply, isLanguageCode(fallback) ? fallback : DEFAULT_LANGUAGE, error);
        }
        const language = await readMailLanguage(db, page.userId, fallback);
        const texts = mailTextsOf(language).attendanceReply;
        const values = { title: page.title, date: formatDate(page.date, language) };
        return sendPage(reply, {
          status: 200,
          language,
          body:
            paragraph(fillText(page.purpose === 'confirm' ? texts.confirmed : texts.cancelled, values), 'status') +
            eventLink(language, page.eventId),
        });
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
