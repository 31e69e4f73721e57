import type { LucideIcon } from 'lucide-react';
import { categoryColorOf, type CategoryColor } from '@contract/category-colors';
import {
  GraduationCap,
  HeartHandshake,
  Laptop,
  Leaf,
  LifeBuoy,
  Palette,
  PawPrint,
  Sparkles,
  Stethoscope,
  Tag,
  Trash2,
  Trophy,
  Users,
  Utensils,
} from 'lucide-react';

/**
 * Visual identity of a category (event card, Home chips, event page): the colour comes from
 * the one shared table by the category NAME, so any other or future category is grey rather than
 * borrowing a colour. Every class string is written out in full so Tailwind's scanner sees it.
 */
export interface CategoryStyle {
  /** Badge on cards: tinted background with text at AA contrast in both themes. */
  badge: string;
  /** Filter chip hover colours (spec: the first six categories have their own hover colour). */
  chipHover: string;
  /** Filter chip while selected. */
  chipActive: string;
  /** Placeholder cover for a card without an image. */
  cover: string;
  /** Icon tint on the cover placeholder. */
  coverIcon: string;
}

/** One look per colour of the shared table (contract/category-colors.ts). */
const STYLES: Record<CategoryColor, CategoryStyle> = {
  green: {
    badge: 'bg-green-100 text-green-800 dark:bg-green-400/15 dark:text-green-300',
    chipHover:
      'hover:border-green-500 hover:bg-green-50 hover:text-green-800 dark:hover:bg-green-400/15 dark:hover:text-green-200',
    chipActive: 'border-green-700 bg-green-700 text-white dark:border-green-300 dark:bg-green-300 dark:text-green-950',
    cover: 'from-lime-100 to-green-200 dark:from-lime-900/50 dark:to-green-950/60',
    coverIcon: 'text-green-700 dark:text-green-400',
  },
  orange: {
    badge: 'bg-orange-100 text-orange-800 dark:bg-orange-400/15 dark:text-orange-300',
    chipHover:
      'hover:border-orange-500 hover:bg-orange-50 hover:text-orange-800 dark:hover:bg-orange-400/15 dark:hover:text-orange-200',
    chipActive:
      'border-orange-700 bg-orange-700 text-white dark:border-orange-300 dark:bg-orange-300 dark:text-orange-950',
    cover: 'from-orange-100 to-amber-200 dark:from-orange-900/50 dark:to-amber-950/60',
    coverIcon: 'text-orange-600 dark:text-orange-400',
  },
  pink: {
    badge: 'bg-pink-100 text-pink-800 dark:bg-pink-400/15 dark:text-pink-300',
    chipHover:
      'hover:border-pink-500 hover:bg-pink-50 hover:text-pink-800 dark:hover:bg-pink-400/15 dark:hover:text-pink-200',
    chipActive: 'border-pink-700 bg-pink-700 text-white dark:border-pink-300 dark:bg-pink-300 dark:text-pink-950',
    cover: 'from-pink-100 to-rose-200 dark:from-pink-900/50 dark:to-rose-950/60',
    coverIcon: 'text-pink-600 dark:text-pink-400',
  },
  blue: {
    badge: 'bg-blue-100 text-blue-800 dark:bg-blue-400/15 dark:text-blue-300',
    chipHover:
      'hover:border-blue-500 hover:bg-blue-50 hover:text-blue-800 dark:hover:bg-blue-400/15 dark:hover:text-blue-200',
    chipActive: 'border-blue-700 bg-blue-700 text-white dark:border-blue-300 dark:bg-blue-300 dark:text-blue-950',
    cover: 'from-blue-100 to-sky-200 dark:from-blue-900/50 dark:to-sky-950/60',
    coverIcon: 'text-blue-600 dark:text-blue-400',
  },
  purple: {
    badge: 'bg-purple-100 text-purple-800 dark:bg-purple-400/15 dark:text-purple-300',
    chipHover:
      'hover:border-purple-500 hover:bg-purple-50 hover:text-purple-800 dark:hover:bg-purple-400/15 dark:hover:text-purple-200',
    chipActive:
      'border-purple-700 bg-purple-700 text-white dark:border-purple-300 dark:bg-purple-300 dark:text-purple-950',
    cover: 'from-purple-100 to-violet-200 dark:from-purple-900/50 dark:to-violet-950/60',
    coverIcon: 'text-purple-600 dark:text-purple-400',
  },
  red: {
    badge: 'bg-red-100 text-red-800 dark:bg-red-400/15 dark:text-red-300',
    chipHover:
      'hover:border-red-500 hover:bg-red-50 hover:text-red-800 dark:hover:bg-red-400/15 dark:hover:text-red-200',
    chipActive: 'border-red-700 bg-red-700 text-white dark:border-red-300 dark:bg-red-300 dark:text-red-950',
    cover: 'from-red-100 to-rose-200 dark:from-red-900/50 dark:to-rose-950/60',
    coverIcon: 'text-red-600 dark:text-red-400',
  },
  indigo: {
    badge: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-300',
    chipHover:
      'hover:border-indigo-500 hover:bg-indigo-50 hover:text-indigo-800 dark:hover:bg-indigo-400/15 dark:hover:text-indigo-200',
    chipActive:
      'border-indigo-700 bg-indigo-700 text-white dark:border-indigo-300 dark:bg-indigo-300 dark:text-indigo-950',
    cover: 'from-indigo-100 to-blue-200 dark:from-indigo-900/50 dark:to-blue-950/60',
    coverIcon: 'text-indigo-600 dark:text-indigo-400',
  },
  grey: {
    badge: 'bg-stone-100 text-stone-800 dark:bg-stone-400/15 dark:text-stone-200',
    chipHover:
      'hover:border-stone-400 hover:bg-stone-100 hover:text-stone-900 dark:hover:bg-stone-400/15 dark:hover:text-stone-100',
    chipActive: 'border-stone-700 bg-stone-700 text-white dark:border-stone-300 dark:bg-stone-300 dark:text-stone-950',
    cover: 'from-stone-100 to-stone-200 dark:from-stone-800/60 dark:to-stone-900/60',
    coverIcon: 'text-stone-500 dark:text-stone-400',
  },
};

export function getCategoryStyle(name: string | null | undefined): CategoryStyle {
  return STYLES[categoryColorOf(name)];
}

/** Whether the category has a colour of its own (anything else is grey). */
export function hasOwnCategoryStyle(name: string | null | undefined): boolean {
  return categoryColorOf(name) !== 'grey';
}

// A static map keeps the bundle to these few icons: importing lucide's whole set dynamically would
// ship hundreds of kilobytes to cheap phones for twelve pictures.
const ICONS: Record<string, LucideIcon> = {
  'trash-2': Trash2,
  utensils: Utensils,
  'heart-handshake': HeartHandshake,
  'graduation-cap': GraduationCap,
  users: Users,
  leaf: Leaf,
  stethoscope: Stethoscope,
  'paw-print': PawPrint,
  'life-buoy': LifeBuoy,
  trophy: Trophy,
  palette: Palette,
  laptop: Laptop,
  sparkles: Sparkles,
};

/** The lucide component for a category's `icon` name; a neutral tag for unknown names. */
export function getCategoryIcon(icon: string | null | undefined): LucideIcon {
  return (icon && ICONS[icon]) || Tag;
}
