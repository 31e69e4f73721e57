import { Suspense, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '@contract/page-data';
import type { User } from '@contract/users';
import { PageLoading } from '@/components/page-loading';
import { fetchAuthUser } from '@/lib/fetch-auth-user';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { SignedOutRoutes } from './signed-out-routes';

// Everything a signed-in user needs (TanStack Query, the chrome, the screens) loads lazily.
const signedInApp = lazyWithPreload(() => import('./signed-in-app'));
const SignedInApp = signedInApp.Component;
export const loadSignedInApp = signedInApp.preload;

export type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User };

/**
 * `initialAuth` is what the page said (main.tsx): the signed-in user the server put in it, "signed
 * out", or nothing, and only then does the app ask GET /api/auth/user (the loading state).
 */
export function App({
  initialAuth,
  initialQueries,
  queryClient,
}: {
  initialAuth: AuthState;
  initialQueries?: PageData['queries'];
  queryClient?: QueryClient;
}) {
  const [auth, setAuth] = useState<AuthState>(initialAuth);
  const isLoading = auth.status === 'loading';

  useEffect(() => {
    if (!isLoading) return;
    const controller = new AbortController();
    // The visitor may well be signed in: fetch the signed-in chunk alongside the auth check rather
    // than after it (the lazy component reuses the same module promise).
    void loadSignedInApp();
    fetchAuthUser(controller.signal).then(
      (user) => setAuth(user ? { status: 'signedIn', user } : { status: 'signedOut' }),
      () => {
        // Server unreachable or failing: visitors still get the landing page rather than a blank one.
        if (!controller.signal.aborted) setAuth({ status: 'signedOut' });
      },
    );
    return () => controller.abort();
  }, [isLoading]);

  if (auth.status !== 'signedIn') return <SignedOutRoutes initialQueries={initialQueries} queryClient={queryClient} />;

  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInApp initialUser={auth.user} initialQueries={initialQueries} client={queryClient} />
    </Suspense>
  );
}
