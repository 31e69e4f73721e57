import { lazy, type ComponentType } from 'react';
import type { RouteComponentProps } from 'wouter';

/**
 * The signed-in route table (spec §2). Each screen is its own lazy chunk, so none of it reaches
 * signed-out visitors. To add a screen, write web/features/<name>/<name>-page.tsx with a DEFAULT
 * export and add one line, for example:
 *
 *   { path: '/journey', component: lazyPage(() => import('@/features/journey/journey-page')) },
 *
 * Route params reach the page as `params` (wouter), e.g. `params.id` on /events/:id; `useParams()`
 * works too. Order matters only for overlapping patterns; paths not listed fall through to the
 * not-found page (signed-in-app.tsx).
 */

type PageComponent = ComponentType<RouteComponentProps>;

export interface AppRoute {
  path: string;
  component: PageComponent;
}

/**
 * A page may type its params (`RouteComponentProps<{ id: string }>`); wouter fills them from the
 * path pattern at run time, which TypeScript cannot connect to the table entry, hence the cast.
 */
export function lazyPage<Params extends Record<string, string | undefined>>(
  load: () => Promise<{ default: ComponentType<RouteComponentProps<Params>> }>,
): PageComponent {
  return lazy(load) as unknown as PageComponent;
}

export const signedInRoutes: AppRoute[] = [
  { path: '/', component: lazyPage(() => import('@/features/events/home-page')) }, // Home
  { path: '/discover', component: lazyPage(() => import('@/features/events/discover-page')) }, // Event discovery
  { path: '/events', component: lazyPage(() => import('@/features/events/discover-page')) }, // Event discovery (same page as /discover)
  { path: '/events/:id', component: lazyPage(() => import('@/features/events/event-detail-page')) }, // Event detail
  { path: '/my-events', component: lazyPage(() => import('@/features/events/my-events-page')) }, // My events dashboard
  { path: '/messages', component: lazyPage(() => import('@/features/messages/messages-page')) }, // Messages
  { path: '/friends', component: lazyPage(() => import('@/features/friends/friends-page')) }, // Friends (sample data)
  { path: '/groups', component: lazyPage(() => import('@/features/groups/groups-page')) }, // Groups (sample data)
  // Chat list and thread (/chat and /chat/{id}) as ONE route with an optional id, so opening a
  // conversation keeps the page mounted (list scroll and search survive) instead of remounting it.
  { path: '/chat/:id?', component: lazyPage(() => import('@/features/chat/chat-page')) }, // Chat
  { path: '/profile', component: lazyPage(() => import('@/features/profile/profile-page')) }, // Profile
  { path: '/journey', component: lazyPage(() => import('@/features/journey/journey-page')) }, // Volunteer Journey
];
