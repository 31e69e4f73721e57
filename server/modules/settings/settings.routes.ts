import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { publicSettingsSchema } from '../../../contract/settings';
import type { PageLoaders } from '../../lib/page-loaders';

/** The signed-in chrome's first data, as GET /api/config answers it. */
export function createSettingsPageLoaders(showDevPanels: boolean): PageLoaders {
  const settings: z.output<typeof publicSettingsSchema> = { showDevPanels };
  return { '/api/config': async () => settings };
}

/** Operator settings the web app needs before it renders (SHOW_DEV_PANELS). */
export const settingsRoutes: FastifyPluginAsyncZod<{ showDevPanels: boolean }> = async (app, { showDevPanels }) => {
  app.get(
    '/api/config',
    {
      config: { isPublic: true },
      schema: { tags: ['settings'], summary: 'Public client settings', response: { 200: publicSettingsSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { showDevPanels };
    },
  );
};
