// The path the shell was first specified with; app-shell components import it from here. Screens
// under web/features must import '@/lib/use-auth' instead (features never import each other).
export { AUTH_USER_QUERY_KEY, useAuth } from '@/lib/use-auth';
