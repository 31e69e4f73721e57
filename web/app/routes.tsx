import type { ComponentType } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, type RouteComponentProps } from 'wouter';
import { i18n } from '@/lib/i18n';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { ROUTE_TABLE, type RouteEntry } from './route-table';

/**
 * The signed-in route table as lazy React routes. Each screen is its own chunk, so none of it
 * reaches signed-out visitors. To add a screen, write web/features/<name>/<name>-page.tsx (or a room of events) with a
 * DEFAULT export and add one line to route-table.ts. Route params reach the page as `params` (wouter),
 * e.g. `params.id` on /events/:id; `useParams()` works too.
 */

type PageModule = {
  default: ComponentType<RouteComponentProps>;
  /**
   * Loads the lazy parts of the screen that its server-rendered HTML holds, so that hydration never waits
   * for their code (a part hydrated late is drawn again, and the page moves under the visitor's finger).
   */
  preloadRenderedParts?: () => Promise<unknown>;
};

export interface AppRoute {
  path: string;
  component: ComponentType<RouteComponentProps>;
  /** Loads the page's chunk and translations before React asks for them; settles when both are there. */
  preload: () => Promise<unknown>;
}

// Signed-in screens only: the landing, not-found and sign-in pages belong to other entries.
const pageModules = import.meta.glob<PageModule>([
  '../features/*/*-page.tsx',
  // Events is one feature in rooms (discover, event-page, my-events...), each page in its room.
  '../features/events/*/*-page.tsx',
  '!../features/{landing,not-found,auth}/*',
]);

/**
 * A page may type its params (`RouteComponentProps<{ id: string }>`); wouter fills them from the
 * path pattern at run time, which TypeScript cannot connect to the table entry, hence PageModule.
 */
function toAppRoute(entry: RouteEntry): AppRoute {
  const load = pageModules[`../features/${entry.page}.tsx`];
  if (!load) throw new Error(`route-table.ts names ${entry.page}, which is not a page under web/features`);
  const page = lazyWithPreload(load);
  return {
    path: entry.path,
    component: page.Component,
    preload: () =>
      Promise.all([
        page.preload().then((module) => (import.meta.env.SSR ? undefined : module.preloadRenderedParts?.())),
        i18n.loadNamespaces([...entry.namespaces]),
      ]),
  };
}

export const signedInRoutes: AppRoute[] = ROUTE_TABLE.map(toAppRoute);

/**
 * Called when the signed-in chunk arrives: the page the address names starts loading at once instead
 * of after the first render asks for it, which on slow 4G was two round trips later (as
 * Lighthouse measured). Settles when the page and its translations are loaded (at once for an unknown path).
 */
export function preloadRouteOf(
  path: string,
  loadOtherwise: () => Promise<unknown> = () => Promise.resolve(),
): Promise<unknown> {
  return signedInRoutes.find((route) => matchRoute(parsePattern, route.path, path)[0])?.preload() ?? loadOtherwise();
}
