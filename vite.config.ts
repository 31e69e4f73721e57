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
