// The table of lazily loadable English locale files, every reader's fallback, apart from the other
// languages' table (locale-loaders.ts) so that an English page loads a tenth of the entries. The English
// files the entry points bundle themselves are left out.
type Namespace = Record<string, unknown>;

const modules = import.meta.glob<Namespace>(
  [
    '../locales/en/*.json',
    '!../locales/en/common.json',
    '!../locales/en/landing.json',
    '!../locales/en/auth.json',
    // The service worker's own texts, bundled into it (web/service-worker.ts).
    '!../locales/en/service-worker.json',
  ],
  { import: 'default' },
);

/** The JSON of one English namespace, or null when that file does not exist. */
export function loadEnglishLocale(namespace: string): Promise<Namespace> | null {
  const load = modules[`../locales/en/${namespace}.json`];
  return load ? load() : null;
}
