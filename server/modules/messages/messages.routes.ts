import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import {
  chatMessageSchema,
  conversationParamsSchema,
  conversationSchema,
  messageSchema,
  sendMessageBodySchema,
} from '../../../contract/messages';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import type { Mailer } from '../mail/mail.service';
import { MessagesService } from './messages.service';

type Options = {
  db: Database;
  mailer: Mailer;
  linkOrigin: string;
  sessionSecret: string;
  invitationMailsPerDay: number;
};

export const messageRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, mailer, linkOrigin, sessionSecret, invitationMailsPerDay },
) => {
  const service = new MessagesService(db, mailer, sessionSecret, invitationMailsPerDay, app.log);

  app.post(
    '/api/messages',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['messages'],
        summary: 'Send a message (receiverId: user id or e-mail)',
        body: sendMessageBodySchema,
        response: {
          201: messageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply
        .status(201)
        .send(await service.send(user.id, request.body, linkOrigin, request.cookies[LANGUAGE_COOKIE]));
    },
  );

  app.get(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Your messages, sent and received, newest first',
        response: { 200: z.array(messageSchema), 401: errorResponseSchema },
      },
    },
    async (request) => service.listFor(requireUser(request).id),
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags: ['messages'],
        summary: 'One direct conversation per person you have messages with, latest first',
        response: { 200: z.array(conversationSchema), 401: errorResponseSchema },
      },
    },
    async (request) => service.conversationsOf(requireUser(request).id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      // Read-only: an image tag pointing here must not mark anyone's messages read.
      schema: {
        tags: ['messages'],
        summary: 'The thread with one person (id = their user id, or an address you wrote to), oldest first',
        params: conversationParamsSchema,
        response: { 200: z.array(chatMessageSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.thread(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/conversations/:id/read',
    {
      schema: {
        tags: ['messages'],
        summary: 'Marks the messages you received from that person read',
        params: conversationParamsSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await service.markRead(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
