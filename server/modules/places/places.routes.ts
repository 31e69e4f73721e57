import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/errors';
import { placeListSchema, placeSearchQuerySchema } from '../../../contract/places';
import { searchPlaces } from './places.service';

const errors = errorResponses(400, 401);

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/places',
    {
      // Signed in: only the event form's place picker asks, and the list is the server's to keep.
      schema: {
        tags: ['places'],
        summary: 'Up to 8 cities whose name starts with q, most populous first (bundled list, no network)',
        querystring: placeSearchQuerySchema,
        response: { 200: placeListSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => searchPlaces(request.query.q),
  );
};
