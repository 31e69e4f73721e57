import type { Event } from '../../../contract/events';
import { ORGANIZATION_LIMITS } from '../../../contract/organization-limits';
import type { Organization } from '../../../contract/organizations';
import { abilitiesOf } from '../../../contract/organization-roles';
import type { EventsService } from '../events/events.service';
import type { OrganizationRow } from './organizations.repository';
import type { OrganizationsService } from './organizations.service';

/**
 * The public answer of GET /api/organizations/{slug}: the organization, its next events, its followers
 * and the viewer's place in it. One function for the route and the guest page's loader, so the page the
 * server renders and the call the app would make answer alike.
 */
export async function readOrganizationAnswer(
  service: OrganizationsService,
  events: EventsService,
  organization: OrganizationRow,
  viewerId: string | null,
): Promise<Organization> {
  const [state, upcomingJson] = [
    await service.viewerState(organization.id, viewerId),
    await events.listUpcomingOfOrganizationJson(viewerId, organization.id, ORGANIZATION_LIMITS.upcomingEventsShown),
  ];
  return {
    id: organization.id,
    slug: organization.slug,
    name: organization.name,
    description: organization.description,
    website: organization.website,
    logoUrl: organization.logoUrl,
    followerCount: state.followerCount,
    upcomingEvents: JSON.parse(upcomingJson) as Event[],
    viewerRole: state.viewerRole,
    viewerAbilities: [...abilitiesOf(state.viewerRole)],
    isFollowing: state.isFollowing,
  };
}
