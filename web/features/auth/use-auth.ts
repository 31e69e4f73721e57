import { useQuery } from '@tanstack/react-query';
import type { User } from '@contract/users';
import { getQueryFn } from '@/lib/query-client';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** Signed in means the auth-user call returned a user; a 401 is "signed out", not an error. */
export function useAuth() {
  const { data: user, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: user ?? null, isLoading, isAuthenticated: !!user };
}
