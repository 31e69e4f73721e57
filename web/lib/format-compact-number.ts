import { intlLocale } from '@contract/languages';

/**
 * A large figure in the language's short form: 2,330 is "2.3K" in English, "2330" in German. Apart from
 * format-number.ts because the landing page uses it: everything in a module the landing page imports is in
 * its first load, and the landing page's 100 kB budget has no room for the signed-in screens' formats (nor
 * for a cache: a page shows three or four such figures).
 */
export function formatCompactNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}
