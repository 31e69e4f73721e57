import { useState } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, useLocation } from 'wouter';
import type { PageData } from '@contract/page-data';
import { GuestLayout } from '@/components/app-shell/guest-layout';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AUTH_USER_QUERY_KEY } from '@/lib/use-auth';
import { queryClient as browserQueryClient } from '@/lib/query-client';
import { preloadRouteOf, signedInRoutes } from './routes';

// The screens a guest may open (signed-out-routes.tsx isGuestPagePath).
const guestRoutes = signedInRoutes.filter((route) => route.path === '/events/:id' || route.path.startsWith('/o/'));
/** @public main.tsx calls it through a dynamic import, which knip cannot follow. */
export const preloadGuestPage = () => preloadRouteOf(window.location.pathname);

/**
 * A guest's event or organization page: the signed-in screen, read without a session
 * (userRsvpStatus null, viewerRole null), inside a minimal chrome whose Sign in comes back to the page.
 * Loaded lazily by the signed-out routes, so the landing page's bundle does not grow.
 */
export default function GuestApp({
  path,
  initialQueries = [],
  client = browserQueryClient,
}: {
  path: string;
  initialQueries?: PageData['queries'];
  client?: QueryClient;
}) {
  // A guest moves between an organization and its events inside this app: signing in returns to where they are.
  const [location] = useLocation();
  useState(() => {
    // The visitor is known to be signed out: nothing asks GET /api/auth/user (a 401 in the console).
    client.setQueryData(AUTH_USER_QUERY_KEY, null);
    for (const query of initialQueries) client.setQueryData([query.url], query.data);
  });
  return (
    <QueryClientProvider client={client}>
      <GuestLayout returnTo={location || path}>
        {guestRoutes.map((route) => (
          <Route key={route.path} path={route.path} component={route.component} />
        ))}
      </GuestLayout>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
