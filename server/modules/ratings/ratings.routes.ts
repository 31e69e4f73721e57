import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { errorResponseSchema } from '../../../contract/errors';
import { createRatingBodySchema, ratingSchema } from '../../../contract/ratings';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { RatingsService } from './ratings.service';

export const ratingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new RatingsService(db);

  app.post(
    '/api/ratings',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['ratings'],
        summary: 'Rate an event you attended (again to replace your rating)',
        body: createRatingBodySchema,
        response: {
          200: ratingSchema,
          201: ratingSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { rating, isNew } = await service.rate(user.id, request.body);
      return reply.status(isNew ? 201 : 200).send(rating);
    },
  );

  app.get(
    '/api/events/:id/ratings',
    {
      // Guests read an event's reviews.
      config: { isPublic: true },
      schema: {
        tags: ['ratings'],
        summary: "An event's reviews, newest first",
        params: idParamsSchema,
        response: {
          200: z.array(ratingSchema),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => service.listForEvent(request.params.id, request.user?.id ?? null),
  );
};
