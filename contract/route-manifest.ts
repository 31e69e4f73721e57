import { z } from 'zod';

/**
 * The build's description of each signed-in route for the server (vite.config.ts writes it to
 * dist/web/.vite/route-manifest.json; server/plugins/web.ts reads it): which chunks to hint in the
 * page it sends, which translation files, and which GET answers to put in it. Files are relative to
 * the web build's root, e.g. `assets/home-page-1a2b.js`.
 */
export const routeManifestSchema = z.object({
  /** The signed-in app and what it imports statically, beyond the entry script's own imports. */
  signedIn: z.array(z.string()),
  /** What the signed-in chrome around every screen reads: translation files and GET URLs. */
  shell: z.object({ namespaces: z.array(z.string()), queries: z.array(z.string()) }),
  /** The translation files the signed-out pages (landing, not found) read. */
  signedOut: z.object({ namespaces: z.array(z.string()) }),
  routes: z.array(
    z.object({
      /** The route's path pattern as a regular expression source, and its parameter names (regexparam). */
      pattern: z.string(),
      keys: z.array(z.string()),
      /** The page's chunk and what it imports statically, beyond the entry script's own imports. */
      files: z.array(z.string()),
      /** Translation files the route's first render reads, beyond the chrome's. */
      namespaces: z.array(z.string()),
      /** GET URLs whose answers the page starts with, beyond the chrome's; `:key` stands for a path parameter. */
      queries: z.array(z.string()),
    }),
  ),
  /** The chunk that maps other languages' locale files to their chunks (web/lib/locale-loaders.ts). */
  localeLoaders: z.string(),
  /** The same for English, every reader's fallback (web/lib/english-locale-loaders.ts). */
  englishLocaleLoaders: z.string(),
  /** `<language>/<namespace>` → the chunk holding that locale file. */
  locales: z.record(z.string(), z.string()),
});

export type RouteManifest = z.infer<typeof routeManifestSchema>;
