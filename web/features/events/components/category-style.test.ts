import { describe, expect, it } from 'vitest';
import { Tag, Trash2, Laptop } from 'lucide-react';
import { CATEGORY_COLORS, categoryColorOf } from '@contract/category-colors';
import { getCategoryIcon, getCategoryStyle, hasOwnCategoryStyle } from './category-style';

const SPEC_CATEGORIES = [
  'Cleanup',
  'Food Distribution',
  'Elderly Help',
  'Education',
  'Community Building',
  'Environmental',
  'Healthcare',
  'Animal Welfare',
  'Disaster Relief',
  'Sports & Recreation',
  'Arts & Culture',
  'Technology',
];

describe('category styles', () => {
  it('gives each of the twelve spec categories its colour from the one shared table', () => {
    const expected: Record<string, string> = {
      Cleanup: 'green',
      'Food Distribution': 'orange',
      'Elderly Help': 'pink',
      Education: 'blue',
      'Community Building': 'purple',
      Environmental: 'green',
      Healthcare: 'red',
      'Animal Welfare': 'orange',
      'Disaster Relief': 'red',
      'Sports & Recreation': 'blue',
      'Arts & Culture': 'purple',
      Technology: 'indigo',
    };
    expect(SPEC_CATEGORIES.every(hasOwnCategoryStyle)).toBe(true);
    for (const name of SPEC_CATEGORIES) {
      expect(categoryColorOf(name), name).toBe(expected[name]);
      expect(getCategoryStyle(name).badge, name).toContain(`bg-${expected[name]}-100`);
      expect(getCategoryStyle(name).cover, name).not.toContain('stone');
    }
    // The table, not a second list, decides: same colour, same look.
    expect(getCategoryStyle('Healthcare')).toBe(getCategoryStyle('Disaster Relief'));
    expect(Object.keys(CATEGORY_COLORS).sort()).toEqual([...SPEC_CATEGORIES].sort());
  });

  it('gives every other name grey', () => {
    for (const name of ['Gardening', '', null, undefined, 'cleanup']) {
      expect(getCategoryStyle(name).badge).toContain('stone');
      expect(hasOwnCategoryStyle(name)).toBe(false);
    }
  });

  it('has a hover colour for the chips of the first six categories', () => {
    for (const name of SPEC_CATEGORIES.slice(0, 6)) expect(getCategoryStyle(name).chipHover).toMatch(/hover:bg-/);
  });

  it('maps lucide icon names to components, with a tag for unknown ones', () => {
    expect(getCategoryIcon('trash-2')).toBe(Trash2);
    expect(getCategoryIcon('laptop')).toBe(Laptop);
    expect(getCategoryIcon('no-such-icon')).toBe(Tag);
    expect(getCategoryIcon(null)).toBe(Tag);
  });
});
