import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/auth/security-events: the user's last 20 sign-ins, failures, lockouts and sign-outs, newest first. */
export function useSecurityEvents() {
  return useQuery(readQueryOptions('/api/auth/security-events'));
}
