import type { LucideIcon } from 'lucide-react';
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
 * Visual identity of a category (spec §2 Event card / Home chips). Keyed by the category NAME as the
 * spec names them, so any other or future category falls back to grey rather than borrowing a colour.
 * Every class string is written out in full so Tailwind's scanner sees it.
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

const GREY: CategoryStyle = {
  badge: 'bg-stone-100 text-stone-800 dark:bg-stone-400/15 dark:text-stone-200',
  chipHover: 'hover:border-stone-400 hover:bg-stone-100 hover:text-stone-900 dark:hover:bg-stone-400/15 dark:hover:text-stone-100',
  chipActive: 'border-stone-700 bg-stone-700 text-white dark:border-stone-300 dark:bg-stone-300 dark:text-stone-950',
  cover: 'from-stone-100 to-stone-200 dark:from-stone-800/60 dark:to-stone-900/60',
  coverIcon: 'text-stone-500 dark:text-stone-400',
};

const STYLES: Record<string, CategoryStyle> = {
  Cleanup: {
    badge: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
    chipHover: 'hover:border-emerald-500 hover:bg-emerald-50 hover:text-emerald-800 dark:hover:bg-emerald-400/15 dark:hover:text-emerald-200',
    chipActive: 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-300 dark:bg-emerald-300 dark:text-emerald-950',
    cover: 'from-emerald-100 to-emerald-200 dark:from-emerald-900/50 dark:to-emerald-950/60',
    coverIcon: 'text-emerald-600 dark:text-emerald-400',
  },
  'Food Distribution': {
    badge: 'bg-orange-100 text-orange-800 dark:bg-orange-400/15 dark:text-orange-300',
    chipHover: 'hover:border-orange-500 hover:bg-orange-50 hover:text-orange-800 dark:hover:bg-orange-400/15 dark:hover:text-orange-200',
    chipActive: 'border-orange-700 bg-orange-700 text-white dark:border-orange-300 dark:bg-orange-300 dark:text-orange-950',
    cover: 'from-orange-100 to-amber-200 dark:from-orange-900/50 dark:to-amber-950/60',
    coverIcon: 'text-orange-600 dark:text-orange-400',
  },
  'Elderly Help': {
    badge: 'bg-pink-100 text-pink-800 dark:bg-pink-400/15 dark:text-pink-300',
    chipHover: 'hover:border-pink-500 hover:bg-pink-50 hover:text-pink-800 dark:hover:bg-pink-400/15 dark:hover:text-pink-200',
    chipActive: 'border-pink-700 bg-pink-700 text-white dark:border-pink-300 dark:bg-pink-300 dark:text-pink-950',
    cover: 'from-pink-100 to-rose-200 dark:from-pink-900/50 dark:to-rose-950/60',
    coverIcon: 'text-pink-600 dark:text-pink-400',
  },
  Education: {
    badge: 'bg-blue-100 text-blue-800 dark:bg-blue-400/15 dark:text-blue-300',
    chipHover: 'hover:border-blue-500 hover:bg-blue-50 hover:text-blue-800 dark:hover:bg-blue-400/15 dark:hover:text-blue-200',
    chipActive: 'border-blue-700 bg-blue-700 text-white dark:border-blue-300 dark:bg-blue-300 dark:text-blue-950',
    cover: 'from-blue-100 to-sky-200 dark:from-blue-900/50 dark:to-sky-950/60',
    coverIcon: 'text-blue-600 dark:text-blue-400',
  },
  'Community Building': {
    badge: 'bg-purple-100 text-purple-800 dark:bg-purple-400/15 dark:text-purple-300',
    chipHover: 'hover:border-purple-500 hover:bg-purple-50 hover:text-purple-800 dark:hover:bg-purple-400/15 dark:hover:text-purple-200',
    chipActive: 'border-purple-700 bg-purple-700 text-white dark:border-purple-300 dark:bg-purple-300 dark:text-purple-950',
    cover: 'from-purple-100 to-violet-200 dark:from-purple-900/50 dark:to-violet-950/60',
    coverIcon: 'text-purple-600 dark:text-purple-400',
  },
  Environmental: {
    badge: 'bg-green-100 text-green-800 dark:bg-green-400/15 dark:text-green-300',
    chipHover: 'hover:border-green-600 hover:bg-green-50 hover:text-green-800 dark:hover:bg-green-400/15 dark:hover:text-green-200',
    chipActive: 'border-green-700 bg-green-700 text-white dark:border-green-300 dark:bg-green-300 dark:text-green-950',
    cover: 'from-lime-100 to-green-200 dark:from-lime-900/40 dark:to-green-950/60',
    coverIcon: 'text-green-700 dark:text-green-400',
  },
  Healthcare: {
    badge: 'bg-red-100 text-red-800 dark:bg-red-400/15 dark:text-red-300',
    chipHover: 'hover:border-red-500 hover:bg-red-50 hover:text-red-800 dark:hover:bg-red-400/15 dark:hover:text-red-200',
    chipActive: 'border-red-700 bg-red-700 text-white dark:border-red-300 dark:bg-red-300 dark:text-red-950',
    cover: 'from-red-100 to-rose-200 dark:from-red-900/50 dark:to-rose-950/60',
    coverIcon: 'text-red-600 dark:text-red-400',
  },
  'Animal Welfare': {
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-300',
    chipHover: 'hover:border-amber-500 hover:bg-amber-50 hover:text-amber-900 dark:hover:bg-amber-400/15 dark:hover:text-amber-200',
    chipActive: 'border-amber-700 bg-amber-700 text-white dark:border-amber-300 dark:bg-amber-300 dark:text-amber-950',
    cover: 'from-amber-100 to-yellow-200 dark:from-amber-900/50 dark:to-yellow-950/60',
    coverIcon: 'text-amber-700 dark:text-amber-400',
  },
  'Disaster Relief': {
    badge: 'bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300',
    chipHover: 'hover:border-rose-500 hover:bg-rose-50 hover:text-rose-800 dark:hover:bg-rose-400/15 dark:hover:text-rose-200',
    chipActive: 'border-rose-700 bg-rose-700 text-white dark:border-rose-300 dark:bg-rose-300 dark:text-rose-950',
    cover: 'from-rose-100 to-red-200 dark:from-rose-900/50 dark:to-red-950/60',
    coverIcon: 'text-rose-600 dark:text-rose-400',
  },
  'Sports & Recreation': {
    badge: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
    chipHover: 'hover:border-sky-500 hover:bg-sky-50 hover:text-sky-800 dark:hover:bg-sky-400/15 dark:hover:text-sky-200',
    chipActive: 'border-sky-700 bg-sky-700 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-sky-950',
    cover: 'from-sky-100 to-cyan-200 dark:from-sky-900/50 dark:to-cyan-950/60',
    coverIcon: 'text-sky-600 dark:text-sky-400',
  },
  'Arts & Culture': {
    badge: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-400/15 dark:text-fuchsia-300',
    chipHover: 'hover:border-fuchsia-500 hover:bg-fuchsia-50 hover:text-fuchsia-800 dark:hover:bg-fuchsia-400/15 dark:hover:text-fuchsia-200',
    chipActive: 'border-fuchsia-700 bg-fuchsia-700 text-white dark:border-fuchsia-300 dark:bg-fuchsia-300 dark:text-fuchsia-950',
    cover: 'from-fuchsia-100 to-pink-200 dark:from-fuchsia-900/50 dark:to-pink-950/60',
    coverIcon: 'text-fuchsia-600 dark:text-fuchsia-400',
  },
  Technology: {
    badge: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-300',
    chipHover: 'hover:border-indigo-500 hover:bg-indigo-50 hover:text-indigo-800 dark:hover:bg-indigo-400/15 dark:hover:text-indigo-200',
    chipActive: 'border-indigo-700 bg-indigo-700 text-white dark:border-indigo-300 dark:bg-indigo-300 dark:text-indigo-950',
    cover: 'from-indigo-100 to-blue-200 dark:from-indigo-900/50 dark:to-blue-950/60',
    coverIcon: 'text-indigo-600 dark:text-indigo-400',
  },
};

export function getCategoryStyle(name: string | null | undefined): CategoryStyle {
  return (name && STYLES[name]) || GREY;
}

/** Whether the category has a colour of its own (anything else is grey). */
export function hasOwnCategoryStyle(name: string | null | undefined): boolean {
  return !!name && name in STYLES;
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
