import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parsePattern } from 'regexparam';
import { defineConfig, parseAst, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { ROUTE_TABLE, SHELL_NAMESPACES, SHELL_QUERIES, SIGNED_OUT_NAMESPACES } from './web/app/route-table.ts';
import type { RouteManifest } from './contract/route-manifest';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The contract modules build their zod schemas at the top level. The bundler cannot tell that building
 * a schema has no side effects, so a screen importing one constant (RSVP_STATUSES, BRAND_NAME) would
 * otherwise carry every schema of that module and the zod runtime with it. Contract modules have no
 * top-level effects by design (docs/architecture.md), so every call evaluated at their top level is
 * marked pure: a schema nothing in the web app uses drops out of its build. Calls inside functions are
 * left alone.
 */
function pureContractSchemas(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  const functionTypes = new Set([
    'FunctionDeclaration',
    'FunctionExpression',
    'ArrowFunctionExpression',
    'ClassDeclaration',
    'ClassExpression',
  ]);
  return {
    name: 'pitchin:pure-contract-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]contract[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const calls: Node[] = [];
        const visit = (value: unknown): void => {
          if (Array.isArray(value)) return value.forEach(visit);
          if (!isNode(value) || functionTypes.has(value.type)) return;
          if (value.type === 'CallExpression' || value.type === 'NewExpression') calls.push(value);
          for (const key of Object.keys(value))
            if (key !== 'type' && key !== 'start' && key !== 'end') visit(value[key]);
        };
        visit(parseAst(code));
        if (calls.length === 0) return null;
        // `(/* @__PURE__ */ call)` around every call, so a chain (z.string().min(1)) is pure at each link.
        const opening = new Map<number, number>();
        const closing = new Map<number, number>();
        for (const call of calls) {
          opening.set(call.start, (opening.get(call.start) ?? 0) + 1);
          closing.set(call.end, (closing.get(call.end) ?? 0) + 1);
        }
        let result = '';
        for (let index = 0; index <= code.length; index += 1) {
          result += ')'.repeat(closing.get(index) ?? 0) + '(/* @__PURE__ */ '.repeat(opening.get(index) ?? 0);
          if (index < code.length) result += code[index];
        }
        return { code: result, map: null };
      },
    },
  };
}

/**
 * Puts web/pre-paint.js inline in every HTML page, where the `<!-- pre-paint -->` marker stands: one
 * source for index.html and sign-in.html, shipped without its comment lines.
 */
function prePaintScript(): Plugin {
  const source = fromRoot('./web/pre-paint.js');
  return {
    name: 'pitchin:pre-paint-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('<!-- pre-paint -->'))
          throw new Error('pitchin:pre-paint-script: the page has no <!-- pre-paint --> marker');
        const code = readFileSync(source, 'utf8')
          .split('\n')
          .filter((line) => !line.trimStart().startsWith('//'))
          .join('\n      ');
        return html.replace('<!-- pre-paint -->', () => `<script>\n      ${code.trimEnd()}\n    </script>`);
      },
    },
  };
}

/**
 * Writes .vite/route-manifest.json (contract/route-manifest.ts): for each signed-in route, the chunks
 * its first render needs beyond the entry (the signed-in app, the page, what they import statically),
 * its translation files and the answers it starts with, and the chunk of every locale file. The server
 * hints those chunks in the page it sends to a signed-in browser (server/plugins/web.ts), so they
 * download beside the entry script instead of in the waves that running each one starts (as
 * Lighthouse measured). The chunks are read from the bundle itself, so the list cannot drift from the build.
 */
function routeManifest(): Plugin {
  return {
    name: 'pitchin:route-manifest',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const moduleChunk = (suffix: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
        if (!chunk) throw new Error(`pitchin:route-manifest: no chunk for ${suffix}`);
        return chunk;
      };
      const staticClosure = (chunk: Rollup.OutputChunk, into = new Set<string>()) => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const imported of chunk.imports) {
          const next = bundle[imported];
          if (next?.type === 'chunk') staticClosure(next, into);
        }
        return into;
      };
      const entryFiles = staticClosure(moduleChunk('/web/index.html'));
      const beyondEntry = (chunk: Rollup.OutputChunk) =>
        [...staticClosure(chunk)].filter((file) => !entryFiles.has(file));
      const locales: Record<string, string> = {};
      for (const chunk of chunks) {
        const match = /\/web\/locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(
          chunk.facadeModuleId?.replaceAll('\\', '/') ?? '',
        );
        if (match && chunk.isDynamicEntry) locales[`${match[1]}/${match[2]}`] = chunk.fileName;
      }
      const manifest: RouteManifest = {
        signedIn: beyondEntry(moduleChunk('/web/app/signed-in-app.tsx')),
        shell: { namespaces: [...SHELL_NAMESPACES], queries: [...SHELL_QUERIES] },
        signedOut: { namespaces: [...SIGNED_OUT_NAMESPACES] },
        routes: ROUTE_TABLE.map((route) => {
          const { pattern, keys } = parsePattern(route.path);
          return {
            pattern: pattern.source,
            keys,
            files: beyondEntry(moduleChunk(`/web/features/${route.page}.tsx`)),
            namespaces: [...route.namespaces],
            queries: [...(route.queries ?? [])],
          };
        }),
        localeLoaders: moduleChunk('/web/lib/locale-loaders.ts').fileName,
        locales,
      };
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-manifest.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

