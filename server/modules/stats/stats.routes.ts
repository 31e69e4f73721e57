import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_STATS_PATH, publicStatsSchema } from '../../../contract/stats';
import type { StatsService } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (app, { service }) => {
  app.get(
    PUBLIC_STATS_PATH,
    {
      config: { isPublic: true },
      schema: {
        tags: ['stats'],
        summary: 'Volunteers, verified hours, communities and events this month (up to 5 minutes old)',
        response: { 200: publicStatsSchema },
      },
    },
    async () => service.publicStats(),
  );
};
