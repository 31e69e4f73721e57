import LandingPage from '@/features/landing/landing-page';
import NotFoundPage from '@/features/not-found/not-found-page';
import { ScreenCommitted } from '@/lib/before-hydration';
import { usePagePath } from '@/lib/page-path';

/**
 * Spec §2: while auth is loading or the visitor is signed out, only "/" (the landing page) exists.
 * Signed-out visitors never navigate client-side (every button is a full page load), so reading the
 * path is enough and the router library stays out of the landing bundle.
 */
export function SignedOutRoutes() {
  return (
    <>
      {usePagePath() === '/' ? <LandingPage /> : <NotFoundPage standalone />}
      <ScreenCommitted />
    </>
  );
}
