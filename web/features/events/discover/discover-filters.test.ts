import { describe, expect, it } from 'vitest';
import { eventListUrl } from '../api/get-events';
import { nearText, readAdvancedFilters, toEventFilters } from './discover-filters';
import { formatDistance } from './format-distance';

describe('the Advanced Filters in the URL', () => {
  it('reads the filters, leaving damaged values unset', () => {
    const filters = readAdvancedFilters(
      new URLSearchParams(
        'category=3&from=2026-12-01&to=nope&placesLeft=true&organization=-1&near=49.25,-123.119&radius=25',
      ),
    );
    expect(filters).toEqual({
      categoryId: 3,
      fromDay: '2026-12-01',
      toDay: null,
      isPlacesLeftOnly: true,
      organizationId: null,
      near: '49.25,-123.119',
      radiusKm: 25,
    });
    // A radius means nothing without a place.
    expect(readAdvancedFilters(new URLSearchParams('radius=25')).radiusKm).toBeNull();
    expect(readAdvancedFilters(new URLSearchParams('near=500,1')).near).toBeNull();
  });

  it('asks the API for whole local days and the nearest events', () => {
    const filters = toEventFilters(readAdvancedFilters(new URLSearchParams('from=2026-12-01&to=2026-12-01&near=1,2')));
    expect(new Date(filters.from!).getTime()).toBe(new Date(2026, 11, 1).getTime());
    expect(new Date(filters.to!).getTime()).toBe(new Date(2026, 11, 2).getTime());
    expect(eventListUrl({ ...filters, isPlacesLeftOnly: true })).toContain('placesLeft=true');
    expect(eventListUrl(filters)).toContain('near=1%2C2');
    expect(nearText(49.249661, -123.119339)).toBe('49.250,-123.119');
  });
});

describe('formatDistance', () => {
  it('writes miles in US English and kilometres elsewhere, one decimal below ten', () => {
    expect(formatDistance(16.09344, 'en')).toBe('10 mi');
    expect(formatDistance(3.4, 'de')).toBe('3,4 km');
    // French puts a narrow no-break space before the unit.
    expect(formatDistance(47.3, 'fr').replace(/\s/gu, ' ')).toBe('47 km');
  });
});
