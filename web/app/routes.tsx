import { lazy, type ComponentType } from 'react';
import type { RouteComponentProps } from 'wouter';
import NotFoundPage from '@/features/not-found/not-found-page';

/**
 * The signed-in route table (spec §2). Each screen is its own lazy chunk, so none of it reaches
 * signed-out visitors. To add a screen, write web/features/<name>/<name>-page.tsx with a DEFAULT
 * export and replace `NotFoundPage` on its line with, for example:
 *
 *   { path: '/journey', component: lazyPage(() => import('@/features/journey/journey-page')) },
 *
 * Route params reach the page as `params` (wouter), e.g. `params.id` on /events/:id; `useParams()`
 * works too. Order matters only for overlapping patterns; paths not listed fall through to NotFound.
 */

type PageComponent = ComponentType<RouteComponentProps>;

export interface AppRoute {
  path: string;
  component: PageComponent;
}

export function lazyPage(load: () => Promise<{ default: PageComponent }>): PageComponent {
  return lazy(load);
}

export const signedInRoutes: AppRoute[] = [
  { path: '/', component: NotFoundPage }, // Home
  { path: '/discover', component: NotFoundPage }, // Event discovery
  { path: '/events', component: NotFoundPage }, // Event discovery (same page as /discover)
  { path: '/events/:id', component: NotFoundPage }, // Event detail
  { path: '/my-events', component: NotFoundPage }, // My events dashboard
  { path: '/messages', component: NotFoundPage }, // Messages
  { path: '/friends', component: NotFoundPage }, // Friends (sample data)
  { path: '/groups', component: NotFoundPage }, // Groups (sample data)
  { path: '/chat', component: NotFoundPage }, // Chat (sample data)
  { path: '/chat/:id', component: NotFoundPage }, // Chat thread
  { path: '/profile', component: NotFoundPage }, // Profile
  { path: '/journey', component: NotFoundPage }, // Volunteer Journey
];
