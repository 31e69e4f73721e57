import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { ogImageParamsSchema } from '../../../contract/social';
import type { Database } from '../../db/client';
import { notFound, tooManyRequests } from '../../lib/http-error';
import { sendNotModified } from '../../lib/not-modified';
import { renderOgImage } from './og-image';
import { findEventPreview, type EventPreview } from './social.repository';

/** A share image is about 60-100 kB; 32 MB keeps a few hundred of the most recently shared events. */
const CACHE_BYTES = 32 * 1024 * 1024;
/**
 * Drawing takes tens of milliseconds of one core and the route is public: one render at a time per
 * process, so anonymous callers can at worst keep one core busy, never both. Module-level: one queue per
 * process even if the routes were registered twice.
 */
const renderLimit = pLimit(1);
/**
 * Cache misses each client address may cause per window. Hits cost nothing, so this only bites a caller
 * walking every event id or requesting an event between its every change; crawlers fetch a preview once.
 */
export const OG_IMAGE_MISSES_PER_WINDOW = 30;
const MISS_WINDOW_MS = 60_000;
export const OG_IMAGE_TOO_MANY = 'Too many share images requested. Please try again in a minute.';

export const socialRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  // Keyed by the validator, a hash of everything drawn: any change to the event is a new key. The
  // cache's fetch runs one render for concurrent requests of the same key; they all get its result.
  const rendering = new Set<string>();
  const images = new LRUCache<string, Buffer, EventPreview>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (png) => png.length,
    fetchMethod: async (etag, _stale, { context }) => {
      rendering.add(etag);
      try {
        return await renderLimit(() => renderOgImage(context, timeZone));
      } finally {
        rendering.delete(etag);
      }
    },
  });
  const missesByAddress = new LRUCache<string, number>({ max: 10_000, ttl: MISS_WINDOW_MS });

  function countMiss(address: string): void {
    const misses = missesByAddress.get(address) ?? 0;
    if (misses >= OG_IMAGE_MISSES_PER_WINDOW) {
      // The cache's clock has a coarse resolution: its remaining time can read a little over the window.
      throw tooManyRequests(
        OG_IMAGE_TOO_MANY,
        Math.min(MISS_WINDOW_MS, missesByAddress.getRemainingTTL(address)) / 1000,
      );
    }
    // The window starts at the first miss and is not extended by the next ones.
    missesByAddress.set(address, misses + 1, { noUpdateTTL: misses > 0 });
  }

  app.get(
    '/api/events/:id/og-image',
    {
      config: { isPublic: true },
      schema: {
        tags: ['social'],
        summary: 'Link-preview image of an event (1200×630 PNG)',
        params: ogImageParamsSchema,
        response: {
          200: z.unknown().describe('PNG image, 1200×630'),
          304: z.null(),
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const event = await findEventPreview(db, request.params.id);
      if (!event) throw notFound('Event not found', 'EVENT_NOT_FOUND');
      // Everything drawn is in the validator, so any change to the event gives a new ETag.
      const drawn = [
        event.id,
        event.title,
        event.location,
        event.date.toISOString(),
        event.rsvpCount,
        event.maxAttendees,
        event.categoryName,
        event.organizerFirstName,
        event.organizerLastName,
        timeZone,
      ];
      const etag = `"${createHash('sha256').update(JSON.stringify(drawn)).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300, stale-while-revalidate=86400');
      if (request.headers['if-none-match'] === etag) return sendNotModified(reply);
      // A request that joins a render already under way costs nothing more, so it is no miss.
      if (!images.has(etag) && !rendering.has(etag)) countMiss(request.ip);
      const png = await images.fetch(etag, { context: event });
      return reply.type('image/png').send(png);
    },
  );
};
