import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from './format-compact-number';
import { formatNumber, formatOneDecimal } from './format-number';

describe('formatOneDecimal', () => {
  it('gives English exactly what Intl gives, for every average of up to 40 ratings', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (let count = 1; count <= 40; count += 1) {
      for (let sum = count; sum <= count * 5; sum += 1) {
        const average = sum / count;
        expect(formatOneDecimal(average, 'en'), `${sum}/${count}`).toBe(intl.format(average));
      }
    }
    expect(formatOneDecimal(0, 'en')).toBe('0.0');
    expect(formatOneDecimal(5, 'en')).toBe('5.0');
  });

  it("uses the language's own separator elsewhere", () => {
    expect(formatOneDecimal(4.25, 'de')).toBe('4,3');
    expect(formatOneDecimal(4, 'fr')).toBe('4,0');
  });
});

describe('formatCompactNumber', () => {
  it('is what Intl’s compact notation says for each language', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar']) {
      const intl = new Intl.NumberFormat(language === 'en' ? 'en-US' : language, {
        notation: 'compact',
        maximumFractionDigits: 1,
      });
      for (const value of [89, 127, 2330, 15_700, 1_250_000])
        expect(formatCompactNumber(value, language), `${language} ${value}`).toBe(intl.format(value));
    }
  });

  it('shortens thousands in English but not in German, which has no short form below a million', () => {
    expect(formatCompactNumber(2330, 'en')).toBe('2.3K');
    expect(formatCompactNumber(15_700, 'en')).toBe('15.7K');
    expect(formatCompactNumber(2330, 'de')).toBe('2330');
    expect(formatCompactNumber(15_700, 'de')).toBe('15.700');
    expect(formatCompactNumber(127, 'de')).toBe('127');
  });
});

describe('formatNumber', () => {
  it('groups digits the language’s way', () => {
    expect(formatNumber(12_345, 'en')).toBe('12,345');
    expect(formatNumber(12_345, 'de')).toBe('12.345');
  });
});
