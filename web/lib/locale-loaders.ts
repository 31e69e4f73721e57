// The table of lazily loadable locale files. It is itself loaded on demand (see i18n.ts): with a
// dozen namespaces in ten languages it has over a hundred entries, which English visitors of the
// landing page never need. The English files the entry points bundle themselves are left out.
type Namespace = Record<string, unknown>;

const modules = import.meta.glob<Namespace>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/landing.json', '!../locales/en/auth.json'],
  {
    import: 'default',
  },
);

/** The JSON of one language and namespace, or null when that file does not exist (yet). */
export function loadLocale(language: string, namespace: string): Promise<Namespace> | null {
  const load = modules[`../locales/${language}/${namespace}.json`];
  return load ? load() : null;
}
