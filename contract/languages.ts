/**
 * The ten languages the product ships, by code. The app translates into them (web/lib/i18n.ts) and the server
 * renders pages in them (server/lib/page-rendering.ts); any other code falls back to English.
 */
export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar'] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The BCP 47 locale Intl formats a language's dates and numbers in: the spec's English is US English. */
export function intlLocale(language: string): string {
  return language === 'en' ? 'en-US' : language;
}
