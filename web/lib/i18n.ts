import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '@contract/languages';
import { LANGUAGE_COOKIE } from '@contract/page-data';
import englishCommon from '../locales/en/common.json';
import { mirrorToCookie } from './page-data';

/**
 * Locale files live at web/locales/<lang>/<namespace>.json, one JSON object per language and
 * namespace. English `common` is bundled here, and each entry point bundles the English of its own
 * namespaces (main.tsx: landing, sign-in-main.tsx: auth) through initI18n(), because English is the
 * fallback for every missing key. Everything else — other languages, and the English of namespaces
 * used only by lazy signed-in screens — is fetched on demand as one small chunk per file, so the
 * landing bundle does not grow with languages or screens. A new namespace needs no change here: add
 * web/locales/<lang>/<ns>.json files and call useTranslation('<ns>'), which suspends until loaded.
 */

const LANGUAGE_NAMES: Record<LanguageCode, { name: string; flag: string }> = {
  en: { name: 'English', flag: '🇺🇸' },
  es: { name: 'Español', flag: '🇪🇸' },
  fr: { name: 'Français', flag: '🇫🇷' },
  de: { name: 'Deutsch', flag: '🇩🇪' },
  it: { name: 'Italiano', flag: '🇮🇹' },
  pt: { name: 'Português', flag: '🇧🇷' },
  zh: { name: '中文', flag: '🇨🇳' },
  ja: { name: '日本語', flag: '🇯🇵' },
  ko: { name: '한국어', flag: '🇰🇷' },
  ar: { name: 'العربية', flag: '🇸🇦' },
};

export type Language = { code: LanguageCode; name: string; flag: string };

/** The language menu's entries, in the product's order. */
export const LANGUAGES: readonly Language[] = LANGUAGE_CODES.map((code) => ({ code, ...LANGUAGE_NAMES[code] }));

const LANGUAGE_STORAGE_KEY = 'selectedLanguage';
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

/** Unknown or missing codes fall back to English. */
export function normalizeLanguage(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

export function getLanguage(code: string): Language {
  const known = normalizeLanguage(code);
  return { code: known, ...LANGUAGE_NAMES[known] };
}

/**
 * The stored choice, else the language the server wrote the page in (its cookie, else English,
 * decision 0013): a visitor who never chose reads the page as it was first painted.
 */
function readStartLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguageCode(stored)) return stored;
  } catch {
    // Storage may be unavailable: the page's own language stands.
  }
  return normalizeLanguage(document.documentElement.lang);
}

type Namespace = ResourceLanguage[string];

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    (language === 'en'
      ? import('./english-locale-loaders').then(({ loadEnglishLocale }) => loadEnglishLocale(namespace) ?? {})
      : import('./locale-loaders').then(({ loadLocale }) => loadLocale(language, namespace) ?? {})
    ).then(
      // A namespace not yet translated into a language ({}) is not an error: English fills the gaps.
      (data) => callback(null, data as Namespace),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyDocumentLanguage(code: LanguageCode) {
  const root = document.documentElement;
  const direction = RTL_LANGUAGES.has(code) ? 'rtl' : 'ltr';
  // Only when they change (the inline script in index.html set them before paint): writing either
  // restyles the whole page, about 20 ms on a phone.
  if (root.lang !== code) root.lang = code;
  if (root.dir !== direction) root.dir = direction;
  // The server renders the next page, and hints its translation files, in this language.
  mirrorToCookie(LANGUAGE_COOKIE, code);
}

/**
 * Starts i18next in the stored language, else the page's. `bundledEnglish` is the English of namespaces the entry
 * point bundles (statically imported there). Resolves once `firstNamespaces` (by default `common` and
 * the bundled ones) are ready in the visitor's language too, so the first paint is already translated
 * (no English flash).
 */
export function initI18n(
  bundledEnglish: Record<string, Namespace> = {},
  firstNamespaces: readonly string[] = ['common', ...Object.keys(bundledEnglish)],
): Promise<unknown> {
  const lng = readStartLanguage();
  applyDocumentLanguage(lng);
  i18n.on('languageChanged', (next) => applyDocumentLanguage(normalizeLanguage(next)));
  return i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { common: englishCommon, ...bundledEnglish } },
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGE_CODES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: [...firstNamespaces],
      defaultNS: 'common',
      fallbackNS: false,
      returnNull: false,
      interpolation: { escapeValue: false }, // React already escapes.
      react: { useSuspense: true },
    });
}

/**
 * Only a choice the visitor makes is stored. i18next's own start also announces a language, and
 * storing that one would overwrite a language chosen meanwhile in another tab of the same site.
 */
export function changeLanguage(code: string) {
  const language = normalizeLanguage(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable; the language still applies for this page view.
  }
  return i18n.changeLanguage(language);
}

export { i18n };
