import { fileURLToPath } from 'node:url';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassDeclaration', 'ClassExpression']);
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
          for (const key of Object.keys(value)) if (key !== 'type' && key !== 'start' && key !== 'end') visit(value[key]);
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

export default defineConfig({
  root: fromRoot('./web'),
  // Absolute asset URLs matter: the sign-in HTML is served at /api/login, not at /.
  base: '/',
  publicDir: fromRoot('./web/public'),
  plugins: [react(), tailwindcss(), pureContractSchemas()],
  resolve: {
    // Mirrors the `paths` of tsconfig.json so editors, tsc and the bundler agree.
    alias: {
      '@contract': fromRoot('./contract'),
      '@': fromRoot('./web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports has modulepreload; the polyfill would cost the landing a chunk.
    modulePreload: { polyfill: false },
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
            // 4G) a screen waited for them in waves (issue 6).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 20, minShareCount: 2 },
            // What every page paints first (i18n setup, theme, language picker trigger, brand, button
            // classes, landing icons) in ONE chunk: each extra chunk costs a request and gzip overhead
            // against the landing budget.
            {
              name: 'shell',
              test: /web[\\/](lib[\\/](i18n|theme|cx)\.tsx?|components[\\/](language-picker|language-picker-button|brand-mark|page-loading|shell-icons)\.tsx|components[\\/]ui[\\/]button-variants\.ts|locales[\\/]en[\\/]common\.json)$|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
              priority: 10,
            },
          ],
        },
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
