import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishCommon from '../locales/en/common.json';

/**
 * Locale files live at web/locales/<lang>/<namespace>.json, one JSON object per language and
 * namespace. English `common` is bundled here, and each entry point bundles the English of its own
 * namespaces (main.tsx: landing, sign-in-main.tsx: auth) through initI18n(), because English is the
 * fallback for every missing key. Everything else — other languages, and the English of namespaces
 * used only by lazy signed-in screens — is fetched on demand as one small chunk per file, so the
 * landing bundle does not grow with languages or screens. A new namespace needs no change here: add
 * web/locales/<lang>/<ns>.json files and call useTranslation('<ns>'), which suspends until loaded.
 */

export const LANGUAGES = [
  { code: 'en', name: 'English', flag: '🇺🇸' },
  { code: 'es', name: 'Español', flag: '🇪🇸' },
  { code: 'fr', name: 'Français', flag: '🇫🇷' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { code: 'it', name: 'Italiano', flag: '🇮🇹' },
  { code: 'pt', name: 'Português', flag: '🇧🇷' },
  { code: 'zh', name: '中文', flag: '🇨🇳' },
  { code: 'ja', name: '日本語', flag: '🇯🇵' },
  { code: 'ko', name: '한국어', flag: '🇰🇷' },
  { code: 'ar', name: 'العربية', flag: '🇸🇦' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'selectedLanguage';
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** Unknown or missing codes fall back to English (spec §9). */
export function normalizeLanguage(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

export function getLanguage(code: string): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

function readStoredLanguage(): LanguageCode {
  try {
    return normalizeLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

type Namespace = ResourceLanguage[string];

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    import('./locale-loaders')
      .then(({ loadLocale }) => loadLocale(language, namespace) ?? {})
      .then(
        // A namespace not yet translated into a language ({}) is not an error: English fills the gaps.
        (data) => callback(null, data as Namespace),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

function applyDocumentLanguage(code: LanguageCode) {
  const root = document.documentElement;
  root.lang = code;
  root.dir = RTL_LANGUAGES.has(code) ? 'rtl' : 'ltr';
}

/**
 * Starts i18next with the stored language. `bundledEnglish` is the English of the namespaces the
 * entry point renders first (statically imported there). Resolves once those namespaces are ready in
 * the visitor's language too, so the first paint is already translated (no English flash).
 */
export function initI18n(bundledEnglish: Record<string, Namespace> = {}): Promise<unknown> {
  const lng = readStoredLanguage();
  applyDocumentLanguage(lng);
  i18n.on('languageChanged', (next) => {
    const code = normalizeLanguage(next);
    applyDocumentLanguage(code);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    } catch {
      // Storage may be unavailable; the language still applies for this page view.
    }
  });
  return i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { common: englishCommon, ...bundledEnglish } },
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: ['common', ...Object.keys(bundledEnglish)],
      defaultNS: 'common',
      fallbackNS: false,
      returnNull: false,
      interpolation: { escapeValue: false }, // React already escapes.
      react: { useSuspense: true },
    });
}

export function changeLanguage(code: string) {
  return i18n.changeLanguage(normalizeLanguage(code));
}

export { i18n };
