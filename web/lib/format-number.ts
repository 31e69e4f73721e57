/**
 * Every figure the app shows goes through here, so each language gets its own digits, separators and
 * short forms ("2.3K", "2330", "2,3 Tsd." are Intl's choice, never ours).
 */

type NumberStyle = 'plain' | 'compact' | 'oneDecimal';

const OPTIONS: Record<NumberStyle, Intl.NumberFormatOptions> = {
  plain: {},
  compact: { notation: 'compact', maximumFractionDigits: 1 },
  oneDecimal: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
};

const formats = new Map<string, Intl.NumberFormat>();

/** Intl wants a BCP 47 locale; the spec's English is US English. */
export function numberLocale(language: string): string {
  return language === 'en' ? 'en-US' : language;
}

// Building a NumberFormat loads ICU's number data, which is slow on phones: one per language and style.
function numberFormat(language: string, style: NumberStyle): Intl.NumberFormat {
  const key = `${language} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(language), OPTIONS[style]);
    formats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, language: string): string {
  return numberFormat(language, 'plain').format(value);
}

/** A large figure in the language's short form: 2,330 is "2.3K" in English, "2330" in German. */
export function formatCompactNumber(value: number, language: string): string {
  return numberFormat(language, 'compact').format(value);
}

/**
 * One decimal, as ratings are shown. English needs no Intl: building the first NumberFormat of a page
 * took about 47 ms of a phone-class CPU inside the task that renders the first cards (as profiled on
 * Discover). The rounding matches Intl's half-up on the decimal value for ratings, which are never
 * negative; the epsilon keeps 4.35 (43.4999… in binary) at 4.4.
 */
export function formatOneDecimal(value: number, language: string): string {
  if (language === 'en' && value >= 0) return (Math.round(value * 10 + 1e-9) / 10).toFixed(1);
  return numberFormat(language, 'oneDecimal').format(value);
}