/**
 * The client bundle as the build finishes it, for `preloadListWithoutLoaded` (the preload lists are written
 * while the bundle is generated, and the option that filters them is not given the bundle).
 */
let clientBundle: Rollup.OutputBundle | undefined;

function rememberClientBundle(): Plugin {
  return {
    name: 'pitchin:remember-client-bundle',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        clientBundle = bundle;
      },
    },
  };
}

/**
 * A lazy chunk's preload list (`__vite__mapDeps`, written into the chunk that imports it) names every chunk
 * the lazy one needs, also those the importing chunk imports statically: those have loaded before its code
 * runs, so preloading them again does nothing. On a screen with a few dialogs and menus loaded on use,
 * those names (React, i18n, the router, the shell...) were about a kilobyte of its first load. The list keeps
 * what may still be missing, and every stylesheet.
 */
function preloadListWithoutLoaded(
  _lazyChunk: string,
  dependencies: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  const host = clientBundle?.[context.hostId];
  if (context.hostType !== 'js' || host?.type !== 'chunk') return dependencies;
  const loaded = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = clientBundle?.[fileName];
    if (loaded.has(fileName) || chunk?.type !== 'chunk') return;
    loaded.add(fileName);
    chunk.imports.forEach(visit);
  };
  visit(host.fileName);
  return dependencies.filter((dependency) => !loaded.has(dependency));
}

export default defineConfig({
  root: fromRoot('./web'),
  // Absolute asset URLs matter: the sign-in HTML is served at /api/login, not at /.
  base: '/',
  publicDir: fromRoot('./web/public'),
  plugins: [react(), tailwindcss(), prePaintScript(), pureContractSchemas(), routeManifest(), rememberClientBundle()],
  resolve: {
    // Mirrors the `paths` of tsconfig.json so editors, tsc and the bundler agree.
    alias: {
      '@contract': fromRoot('./contract'),
      '@': fromRoot('./web'),
    },
  },
  // `vite build` builds both environments: the browser's app into dist/web, then the server's
  // rendering of signed-in pages (web/app/server-render.tsx) into dist/web-ssr. Each sets its own
  // build options: top-level ones would be merged into both.
  builder: {},
  environments: {
    client: {
      build: {
        outDir: fromRoot('./dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        // Every browser the app supports has modulepreload; the polyfill would cost the landing a chunk.
        modulePreload: { polyfill: false, resolveDependencies: preloadListWithoutLoaded },
        rolldownOptions: {
          input: {
            main: fromRoot('./web/index.html'),
            'sign-in': fromRoot('./web/sign-in.html'),
          },
          output: {
            codeSplitting: {
              // Named vendor chunks: long-lived cache entries, and libraries only signed-in screens or the
              // sign-in page use (tailwind-merge, TanStack Query, zod) never ride along with the landing page.
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
                { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
                { name: 'tailwind-merge', test: /node_modules[\\/]tailwind-merge[\\/]/, priority: 20 },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
                // Icons shared by two or more lazy screens in one chunk: left to the default they became dozens of
                // 200-byte chunks, and on a phone's HTTP/1.1 connection (6 at a time, 150 ms apart on slow
                // 4G) a screen waited for them in waves.
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 20, minShareCount: 2 },
                // What every page paints first (i18n setup, theme, language picker trigger, brand, button
                // classes, landing icons) in ONE chunk: each extra chunk costs a request and gzip overhead
                // against the landing budget.
                {
                  name: 'shell',
                  test: /web[\\/](lib[\\/](i18n|theme|cx)\.tsx?|components[\\/](language-picker|language-picker-button|brand-mark|page-loading|shell-icons|theme-toggle)\.tsx|components[\\/]ui[\\/]button-variants\.ts|locales[\\/]en[\\/]common\.json)$|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // Bundled whole: the server loads it with no web library installed (they are dev dependencies).
      resolve: { noExternal: true },
      // React's and the libraries' production builds, as in the browser.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: fromRoot('./dist/web-ssr'),
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
        rolldownOptions: { input: { 'server-render': fromRoot('./web/app/server-render.tsx') } },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:5000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:5000', changeOrigin: false },
    },
  },
});
