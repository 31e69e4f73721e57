import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** GET /api/auth/security-events: the user's last 20 sign-ins, failures, lockouts and sign-outs, newest first. */
function securityEventsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/security-events'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/auth/security-events', { signal })),
  });
}

export function useSecurityEvents() {
  return useQuery(securityEventsQueryOptions());
}
