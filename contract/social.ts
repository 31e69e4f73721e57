import { z } from 'zod';

export const BRAND_NAME = 'PitchIn';
export const TITLE_SUFFIX = ` | ${BRAND_NAME}`;
const META_DESCRIPTION_EXCERPT_LENGTH = 100;
export const DEFAULT_SOCIAL_IMAGE_PATH = '/og-image.png';

export const ogImageParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The event page's tab title with the brand suffix. */
export function buildEventPageTitle(title: string): string {
  return `${title}${TITLE_SUFFIX}`;
}

/** The long date of the meta description, e.g. 'Saturday, December 5, 2026'. */
function formatLongDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** 'Join us for "{title}" on {long date} in {location}. {first 100 chars of description}...' */
export function buildEventMetaDescription(
  event: { title: string; date: Date; location: string; description: string },
  timeZone?: string,
): string {
  return `Join us for "${event.title}" on ${formatLongDate(event.date, timeZone)} in ${event.location}. ${event.description.slice(0, META_DESCRIPTION_EXCERPT_LENGTH)}...`;
}
