import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { ogImageParamsSchema } from '../../../contract/social';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { renderOgImage } from './og-image';
import { findEventPreview } from './social.repository';
import { sendNotModified } from '../../lib/not-modified';

/** Rendering takes tens of milliseconds; recent images are kept by their validator. */
const CACHE_SIZE = 64;

export const socialRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (app, { db, timeZone }) => {
  const cache = new Map<string, Buffer>();

  app.get(
    '/api/events/:id/og-image',
    {
      config: { isPublic: true },
      schema: {
        tags: ['social'],
        summary: 'Link-preview image of an event (1200×630 PNG)',
        params: ogImageParamsSchema,
        response: { 200: z.unknown().describe('PNG image, 1200×630'), 304: z.null(), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const event = await findEventPreview(db, request.params.id);
      if (!event) throw notFound('Event not found');
      // Everything drawn is in the validator, so any change to the event gives a new ETag.
      const drawn = [event.id, event.title, event.location, event.date.toISOString(), event.rsvpCount, event.maxAttendees, event.categoryName, event.organizerFirstName, event.organizerLastName, timeZone];
      const etag = `"${createHash('sha256').update(JSON.stringify(drawn)).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300, stale-while-revalidate=86400');
      if (request.headers['if-none-match'] === etag) return sendNotModified(reply);
      let png = cache.get(etag);
      if (!png) {
        png = await renderOgImage(event, timeZone);
        cache.set(etag, png);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return reply.type('image/png').send(png);
    },
  );
};
