import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '@contract/page-data';
import type { PublicStats } from '@contract/stats';
import LandingPage from '@/features/landing/landing-page';
import { PageLoading } from '@/components/page-loading';
import { ScreenCommitted } from '@/lib/before-hydration';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { usePagePath } from '@/lib/page-path';

// A guest may open an event or an organization; that screen and its query library load only then.
const guestApp = lazyWithPreload(() => import('./guest-app'));
const GuestApp = guestApp.Component;
export const loadGuestApp = guestApp.preload;

// Few people see the not-found page: it stays out of the scripts of the landing page and of every
// signed-in screen, which are at the edge of their budgets.
const notFoundPage = lazyWithPreload(() => import('@/features/not-found/not-found-page'));
export const NotFoundPage = notFoundPage.Component;
export const loadNotFoundPage = notFoundPage.preload;

/** /events/{id} and /o/{slug} are the paths besides "/" a guest may open (server/plugins/web.ts). */
export function isGuestPagePath(path: string): boolean {
  return /^\/(?:events|o)\/[^/]+\/?$/.test(path);
}

/**
 * While auth is loading or the visitor is signed out, only "/" (the landing page) exists,
 * and, for a guest, an event's or an organization's page. Signed-out visitors never navigate client-side
 * (every button is a full page load), so reading the path is enough and the router library stays out
 * of the landing bundle.
 */
export function SignedOutRoutes({
  initialQueries,
  queryClient,
}: { initialQueries?: PageData['queries']; queryClient?: QueryClient } = {}) {
  const path = usePagePath();
  if (isGuestPagePath(path)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <GuestApp path={path} initialQueries={initialQueries} client={queryClient} />
      </Suspense>
    );
  }
  if (path === '/') {
    return (
      <>
        {/* The public figures the page came with (server/plugins/web.ts). */}
        <LandingPage
          stats={initialQueries?.find((query) => query.url === '/api/stats/public')?.data as PublicStats | undefined}
        />
        <ScreenCommitted />
      </>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFoundPage standalone />
      <ScreenCommitted />
    </Suspense>
  );
}
