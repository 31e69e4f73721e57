import { useQuery } from '@tanstack/react-query';
import type { User } from '@contract/users';
import { getQueryFn } from '@/lib/query-client';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * The current user: signed in means the auth-user call returned a user; a 401 is "signed
 * out", not an error. It lives in web/lib because features may not import each other and
 * every signed-in screen needs it.
 */
export function useAuth() {
  const { data: user, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: user ?? null, isLoading, isAuthenticated: !!user };
}
