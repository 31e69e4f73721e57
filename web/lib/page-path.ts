import { createContext, useContext } from 'react';

/** The path of the page the server is rendering (web/app/server-render.tsx); null in the browser. */
export const PagePathContext = createContext<string | null>(null);

/**
 * The page's path, for the screens that pick by path without the router (the signed-out ones keep the
 * router out of the landing page's JavaScript): the server renders with the request's path, the
 * browser reads its own, which is the same one when it hydrates.
 */
export function usePagePath(): string {
  return useContext(PagePathContext) ?? window.location.pathname;
}
