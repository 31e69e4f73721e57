// The table of lazily loadable locale files in every language but English. It is itself loaded on
// demand (see i18n.ts), and only by a visitor reading another language: with a dozen namespaces in nine
// languages it has over a hundred entries, which English readers never need.
type Namespace = Record<string, unknown>;

// The service worker's own texts (service-worker.json) are the worker's, bundled into it: never a screen's.
const modules = import.meta.glob<Namespace>(
  ['../locales/*/*.json', '!../locales/en/*.json', '!../locales/*/service-worker.json'],
  { import: 'default' },
);

/** The JSON of one language and namespace, or null when that file does not exist (yet). */
export function loadLocale(language: string, namespace: string): Promise<Namespace> | null {
  const load = modules[`../locales/${language}/${namespace}.json`];
  return load ? load() : null;
}
