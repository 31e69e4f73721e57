import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { publicUserSchema, userSearchQuerySchema } from '../../../contract/users';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { UsersService } from './users.service';

export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new UsersService(db);

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Find other people by name (at most 20, no e-mail)',
        querystring: userSearchQuerySchema,
        response: { 200: z.array(publicUserSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.search(requireUser(request).id, request.query.search),
  );
};
