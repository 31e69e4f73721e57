import { lazy, type ComponentType } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, type RouteComponentProps } from 'wouter';
import i18n from 'i18next';

/**
 * The signed-in route table (spec §2). Each screen is its own lazy chunk, so none of it reaches
 * signed-out visitors. To add a screen, write web/features/<name>/<name>-page.tsx with a DEFAULT
 * export and add one line, for example:
 *
 *   { path: '/journey', ...lazyPage(() => import('@/features/journey/journey-page'), ['journey']) },
 *
 * Route params reach the page as `params` (wouter), e.g. `params.id` on /events/:id; `useParams()`
 * works too. Order matters only for overlapping patterns; paths not listed fall through to the
 * not-found page (signed-in-app.tsx).
 */

type PageComponent = ComponentType<RouteComponentProps>;
type PageModule = { default: ComponentType<RouteComponentProps> };

export interface AppRoute {
  path: string;
  component: PageComponent;
  /** Starts loading the page's chunk and translations before React asks for them. */
  preload: () => void;
}

/**
 * A page may type its params (`RouteComponentProps<{ id: string }>`); wouter fills them from the
 * path pattern at run time, which TypeScript cannot connect to the table entry, hence the cast.
 * `namespaces` are the translation files the page reads on its first render.
 */
export function lazyPage<Params extends Record<string, string | undefined>>(
  load: () => Promise<{ default: ComponentType<RouteComponentProps<Params>> }>,
  namespaces: string[],
): Pick<AppRoute, 'component' | 'preload'> {
  // One promise for the preload and for lazy(), so the chunk is fetched once.
  let loading: Promise<PageModule> | null = null;
  const loadOnce = () => (loading ??= load() as unknown as Promise<PageModule>);
  return {
    component: lazy(loadOnce),
    preload: () => {
      void loadOnce();
      void i18n.loadNamespaces(namespaces);
    },
  };
}

const eventScreens = ['events', 'event-detail'];

export const signedInRoutes: AppRoute[] = [
  { path: '/', ...lazyPage(() => import('@/features/events/home-page'), eventScreens) }, // Home
  { path: '/discover', ...lazyPage(() => import('@/features/events/discover-page'), eventScreens) }, // Event discovery
  { path: '/events', ...lazyPage(() => import('@/features/events/discover-page'), eventScreens) }, // Event discovery (same page as /discover)
  { path: '/events/:id', ...lazyPage(() => import('@/features/events/event-detail-page'), eventScreens) }, // Event detail
  { path: '/my-events', ...lazyPage(() => import('@/features/events/my-events-page'), eventScreens) }, // My events dashboard
  { path: '/messages', ...lazyPage(() => import('@/features/messages/messages-page'), ['messages']) }, // Messages
  { path: '/friends', ...lazyPage(() => import('@/features/friends/friends-page'), ['friends']) }, // Friends (sample data)
  { path: '/groups', ...lazyPage(() => import('@/features/groups/groups-page'), ['groups']) }, // Groups (sample data)
  // Chat list and thread (/chat and /chat/{id}) as ONE route with an optional id, so opening a
  // conversation keeps the page mounted (list scroll and search survive) instead of remounting it.
  { path: '/chat/:id?', ...lazyPage(() => import('@/features/chat/chat-page'), ['chat']) }, // Chat
  { path: '/profile', ...lazyPage(() => import('@/features/profile/profile-page'), ['profile']) }, // Profile
  { path: '/journey', ...lazyPage(() => import('@/features/journey/journey-page'), ['journey']) }, // Volunteer Journey
];

/**
 * Called when the signed-in chunk arrives, while the auth check may still be on its way: the page
 * the address names starts loading at once instead of after the first render asks for it, which on
 * slow 4G was two round trips later (issue 6, Lighthouse).
 */
export function preloadRouteOf(path: string): void {
  signedInRoutes.find((route) => matchRoute(parsePattern, route.path, path)[0])?.preload();
}
