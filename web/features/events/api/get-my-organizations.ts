import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/**
 * GET /api/organizations/mine, read when the create form opens: the organizations the caller may hold
 * events under are those where they are owner, admin or organizer (decisions §20).
 */
export function useOrganizationsToOrganizeFor(isEnabled: boolean) {
  const query = useQuery({ ...readQueryOptions('/api/organizations/mine'), enabled: isEnabled });
  return (query.data ?? []).filter((organization) => organization.role !== 'member');
}
