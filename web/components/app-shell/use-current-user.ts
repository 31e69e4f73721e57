import { useAuth } from '@/lib/use-auth';

/** The signed-in user, as the chrome and the people screens read it (one place to change). */
export function useCurrentUser() {
  return useAuth();
}
