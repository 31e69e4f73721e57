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
import { SHELL_NAMESPACES, SIGNED_OUT_NAMESPACES } from './route-table';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const page = readPageData();
const user = page?.user ?? null;
const initialAuth: AuthState = user ? { status: 'signedIn', user } : page || isKnownSignedOut() ? { status: 'signedOut' } : { status: 'loading' };

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
    // holding the phone's main thread for the whole page (issue 6, Lighthouse's blocking time).
    if (user) {
      const signedIn = await loadSignedInApp();
      await signedIn.preloadRouteOf(window.location.pathname).catch(() => {});
    }
    // What the visitor did to the page while it waited for its scripts is replayed once it answers.
    const earlyEvents = takeEarlyEvents();
    let isReplayed = false;
    const replay = () => {
      if (isReplayed) return;
      isReplayed = true;
      void replayBeforeHydration(root, earlyEvents);
    };
    startTransition(() => {
      hydrateRoot(
        root,
        <AppRoot initialAuth={initialAuth} initialQueries={page.queries} initialTheme={rendered.theme} renderedTimeZone={rendered.timeZone} onScreenCommitted={replay} />,
      );
    });
  } else if (rendered) {
    // Rendered afresh in the stored language. The pre-paint script kept the server's rendering hidden
    // (another language, and buttons that will not answer); nothing on it could be used, so nothing is
    // replayed, and the new screen is shown once it is in place.
    takeEarlyEvents();
    const show = () => document.documentElement.removeAttribute('data-rendering-again');
    createRoot(root).render(<AppRoot initialAuth={initialAuth} initialQueries={page?.queries} onScreenCommitted={show} />);
  } else {
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
