import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { defineConfig, parseAst, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { RouteManifest } from './contract/route-manifest.ts';
import { describeRoutes } from './web/app/describe-routes.ts';

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
      const manifest = describeRoutes({
        signedIn: beyondEntry(moduleChunk('/web/app/signed-in-app.tsx')),
        filesOf: (route) => beyondEntry(moduleChunk(`/web/features/${route.page}.tsx`)),
        localeLoaders: moduleChunk('/web/lib/locale-loaders.ts').fileName,
        englishLocaleLoaders: moduleChunk('/web/lib/english-locale-loaders.ts').fileName,
        locales,
      });
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

const compressWithBrotli = promisify(brotliCompress);

/**
 * Each script and style of the browser's build over 1 kB also written as Brotli at its best quality (decision
 * 0043), which the server sends as it is (server/plugins/web.ts, preCompressed): 23 % fewer bytes than the
 * quality-1 Brotli it would make on each request, and no compression work per request. Node's zlib runs
 * them on its thread pool. The server-rendering build is read from disk, never sent, so it gets none.
 */
function brotliFiles(): Plugin {
  return {
    name: 'pitchin:brotli-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const outDirectory = options.dir ?? fromRoot('./dist/web');
      await Promise.all(
        Object.values(bundle)
          .filter((output) => /\.(js|css)$/.test(output.fileName))
          .map(async (output) => {
            const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
            if (source.byteLength <= 1024) return;
            const compressed = await compressWithBrotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            });
            await writeFile(path.join(outDirectory, `${output.fileName}.br`), compressed);
          }),
      );
    },
  };
}

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
 * For each chunk, the chunks certainly loaded before its code runs: what it imports statically, and what
 * every chunk that imports it (statically or on use) had loaded, since one of them ran first. Computed
 * from "everything" down until nothing changes, so a chunk in a cycle keeps only what holds on every path.
 */
function loadedBeforeEachChunk(bundle: Rollup.OutputBundle): Map<string, Set<string>> {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const staticClosure = (fileName: string, into = new Set<string>()): Set<string> => {
    const chunk = bundle[fileName];
    if (into.has(fileName) || chunk?.type !== 'chunk') return into;
    into.add(fileName);
    for (const imported of chunk.imports) staticClosure(imported, into);
    return into;
  };
  const importers = new Map<string, string[]>();
  for (const chunk of chunks)
    for (const imported of [...chunk.imports, ...chunk.dynamicImports])
      importers.set(imported, [...(importers.get(imported) ?? []), chunk.fileName]);
  const everything = new Set(chunks.map((chunk) => chunk.fileName));
  const loaded = new Map(
    chunks.map((chunk) => [chunk.fileName, chunk.isEntry ? staticClosure(chunk.fileName) : everything]),
  );
  for (let isChanged = true; isChanged;) {
    isChanged = false;
    for (const chunk of chunks) {
      if (chunk.isEntry) continue;
      const before = (importers.get(chunk.fileName) ?? []).map((importer) => loaded.get(importer) ?? new Set<string>());
      const common = before.length
        ? [...before[0]!].filter((fileName) => before.every((set) => set.has(fileName)))
        : [];
      const next = staticClosure(chunk.fileName, new Set(common));
      if (next.size !== loaded.get(chunk.fileName)!.size) {
        loaded.set(chunk.fileName, next);
        isChanged = true;
      }
    }
  }
  return loaded;
}

let loadedBeforeClientChunk: { bundle: Rollup.OutputBundle; loaded: Map<string, Set<string>> } | undefined;

/**
 * A lazy chunk's preload list (`__vite__mapDeps`, written into the chunk that imports it) names every chunk
 * the lazy one needs, also those certainly loaded by the time the import runs (React, i18n, the router,
 * the shell, the screen's own code): preloading them again does nothing. On a screen with a few dialogs
 * and menus loaded on use, those names were about a kilobyte of its first load. The list keeps what may
 * still be missing, and every stylesheet (Vite adds those after this filter).
 */
function preloadListWithoutLoaded(
  _lazyChunk: string,
  dependencies: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  if (context.hostType !== 'js' || !clientBundle) return dependencies;
  if (loadedBeforeClientChunk?.bundle !== clientBundle)
    loadedBeforeClientChunk = { bundle: clientBundle, loaded: loadedBeforeEachChunk(clientBundle) };
  const loaded = loadedBeforeClientChunk.loaded.get(context.hostId);
  return loaded ? dependencies.filter((dependency) => !loaded.has(dependency)) : dependencies;
}

/**
 * The service worker (web/service-worker.ts, decision 0037), built into /service-worker.js with the list
 * of files to precache: the code and styles of every screen, so a screen never opened still comes up
 * offline, with its English texts. The other languages' locale chunks (about 260 kB gzip of the 700) are
 * not precached, as each person reads one language: the worker is given their names and keeps all of the
 * person's language once a page names it. Not
 * the HTML pages either (the server renders them per person), nor the images only the landing page or
 * link previews use. Signed-in pages register the worker after they load
 * (server/lib/service-worker-registration.ts); the web app manifest stays the hand-written one in web/public.
 */
function serviceWorker() {
  const outDirectory = fromRoot('./dist/web');
  const readLocales = () =>
    (JSON.parse(readFileSync(path.join(outDirectory, '.vite', 'route-manifest.json'), 'utf8')) as RouteManifest)
      .locales;
  const withoutOtherLanguages = (entries: Array<{ url: string; revision: string | null; size: number }>) => {
    const locales = readLocales();
    const otherLanguages = new Set(
      Object.entries(locales)
        .filter(([key]) => !key.startsWith('en/'))
        .map(([, file]) => file),
    );
    return { manifest: entries.filter((entry) => !otherLanguages.has(entry.url)) };
  };
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'service-worker.ts',
    outDir: outDirectory,
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      // The worker keeps the person's language's texts itself (keepLanguageTexts): it needs their files' names.
      buildPlugins: {
        vite: [
          {
            name: 'pitchin:language-texts',
            transform(code, id) {
              if (!id.replaceAll('\\', '/').endsWith('/web/service-worker.ts')) return null;
              // One expression on one line replaced: the lines the source map points at stay where they were.
              return { code: code.replace('self.__LANGUAGE_TEXTS', () => JSON.stringify(readLocales())), map: null };
            },
          },
        ],
      },
      globPatterns: ['assets/**/*.{js,css,woff2}', 'favicon.svg', 'icon-192.png'],
      manifestTransforms: [withoutOtherLanguages],
    },
  });
}

export default defineConfig(({ command }) => ({
  root: fromRoot('./web'),
  // Absolute asset URLs matter: the sign-in HTML is served at /api/login, not at /.
  base: '/',
  publicDir: fromRoot('./web/public'),
  plugins: [
    react(),
    tailwindcss(),
    prePaintScript(),
    pureContractSchemas(),
    routeManifest(),
    rememberClientBundle(),
    serviceWorker(),
    brotliFiles(),
  ],
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
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 20, minShareCount: 3 },
                // The developer panels' flask is on every signed-in page; with two screens sharing it, it was a
                // chunk (and a request) of its own.
                {
                  name: 'icons',
                  test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]flask-conical\.mjs$/,
                  priority: 21,
                },
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
    // Under `npm run dev` (server/lib/web-dev-server.ts) the server's Node loads the libraries itself, in
    // their development builds, as the browser does then.
    ssr: {
      // Bundled whole: the server loads it with no web library installed (they are dev dependencies).
      resolve: { noExternal: command === 'build' ? true : [] },
      // React's and the libraries' production builds, as in the browser.
      define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
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
}));
