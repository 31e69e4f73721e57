import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./web'),
  // Absolute asset URLs matter: the sign-in HTML is served at /api/login, not at /.
  base: '/',
  publicDir: fromRoot('./web/public'),
  plugins: [react(), tailwindcss()],
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
