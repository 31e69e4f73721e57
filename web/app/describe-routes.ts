import { parse as parsePattern } from 'regexparam';
// Relative imports, not '@contract': vite.config.ts and the server load this file without the app's aliases.
import type { RouteManifest } from '../../contract/route-manifest';
import { SHELL_NAMESPACES, SIGNED_OUT_NAMESPACES } from './first-paint-namespaces.ts';
import { ROUTE_TABLE, type RouteEntry, SHELL_QUERIES } from './route-table.ts';

// Not in route-table.ts, which the browser's app imports: the pattern parser would ride along in its
// first load (the landing page's budget) for code only the build and the server run.
/**
 * The route manifest the server reads (contract/route-manifest.ts) from this table. The build passes
 * each route's chunks and the locale chunks (vite.config.ts); `npm run dev` passes none, as Vite serves
 * the modules one by one (server/lib/web-dev-server.ts).
 */
export function describeRoutes(build: {
  signedIn: string[];
  filesOf: (route: RouteEntry) => string[];
  localeLoaders: string;
  englishLocaleLoaders: string;
  locales: Record<string, string>;
}): RouteManifest {
  return {
    signedIn: build.signedIn,
    shell: { namespaces: [...SHELL_NAMESPACES], queries: [...SHELL_QUERIES] },
    signedOut: { namespaces: [...SIGNED_OUT_NAMESPACES] },
    routes: ROUTE_TABLE.map((route) => {
      const { pattern, keys } = parsePattern(route.path);
      return {
        pattern: pattern.source,
        keys,
        files: build.filesOf(route),
        namespaces: [...route.namespaces],
        queries: [...(route.queries ?? [])],
      };
    }),
    localeLoaders: build.localeLoaders,
    englishLocaleLoaders: build.englishLocaleLoaders,
    locales: build.locales,
  };
}
