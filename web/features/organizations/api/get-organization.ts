import { readQueryOptions } from '@/lib/api-read';

/** GET /api/organizations/{slug}: the public page's answer, with the viewer's role and following. */
export function organizationQueryOptions(slug: string) {
  return readQueryOptions('/api/organizations/{slug}', { path: { slug } });
}

/** GET /api/organizations/{id}/members: members and open invitations, for owners and admins. */
export function membersQueryOptions(organizationId: number) {
  return readQueryOptions('/api/organizations/{id}/members', { path: { id: organizationId } });
}

/** GET /api/organizations/{id}/hours: verified hours at its events in a date range (owners and admins). */
export function hoursReportQueryOptions(organizationId: number, range: { from: string; to: string }) {
  return readQueryOptions('/api/organizations/{id}/hours', { path: { id: organizationId }, query: range });
}
