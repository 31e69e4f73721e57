import { intlLocale } from '@contract/languages';

/**
 * Every figure the app shows goes through here or format-compact-number.ts, so each language gets its own
 * digits, separators and short forms ("2.3K", "2330", "2,3 Tsd." are Intl's choice, never ours).
 */

const formats = new Map<string, Intl.NumberFormat>();

// Building a NumberFormat loads ICU's number data, which is slow on phones: one per language and style.
export function numberFormat(language: string, style: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = language + style;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(intlLocale(language), options)));
  return format;
}

export function formatNumber(value: number, language: string): string {
  return numberFormat(language, '').format(value);
}

/**
 * One decimal, as ratings are shown. English needs no Intl: building the first NumberFormat of a page
 * took about 47 ms of a phone-class CPU inside the task that renders the first cards (as profiled on
 * Discover). The rounding matches Intl's half-up on the decimal value for ratings, which are never
 * negative; the epsilon keeps 4.35 (43.4999… in binary) at 4.4.
 */
export function formatOneDecimal(value: number, language: string): string {
  if (language === 'en' && value >= 0) return (Math.round(value * 10 + 1e-9) / 10).toFixed(1);
  return numberFormat(language, '1', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
