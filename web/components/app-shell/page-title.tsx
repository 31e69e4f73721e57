import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { TITLE_SUFFIX } from '@contract/social';

/** The screen names of the route table, as the navigation says them (common nav.*). */
const TITLE_KEYS: ReadonlyArray<{ matches: (path: string) => boolean; key: string }> = [
  { matches: (path) => path === '/', key: 'nav.home' },
  { matches: (path) => path === '/discover' || path === '/events', key: 'nav.discover' },
  { matches: (path) => path === '/my-events', key: 'nav.myEvents' },
  { matches: (path) => path === '/messages', key: 'nav.messages' },
  { matches: (path) => path === '/friends', key: 'nav.friends' },
  { matches: (path) => path === '/groups', key: 'nav.groups' },
  { matches: (path) => path === '/chat' || /^\/chat\/[^/]+$/.test(path), key: 'nav.chat' },
  { matches: (path) => path === '/profile', key: 'nav.profile' },
  { matches: (path) => path === '/journey', key: 'nav.journey' },
];

/** The event page names its tab after the event itself (use-document-meta.ts). */
const isEventPage = (path: string) => /^\/events\/[^/]+$/.test(path);

/**
 * Every tab says which screen it shows, '{screen} | PitchIn', in the user's language, so
 * several open tabs and the history list can be told apart. Rendered beside the screen inside its
 * Suspense boundary: the title changes in the same commit as the screen, after the screen it replaces
 * has cleaned up (the event page restores the default title as it leaves).
 */
export function PageTitle() {
  const [path] = useLocation();
  const { t } = useTranslation('common');
  const key = isEventPage(path) ? null : (TITLE_KEYS.find((entry) => entry.matches(path))?.key ?? 'notFound.title');
  const title = key === null ? null : `${t(key)}${TITLE_SUFFIX}`;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  return null;
}
