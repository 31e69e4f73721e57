import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web's features, each a room of its own: none imports another (bulletproof-react's rule). */
const webFeatures = readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'screenshots',
      'server/db/migrations',
      'web/public',
      'web/lib/api-schema.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
      // Prettier wraps code at 120 columns but leaves comments and long strings alone: comments are wrapped by hand,
      // and a line that is long only because of a string, template, regular expression or URL may stay.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    // Zero import cycles: a cycle makes two files one unit that neither can be read, tested or moved alone.
    // This rule skips `import type`; scripts/check-import-cycles.mjs (npm run lint) counts those too, in server/.
    files: ['{server,web,contract,e2e,bench}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // One way to talk to the server: every call goes through apiFetch (or the typed client on top of
    // it), so every refusal is the one ApiError with its code, never a status parsed out of a string.
    files: ['web/**/*.{ts,tsx}'],
    // The service worker passes the browser's own requests on: their answers go back to the page untouched.
    ignores: ['web/lib/api-fetch.ts', 'web/service-worker.ts', 'web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API with api (web/lib/api-client.ts) or apiFetch (web/lib/api-fetch.ts).' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'fetch',
          message: 'Call the API with api (web/lib/api-client.ts) or apiFetch (web/lib/api-fetch.ts).',
        },
        {
          object: 'globalThis',
          property: 'fetch',
          message: 'Call the API with api (web/lib/api-client.ts) or apiFetch (web/lib/api-fetch.ts).',
        },
      ],
    },
  },
  {
    // The web's layers point one way: features use components and lib, never each other; components use
    // lib; lib, the bottom layer, uses neither.
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/features/${feature}`,
              from: './web/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what both need into components/ or lib/.',
            })),
            { target: './web/lib', from: ['./web/components', './web/features'], message: 'lib/ is the bottom layer.' },
            { target: './web/components', from: './web/features', message: 'Components never import a feature.' },
          ],
        },
      ],
    },
  },
  {
    // One module reads the environment, and fails at start naming every bad variable (server/config.ts).
    files: ['server/**/*.ts'],
    ignores: ['server/config.ts', 'server/test/**', 'server/stress/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only server/config.ts reads the environment.' },
      ],
    },
  },
  {
    // A Playwright test names the fixtures it needs in its argument, some only for what they do (`user`
    // signs the page in): an unused one is the idiom there, not a mistake.
    files: ['e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_' }] },
  },
  {
    // A server module uses another only through its service: its repository is its own (docs/architecture.md).
    files: ['server/modules/*/*.ts'],
    ignores: ['server/modules/*/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository'],
              message: "Use the other module's service: a module's repository is its own.",
            },
          ],
        },
      ],
    },
  },
  {
    // contract/ is zod only: the same schemas type the server and the web client.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['drizzle-orm*', 'fastify*', 'react*', '../server/*', '../web/*'] },
      ],
    },
  },
);
