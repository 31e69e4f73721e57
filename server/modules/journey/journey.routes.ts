import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import {
  achievementSchema,
  hoursByMonthQuerySchema,
  hoursByMonthSchema,
  userAchievementSchema,
  userStatsSchema,
} from '../../../contract/journey';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { JourneyService, userAchievementsEtag } from './journey.service';

export const journeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new JourneyService(db);

  app.get(
    '/api/achievements',
    {
      schema: {
        tags: ['journey'],
        summary: 'The achievement catalogue',
        response: { 200: z.array(achievementSchema), 401: errorResponseSchema },
      },
    },
    async () => service.catalogue(),
  );

  app.get(
    '/api/user/achievements',
    {
      // The ETag, and the 304 to a current If-None-Match, come from server/plugins/user-etag.ts.
      config: { etagForUser: (user) => userAchievementsEtag(user.id, user.achievementsVersion) },
      schema: {
        tags: ['journey'],
        summary: 'Your achievement progress (polled; answers 304 to a current If-None-Match)',
        response: {
          200: z.array(userAchievementSchema),
          304: z.null().describe('Not Modified'),
          401: errorResponseSchema,
        },
      },
    },
    async (request) => service.userAchievements(requireUser(request).id),
  );

  app.get(
    '/api/user/stats',
    {
      schema: {
        tags: ['journey'],
        summary: 'Your hours, events, average rating and experience',
        response: { 200: userStatsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.stats(requireUser(request).id),
  );

  app.get(
    '/api/user/hours-by-month',
    {
      schema: {
        tags: ['journey'],
        summary: 'Your hours per calendar month over the last 12 months, in the given time zone',
        querystring: hoursByMonthQuerySchema,
        response: { 200: hoursByMonthSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.hoursByMonth(requireUser(request).id, request.query.timeZone),
  );
};
