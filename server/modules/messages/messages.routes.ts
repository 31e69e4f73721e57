import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { chatMessageSchema, conversationParamsSchema, conversationSchema, messageSchema, sendMessageBodySchema } from '../../../contract/messages';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { MessagesService } from './messages.service';

export const messageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new MessagesService(db);

  app.post(
    '/api/messages',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['messages'],
        summary: 'Send a message (receiverId: user id or e-mail)',
        body: sendMessageBodySchema,
        response: { 201: messageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await service.send(user.id, request.body));
    },
  );

  app.get(
    '/api/messages',
    { config: { answerCache: { scope: 'viewer' } }, schema: { tags: ['messages'], summary: 'Your messages, sent and received, newest first', response: { 200: z.array(messageSchema), 401: errorResponseSchema } } },
    async (request) => service.listFor(requireUser(request).id),
  );

  app.get(
    '/api/conversations',
    {
      config: { answerCache: { scope: 'viewer' } },
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
      // Reading a thread marks it read, which changes the conversation list's unread counts.
      config: { isWritingRead: true },
      schema: {
        tags: ['messages'],
        summary: 'The thread with one person (id = their user id), oldest first; marks it read',
        params: conversationParamsSchema,
        response: { 200: z.array(chatMessageSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.thread(requireUser(request).id, request.params.id),
  );
};
