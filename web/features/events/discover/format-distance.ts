import { intlLocale } from '@contract/languages';
import { numberFormat } from '@/lib/format-number';

/** Distances as event cards show them: a module of its own, as cards are on every list's first load. */
export const KILOMETRES_PER_MILE = 1.609344;

/** The spec's English is US English (contract/languages.ts): distances in miles; every other language, km. */
export function isMiles(language: string): boolean {
  return intlLocale(language) === 'en-US';
}

/** "3.4 km", "12 mi", "٣٫٤ كم": one decimal below ten, whole numbers above. */
export function formatDistance(kilometres: number, language: string): string {
  const miles = isMiles(language);
  const value = miles ? kilometres / KILOMETRES_PER_MILE : kilometres;
  const unit = miles ? 'mile' : 'kilometer';
  const digits = value < 10 ? 1 : 0;
  return numberFormat(language, `${unit}${digits}`, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}
