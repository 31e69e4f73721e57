import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema } from '../../../contract/categories';
import { errorResponseSchema } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { listCategories } from './categories.repository';

export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['events'],
        summary: 'Event categories',
        response: { 200: z.array(categorySchema), 401: errorResponseSchema },
      },
    },
    async () => listCategories(db),
  );
};
