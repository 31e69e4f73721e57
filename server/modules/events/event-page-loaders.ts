import { idParamsSchema } from '../../../contract/common';
import { HttpError } from '../../lib/http-error';
import type { PageLoaders } from '../../lib/page-loaders';
import type { EventsService } from './events.service';

/**
 * The event page's first data, as GET /api/events/:id answers it. The API writes that answer in SQL
 * (EVENT_JSON_COLUMNS) and this reads the same row through `EventsService.get`; event-answer.test.ts
 * holds the two to the same answer for every state an event and its viewer can be in.
 */
export function createEventPageLoaders(service: EventsService): PageLoaders {
  return {
    '/api/events/:id': async (request, params) => {
      const parsed = idParamsSchema.safeParse(params);
      if (!parsed.success) return undefined;
      try {
        return await service.get(request.user?.id ?? null, parsed.data.id);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
  };
}
