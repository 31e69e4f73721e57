import { describe, expect, it } from 'vitest';
import { formatRating } from './event-card';

describe('formatRating', () => {
  it('gives English exactly what Intl gives, for every average of up to 40 ratings', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (let count = 1; count <= 40; count += 1) {
      for (let sum = count; sum <= count * 5; sum += 1) {
        const average = sum / count;
        expect(formatRating(average, 'en'), `${sum}/${count}`).toBe(intl.format(average));
      }
    }
    expect(formatRating(0, 'en')).toBe('0.0');
    expect(formatRating(5, 'en')).toBe('5.0');
  });

  it("uses the language's own separator elsewhere", () => {
    expect(formatRating(4.25, 'de')).toBe('4,3');
    expect(formatRating(4, 'fr')).toBe('4,0');
  });
});
