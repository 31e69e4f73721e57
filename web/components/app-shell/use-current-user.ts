import { useAuth } from '@/features/auth/use-auth';

/**
 * The signed-in user for app-wide chrome and for screens (features may not import each other, so
 * they reach the auth state through this shared hook).
 */
export function useCurrentUser() {
  return useAuth();
}
