import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { apiUrl, readApi } from './api-read';

const AUTH_USER_URL = apiUrl('/api/auth/user');
/** Without the answer's type on it: a visitor known to be signed out is cached as null. */
export const AUTH_USER_QUERY_KEY = [AUTH_USER_URL] as const;

/** GET /api/auth/user, where a 401 is "signed out" (null), not an error. */
function authUserQueryOptions() {
  return queryOptions({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await readApi<'/api/auth/user'>(AUTH_USER_URL, signal);
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
