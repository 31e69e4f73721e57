import { lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '@contract/users';
import { PageLoading } from '@/components/page-loading';
import { fetchAuthUser, isKnownSignedOut } from '@/lib/fetch-auth-user';
import { SignedOutRoutes } from './signed-out-routes';

// Everything a signed-in user needs (TanStack Query, the chrome, the screens) loads lazily.
const loadSignedInApp = () => import('./signed-in-app');
const SignedInApp = lazy(loadSignedInApp);

type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User };

export function App() {
  const [auth, setAuth] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    // The browser sent a session cookie, so the visitor is most likely signed in: fetch the signed-in
    // chunk alongside the auth check rather than after it (lazy() reuses the same module promise).
    if (!isKnownSignedOut()) void loadSignedInApp();
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
