import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors';
import { eventSchema } from '../../../contract/events';
import { preferencesSchema, savePreferencesBodySchema } from '../../../contract/preferences';
import type { Database } from '../../db/client';
import type { PageLoaders } from '../../lib/page-loaders';
import { requireUser } from '../../plugins/session';
import { EventsService } from '../events/events.service';
import { PreferencesService } from './preferences.service';

const errors = errorResponses(400, 401);

/** Sends the JSON text PostgreSQL wrote in the route's response shape, unparsed (docs/decisions/0020). */
function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Home's answers come with the rendered page: whether Home shows the first-run prompt, the tips and the
 * matching events is known at the first paint, so those blocks keep their room instead of pushing the
 * list down when they arrive.
 */
export function createPreferencesPageLoaders(db: Database): PageLoaders {
  const service = new PreferencesService(db, new EventsService(db));
  return {
    '/api/preferences': async (request) => (request.user ? service.get(request.user.id) : undefined),
  };
}

export const preferenceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = new PreferencesService(db, new EventsService(db));

  app.get(
    '/api/preferences',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Your place and categories, and whether the first run and its tips are done',
        response: { 200: preferencesSchema, 401: errors[401] },
      },
    },
    async (request) => service.get(requireUser(request).id),
  );

  app.put(
    '/api/preferences',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['preferences'],
        summary: 'Save your place and up to 5 categories; the first-run questions are then done',
        body: savePreferencesBodySchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => service.save(requireUser(request).id, request.body),
  );

  app.post(
    '/api/preferences/skip',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Skip the first-run questions; they are not asked again',
        response: { 200: preferencesSchema, 401: errors[401] },
      },
    },
    async (request) => service.skip(requireUser(request).id),
  );

  app.post(
    '/api/preferences/tips-dismissed',
    {
      schema: {
        tags: ['preferences'],
        summary: "Dismiss Home's explanation of RSVPs and verified hours for good",
        response: { 200: preferencesSchema, 401: errors[401] },
      },
    },
    async (request) => service.dismissTips(requireUser(request).id),
  );

  app.get(
    '/api/preferences/matching-events',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Up to 6 upcoming events in your place and categories, best matches first',
        response: { 200: z.array(eventSchema), 401: errors[401] },
      },
    },
    async (request, reply) => sendJsonText(reply, await service.listMatchingEventsJson(requireUser(request).id)),
  );
};
