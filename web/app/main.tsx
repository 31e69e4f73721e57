import '@/lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TIME_ZONE_COOKIE } from '@contract/page-data';
import { isKnownSignedOut } from '@/lib/fetch-auth-user';
import { i18n, initI18n } from '@/lib/i18n';
import { replayBeforeHydration, takeEarlyEvents } from '@/lib/before-hydration';
import { mirrorToCookie, readPageData } from '@/lib/page-data';
import englishLanding from '@/locales/en/landing.json';
import { type AuthState, loadSignedInApp } from './app';
import { AppRoot } from './app-root';
import { isGuestPagePath, loadGuestApp, loadNotFoundPage } from './signed-out-routes';
import { SHELL_NAMESPACES, SIGNED_OUT_NAMESPACES } from './first-paint-namespaces';
import './styles.css';

/** Far beyond a slow phone's hydration of the heaviest page; only a screen that failed waits this long. */
const HYDRATION_PATIENCE_MS = 20_000;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const page = readPageData();
const user = page?.user ?? null;
const initialAuth: AuthState = user
  ? { status: 'signedIn', user }
  : page || isKnownSignedOut()
    ? { status: 'signedOut' }
    : { status: 'loading' };

async function start(root: HTMLElement) {
  // Wait for the visitor's language so the first paint is already translated: the signed-in chrome's
  // texts when the page came with a user (the server hinted them beside this script), else the landing's.
  await initI18n({ landing: englishLanding }, user ? SHELL_NAMESPACES : SIGNED_OUT_NAMESPACES).catch(() => {});
  const rendered = page?.renderedWith;
  // The server rendered the page in the language of its cookie; one changed since (or never mirrored)
  // cannot be hydrated, so React renders the page afresh in the stored language instead.
  if (page && rendered && root.firstElementChild && rendered.language === i18n.language) {
    // Everything the screen renders is loaded first (the server hinted it all), so hydration never
    // suspends; as a transition it then yields to the browser every few milliseconds instead of
    // holding the phone's main thread for the whole page (Lighthouse's blocking time).
    if (user) {
      const signedIn = await loadSignedInApp();
      await signedIn.preloadRouteOf(window.location.pathname).catch(() => {});
    }
    if (!user && isGuestPagePath(window.location.pathname)) {
      const guest = await loadGuestApp();
      await guest.preloadGuestPage().catch(() => {});
    } else if (!user && window.location.pathname !== '/') {
      await loadNotFoundPage().catch(() => {});
    }
    // What the visitor did to the page while it waited for its scripts, and while React hydrated it
    // (a click on a part not yet hydrated would be dropped), is replayed once the screen answers.
    let isReplayed = false;
    const replay = () => {
      if (isReplayed) return;
      isReplayed = true;
      void replayBeforeHydration(root, takeEarlyEvents());
    };
    // A screen that never commits (an error shown in its place) must not keep every button dead.
    setTimeout(replay, HYDRATION_PATIENCE_MS);
    startTransition(() => {
      hydrateRoot(
        root,
        <AppRoot
          initialAuth={initialAuth}
          initialQueries={page.queries}
          renderedWith={rendered}
          onScreenCommitted={replay}
        />,
      );
    });
  } else if (rendered) {
    // Rendered afresh in the stored language: the server did not know it and could not be asked again
    // (no cookie could be written, index.html's pre-paint script). Its page stays in view until the new
    // one replaces it; taps on it belong to elements that are about to go, so none is replayed.
    takeEarlyEvents();
    createRoot(root).render(<AppRoot initialAuth={initialAuth} initialQueries={page?.queries} />);
  } else {
    // No rendering to replay on (the service worker's offline shell), but the script loader still holds
    // every click until it is told to stop: without this, no button of that page ever worked.
    takeEarlyEvents();
    createRoot(root).render(<AppRoot initialAuth={initialAuth} initialQueries={page?.queries} />);
  }
  mirrorTimeZoneLater();
}

/**
 * The server renders dates in the zone of this cookie. Not while the page loads: the first Intl
 * object of a page costs 15-25 ms of a phone's main thread (ICU's data). At the first tap or key, or
 * when the page is hidden, whichever comes first.
 */
function mirrorTimeZoneLater() {
  const events = ['pointerdown', 'keydown', 'visibilitychange'] as const;
  const mirror = () => {
    for (const name of events) document.removeEventListener(name, mirror, true);
    mirrorToCookie(TIME_ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone);
  };
  for (const name of events) document.addEventListener(name, mirror, { capture: true, passive: true });
}

void start(container);
