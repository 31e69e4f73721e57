import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { achievementSchema, userAchievementSchema, userStatsSchema } from '../../../contract/journey';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/session';
import { JourneyService, userAchievementsEtag } from './journey.service';
import { matchesIfNoneMatch, sendNotModified } from '../../lib/not-modified';

export const journeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new JourneyService(db);

  app.get(
    '/api/achievements',
    { config: { answerCache: { scope: 'shared' } }, schema: { tags: ['journey'], summary: 'The achievement catalogue', response: { 200: z.array(achievementSchema), 401: errorResponseSchema } } },
    async () => service.catalogue(),
  );

  app.get(
    '/api/user/achievements',
    {
      config: { answerCache: { scope: 'viewer' } },
      schema: {
        tags: ['journey'],
        summary: 'Your achievement progress (polled; answers 304 to a current If-None-Match)',
        response: { 200: z.array(userAchievementSchema), 304: z.null().describe('Not Modified'), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const etag = userAchievementsEtag(user.id, user.achievementsVersion);
      // no-cache: the browser may keep the copy but must ask each time, which is what makes the 304 useful.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return sendNotModified(reply);
      return service.userAchievements(user.id);
    },
  );

  app.get(
    '/api/user/stats',
    { config: { answerCache: { scope: 'viewer' } }, schema: { tags: ['journey'], summary: 'Your hours, events, average rating and experience', response: { 200: userStatsSchema, 401: errorResponseSchema } } },
    async (request) => service.stats(requireUser(request).id),
  );
};
