import { readFile } from 'node:fs/promises';
import path from 'node:path';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { createServer } from 'vite';
import type { RouteManifest } from '../../contract/route-manifest';
import { describeRoutes } from '../../web/app/describe-routes';
import type { PageRenderer } from './page-rendering';

/** What the page plugin reads from the sources, instead of from dist/web and dist/web-ssr, under `npm run dev`. */
export interface WebDevelopmentSources {
  /** index.html as Vite serves it for `url`: its client, hot reload and the app's entry from the sources. */
  readIndexHtml: (url: string) => Promise<string>;
  /** The server's rendering (web/app/server-render.tsx) as it is now: Vite reloads what changed. */
  loadRenderer: () => Promise<PageRenderer>;
  /** The route table as the build would describe it, without chunks: Vite serves modules one by one. */
  manifest: RouteManifest;
}

/**
 * Vite in middleware mode inside this server (`npm run dev`, decisions.md §17): one process serves the
 * API and the pages, each page rendered on the server as production renders it, with hot reload in the
 * browser and the server's rendering reloaded from the changed sources on the next page. Loaded only when
 * WEB_DEV_SERVER is on: Vite is a development dependency, absent where `npm start` runs the build.
 */
export async function startWebDevServer(app: FastifyInstance, root: string): Promise<WebDevelopmentSources> {
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  await app.register(middie);
  // The API never goes through Vite: its config proxies /api to a separate server for `vite` alone.
  app.use((request, response, next) => {
    if (request.url?.startsWith('/api/')) next();
    else vite.middlewares(request, response, next);
  });
  app.addHook('onClose', async () => vite.close());
  const indexFile = path.join(root, 'web', 'index.html');
  return {
    readIndexHtml: async (url) => vite.transformIndexHtml(url, await readFile(indexFile, 'utf8')),
    loadRenderer: async () => {
      const module = (await vite.ssrLoadModule('/app/server-render.tsx')) as Partial<PageRenderer>;
      if (typeof module.renderPage !== 'function' || typeof module.warmUp !== 'function')
        throw new Error('web/app/server-render.tsx is not the page renderer');
      return { renderPage: module.renderPage, warmUp: module.warmUp };
    },
    manifest: describeRoutes({
      signedIn: [],
      filesOf: () => [],
      localeLoaders: '',
      englishLocaleLoaders: '',
      locales: {},
    }),
  };
}
