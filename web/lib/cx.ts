import { clsx } from 'clsx';

/**
 * Joins class names WITHOUT Tailwind conflict resolution. Only for code in the signed-out landing
 * bundle (landing, not-found, theme toggle, language picker trigger, brand mark), where
 * tailwind-merge (~8 kB gzipped) would break the 100 kB budget; callers there must not pass classes
 * that fight each other. Everywhere else use cn() from utils.ts.
 */
export const cx = clsx;
