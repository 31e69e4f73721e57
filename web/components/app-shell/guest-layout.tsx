import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading';
import { ScreenCommitted } from '@/lib/before-hydration';
import { GuestHeader } from './guest-header';

/** Where signing in from this page comes back to (same-origin paths only, checked by the server). */
function signInHref(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * The chrome of a page a guest (no session) may open, the event page: the brand, language, theme and
 * a Sign in button that comes back here. None of the signed-in navigation, which would only answer 401.
 */
export function GuestLayout({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <GuestHeader signInHref={signInHref(returnTo)} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none" data-testid="main">
        <Suspense fallback={<PageLoading />}>
          {children}
          <ScreenCommitted />
        </Suspense>
      </main>
    </div>
  );
}
