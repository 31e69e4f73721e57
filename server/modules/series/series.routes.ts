import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contract/common';
import { errorResponses } from '../../../contract/errors';
import { seriesSchema } from '../../../contract/series';
import type { Database } from '../../db/client';
import { SeriesService } from './series.service';

/** Series of events (decisions §18): making and changing them go through POST/PATCH /api/events. */
export const seriesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new SeriesService(db);

  app.get(
    '/api/series/:id',
    {
      // Guests read events, hence the other dates of one.
      config: { isPublic: true },
      schema: {
        tags: ['events'],
        summary: "A series' dates in date order, cancelled ones included",
        params: idParamsSchema,
        response: { 200: seriesSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.get(request.user?.id ?? null, request.params.id),
  );
};
