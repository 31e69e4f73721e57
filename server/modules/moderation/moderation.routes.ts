import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import {
  appointModeratorBodySchema,
  blockedPeopleSchema,
  blockStateSchema,
  createReportBodySchema,
  moderationLogSchema,
  moderationStatusSchema,
  moderatorListSchema,
  reportQueueSchema,
  reportSchema,
  resolveReportBodySchema,
  undoBodySchema,
  userIdParamsSchema,
} from '../../../contract/moderation';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import type { AuthService } from '../auth/auth.service';
import { ModerationService } from './moderation.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const moderationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  authService: AuthService;
  adminEmails: readonly string[];
}> = async (app, { db, authService, adminEmails }) => {
  const service = new ModerationService(db, authService, adminEmails);

  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Report an event, a person, a message or a review to the moderators; one open report per reporter and target (409 ALREADY_REPORTED)',
        body: createReportBodySchema,
        response: { 201: reportSchema, ...errors, 415: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.report(requireUser(request).id, request.body)),
  );

  app.get(
    '/api/moderation/status',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Whether the caller is a moderator, and an administrator (ADMIN_EMAILS)',
        response: { 200: moderationStatusSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.status(requireUser(request)),
  );

  app.get(
    '/api/moderation/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The queue (moderators): open reports first, oldest first, each with the reported content',
        response: { 200: reportQueueSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => service.listQueue(requireUser(request)),
  );

  app.post(
    '/api/moderation/reports/:id/resolve',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss the report, hide the content or suspend its author, with a note for the log',
        params: idParamsSchema,
        body: resolveReportBodySchema,
        response: { 204: z.null(), ...errors, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.resolve(requireUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/moderation/log',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The moderation log (moderators), newest first: who did what, when and why',
        response: { 200: moderationLogSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => service.listLog(requireUser(request)),
  );

  app.post(
    '/api/moderation/log/:id/undo',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Undo a hide (unhide) or a suspension (unsuspend); the undo is logged with its note',
        params: idParamsSchema,
        body: undoBodySchema,
        response: { 204: z.null(), ...errors, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.undo(requireUser(request), request.params.id, request.body.note);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/moderation/moderators',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The moderators (moderators only)',
        response: { 200: moderatorListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => service.listModerators(requireUser(request)),
  );

  app.post(
    '/api/moderation/moderators',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Appoint a moderator by e-mail (administrators only)',
        body: appointModeratorBodySchema,
        response: { 204: z.null(), ...errors, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.appoint(requireUser(request), request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/moderation/moderators/:id',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Remove an appointed moderator (administrators only)',
        params: userIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeModerator(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/block',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Whether the caller blocks this person',
        params: userIdParamsSchema,
        response: { 200: blockStateSchema, ...errors },
      },
    },
    async (request) => ({ isBlocked: await service.isBlocking(requireUser(request).id, request.params.id) }),
  );

  for (const method of ['post', 'delete'] as const)
    app[method](
      '/api/users/:id/block',
      {
        schema: {
          tags: ['moderation'],
          summary:
            method === 'post'
              ? 'Block a person: no messages either way, neither reads the other’s, neither finds the other'
              : 'Unblock a person',
          params: userIdParamsSchema,
          response: { 200: blockStateSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (method === 'post') await service.block(user.id, request.params.id);
        else await service.unblock(user.id, request.params.id);
        return { isBlocked: method === 'post' };
      },
    );

  app.get(
    '/api/blocks',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The people the caller blocks, latest first',
        response: { 200: blockedPeopleSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listBlocked(requireUser(request).id),
  );
};
