/**
 * The one table of category colours, read by the server (the seeded catalogue, the
 * share image drawn on the server) and the web app (cards, chips, the event page, the share image
 * drawn in the browser). Plain data only. Keyed by the category NAME: a category the table does not
 * know, or an event without one, is grey everywhere.
 */
export type CategoryColor = 'green' | 'orange' | 'pink' | 'blue' | 'purple' | 'red' | 'indigo' | 'grey';

export const CATEGORY_COLORS = {
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
} as const satisfies Record<string, CategoryColor>;

type CategoryName = keyof typeof CATEGORY_COLORS;

/** The solid badge colour of each category colour on the share images, white text at 4.5:1 or more. */
export const CATEGORY_BADGE_HEX: Readonly<Record<CategoryColor, string>> = {
  green: '#15803d',
  orange: '#c2410c',
  pink: '#be185d',
  blue: '#1d4ed8',
  purple: '#7e22ce',
  red: '#b91c1c',
  indigo: '#4338ca',
  grey: '#475569',
};

export function categoryColorOf(name: string | null | undefined): CategoryColor {
  return name && Object.hasOwn(CATEGORY_COLORS, name) ? CATEGORY_COLORS[name as CategoryName] : 'grey';
}

export function categoryBadgeHexOf(name: string | null | undefined): string {
  return CATEGORY_BADGE_HEX[categoryColorOf(name)];
}
