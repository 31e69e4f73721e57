import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import {
  friendListSchema,
  friendParamsSchema,
  friendRequestBodySchema,
  friendRequestParamsSchema,
  friendRequestResultSchema,
  friendRequestsSchema,
  friendSuggestionsSchema,
  personSchema,
} from '../../../contract/friends';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { FriendsService } from './friends.service';

const writeErrors = errorResponses(400, 401, 403, 404, 409, 415);

/** Friends and friend requests (decisions §21). */
export const friendRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new FriendsService(db);

  app.get(
    '/api/friends',
    {
      schema: {
        tags: ['friends'],
        summary: 'Your friends, by name, each with the friends you share',
        response: { 200: friendListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listFriends(requireUser(request).id),
  );

  app.get(
    '/api/friends/requests',
    {
      schema: {
        tags: ['friends'],
        summary: 'Friend requests waiting: to you (incoming) and from you (outgoing), newest first',
        response: { 200: friendRequestsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listRequests(requireUser(request).id),
  );

  app.get(
    '/api/friends/suggestions',
    {
      schema: {
        tags: ['friends'],
        summary: 'People you volunteered with (both attended an event), not yet friends or asked',
        response: { 200: friendSuggestionsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listSuggestions(requireUser(request).id),
  );

  app.get(
    '/api/friends/people/:userId',
    {
      schema: {
        tags: ['friends'],
        summary: "A person's page: name, picture, mutual friends and where you stand with them (no e-mail)",
        params: friendParamsSchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.person(requireUser(request).id, request.params.userId),
  );

  app.post(
    '/api/friends/requests',
    {
      schema: {
        tags: ['friends'],
        summary: 'Ask someone to be friends (accepts their request when they already asked you)',
        body: friendRequestBodySchema,
        response: { 201: friendRequestResultSchema, ...writeErrors, 429: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.request(requireUser(request).id, request.body.userId)),
  );

  app.post(
    '/api/friends/requests/:id/accept',
    {
      schema: {
        tags: ['friends'],
        summary: 'Accept a friend request made to you',
        params: friendRequestParamsSchema,
        response: { 200: friendRequestResultSchema, ...writeErrors },
      },
    },
    async (request) => service.answer(requireUser(request).id, request.params.id, true),
  );

  app.post(
    '/api/friends/requests/:id/decline',
    {
      schema: {
        tags: ['friends'],
        summary: 'Decline a friend request made to you (the asker is not told)',
        params: friendRequestParamsSchema,
        response: { 200: friendRequestResultSchema, ...writeErrors },
      },
    },
    async (request) => service.answer(requireUser(request).id, request.params.id, false),
  );

  app.delete(
    '/api/friends/:userId',
    {
      schema: {
        tags: ['friends'],
        summary: 'Remove a friend, or withdraw a friend request either way',
        params: friendParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await service.remove(requireUser(request).id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
