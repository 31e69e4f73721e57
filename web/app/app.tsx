import { lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '@contract/users';
import { PageLoading } from '@/components/page-loading';
import { fetchAuthUser } from '@/lib/fetch-auth-user';
import { SignedOutRoutes } from './signed-out-routes';

// Everything a signed-in user needs (TanStack Query, screens, toasts, tooltips) is one lazy chunk.
const SignedInApp = lazy(() => import('./signed-in-app'));

type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User };

export function App() {
  const [auth, setAuth] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchAuthUser(controller.signal).then(
      (user) => setAuth(user ? { status: 'signedIn', user } : { status: 'signedOut' }),
      () => {
        // Server unreachable or failing: visitors still get the landing page rather than a blank one.
        if (!controller.signal.aborted) setAuth({ status: 'signedOut' });
      },
    );
    return () => controller.abort();
  }, []);

  if (auth.status !== 'signedIn') return <SignedOutRoutes />;

  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInApp initialUser={auth.user} />
    </Suspense>
  );
}
