import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_QUERY_KEY } from '@/lib/use-auth';
import { isUnauthorizedError } from '@/lib/api-error';

/**
 * A screen's load answered 401: the session ended (signed out in another tab, expired). Re-reading
 * the auth state sends the app back to the landing page instead of leaving an error on screen.
 */
export function useUnauthorizedFallback(...errors: (Error | null | undefined)[]) {
  const queryClient = useQueryClient();
  const isUnauthorized = errors.some((error) => error && isUnauthorizedError(error));
  useEffect(() => {
    if (isUnauthorized) void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
  }, [isUnauthorized, queryClient]);
}
