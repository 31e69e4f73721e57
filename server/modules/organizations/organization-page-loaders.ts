import { slugParamsSchema } from '../../../contract/organizations';
import { HttpError } from '../../lib/http-error';
import type { PageLoaders } from '../../lib/page-loaders';
import type { EventsService } from '../events/events.service';
import { readOrganizationAnswer } from './organization-answer';
import type { OrganizationsService } from './organizations.service';

/** /o/{slug}'s first data, for signed-in people and guests alike (the guest page is rendered, §20). */
export function createOrganizationPageLoaders(service: OrganizationsService, events: EventsService): PageLoaders {
  return {
    '/api/organizations/:slug': async (request, params) => {
      const parsed = slugParamsSchema.safeParse(params);
      if (!parsed.success) return undefined;
      try {
        const organization = await service.findBySlug(parsed.data.slug);
        return await readOrganizationAnswer(service, events, organization, request.user?.id ?? null);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
  };
}
