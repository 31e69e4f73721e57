import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import type { User } from '@contract/users';
import { SignedInLayout } from '@/components/app-shell/signed-in-layout';
import { PageLoading } from '@/components/page-loading';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AUTH_USER_QUERY_KEY, useAuth } from '@/lib/use-auth';
import NotFoundPage from '@/features/not-found/not-found-page';
import { queryClient } from '@/lib/query-client';
import { preloadRouteOf, signedInRoutes } from './routes';
import { SignedOutRoutes } from './signed-out-routes';

/**
 * Everything only a signed-in user can reach, loaded lazily by app.tsx so that the query library,
 * the route table, the toaster and every screen stay out of the landing bundle. Within it, what a
 * first paint does not need (the toaster, menus, dialogs, notice cards, test panel contents) loads on
 * use. The app-wide signed-in chrome (header, navigation, achievement notices, test panels — spec §2)
 * is SignedInLayout, around the <Switch>.
 */
preloadRouteOf(window.location.pathname);

export default function SignedInApp({ initialUser }: { initialUser: User }) {
  // Seed the cache with the user app.tsx already fetched, so useAuth() needs no second request.
  useState(() => queryClient.setQueryData(AUTH_USER_QUERY_KEY, initialUser));
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInRouter />
      <DeferredToaster />
    </QueryClientProvider>
  );
}

function SignedInRouter() {
  const { isAuthenticated } = useAuth();
  // The session can end while the app is open (the auth query refetched to null): fall back to the
  // signed-out routes, exactly as a fresh visit would.
  if (!isAuthenticated) return <SignedOutRoutes />;
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInLayout>
        <Switch>
          {signedInRoutes.map((route) => (
            <Route key={route.path} path={route.path} component={route.component} />
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </SignedInLayout>
    </Suspense>
  );
}
