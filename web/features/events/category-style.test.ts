import { describe, expect, it } from 'vitest';
import { Tag, Trash2, Laptop } from 'lucide-react';
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
  it('gives each of the twelve spec categories a colour of its own', () => {
    const badges = SPEC_CATEGORIES.map((name) => getCategoryStyle(name).badge);
    expect(SPEC_CATEGORIES.every(hasOwnCategoryStyle)).toBe(true);
    expect(new Set(badges).size).toBe(SPEC_CATEGORIES.length);
    expect(badges.some((badge) => badge.includes('stone'))).toBe(false);
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
