import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api-client';
import { isApiError } from './api-error';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** GET /api/auth/user, where a 401 is "signed out" (null), not an error. */
function authUserQueryOptions() {
  return queryOptions({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await dataOf(api.GET('/api/auth/user', { signal }));
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/**
 * The current user: signed in means the auth-user call returned a user. It lives in web/lib because
 * features may not import each other and every signed-in screen needs it.
 */
export function useAuth() {
  const { data: user, isLoading } = useQuery(authUserQueryOptions());
  return { user: user ?? null, isLoading, isAuthenticated: !!user };
}
