import { Suspense, useState } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import type { PageData } from '@contract/page-data';
import type { User } from '@contract/users';
import { SignedInLayout } from '@/components/app-shell/signed-in-layout';
import { PageLoading } from '@/components/page-loading';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AUTH_USER_QUERY_KEY, useAuth } from '@/lib/use-auth';
import { queryClient as browserQueryClient } from '@/lib/query-client';
import { preloadRouteOf as preloadScreenOf, signedInRoutes } from './routes';
import { loadNotFoundPage, NotFoundPage, SignedOutRoutes } from './signed-out-routes';

/** The screen of a path, or the not-found page when no route has the path. */
function preloadRouteOf(path: string): Promise<unknown> {
  return preloadScreenOf(path, loadNotFoundPage);
}

/**
 * Everything only a signed-in user can reach, loaded lazily by app.tsx so that the query library,
 * the route table, the toaster and every screen stay out of the landing bundle. Within it, what a
 * first paint does not need (the toaster, menus, dialogs, notice cards, test panel contents) loads on
 * use. The app-wide signed-in chrome (header, navigation, achievement notices, test panels)
 * is SignedInLayout, around the <Switch>.
 */
if (!import.meta.env.SSR) void preloadRouteOf(window.location.pathname);

/** @public main.tsx calls it through a dynamic import, which knip cannot follow. */
export { preloadRouteOf };

export default function SignedInApp({
  initialUser,
  initialQueries = [],
  client = browserQueryClient,
}: {
  initialUser: User;
  initialQueries?: PageData['queries'];
  client?: QueryClient;
}) {
  // Seed the cache with what the page came with (the user, and the answers the server put in it), so
  // the first render shows them without a request: the server rendered the HTML from the same data.
  useState(() => {
    client.setQueryData(AUTH_USER_QUERY_KEY, initialUser);
    for (const query of initialQueries) client.setQueryData([query.url], query.data);
  });
  return (
    <QueryClientProvider client={client}>
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
