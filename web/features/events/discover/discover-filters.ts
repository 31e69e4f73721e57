import { EVENT_LIMITS } from '@contract/event-limits';
import { isMiles, KILOMETRES_PER_MILE } from './format-distance';
import type { EventFilters } from '../api/get-events';

/**
 * The Advanced Filters and Use My Location as Discover keeps them in its URL (decisions §21), so a filtered
 * search is bookmarked, shared and restored like the search box: `category`, `from` and `to` (calendar days,
 * the reader's), `placesLeft`, `organization`, `near` (latitude,longitude) and `radius` (km).
 */
export const ADVANCED_FILTER_KEYS = ['category', 'from', 'to', 'placesLeft', 'organization', 'near', 'radius'] as const;

export type AdvancedFilters = {
  categoryId: number | null;
  /** `2026-12-01`: whole days in the reader's own time zone. */
  fromDay: string | null;
  toDay: string | null;
  isPlacesLeftOnly: boolean;
  organizationId: number | null;
  near: string | null;
  radiusKm: number | null;
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const NEAR_PATTERN = /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/;

function positiveWholeNumber(text: string | null): number | null {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The filters of the page's URL; a damaged value counts as unset rather than breaking the list. */
export function readAdvancedFilters(params: URLSearchParams): AdvancedFilters {
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY_PATTERN.test(value) ? value : null;
  };
  const near = params.get('near');
  const radius = Number(params.get('radius'));
  return {
    categoryId: positiveWholeNumber(params.get('category')),
    fromDay: day('from'),
    toDay: day('to'),
    isPlacesLeftOnly: params.get('placesLeft') === 'true',
    organizationId: positiveWholeNumber(params.get('organization')),
    near: near && NEAR_PATTERN.test(near) ? near : null,
    radiusKm: near && radius >= EVENT_LIMITS.radiusKmMin && radius <= EVENT_LIMITS.radiusKmMax ? radius : null,
  };
}

export function countAdvancedFilters(filters: AdvancedFilters): number {
  return [
    filters.categoryId,
    filters.fromDay ?? filters.toDay,
    filters.isPlacesLeftOnly || null,
    filters.organizationId,
  ].filter((value) => value !== null).length;
}

/** The start of a calendar day on the reader's clock, as the ISO timestamp the API takes. */
function startOfDay(day: string, dayOffset = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + dayOffset).toISOString();
}

/** The list's query: `to` is the end of its day, so "until 5 December" keeps that day's events. */
export function toEventFilters(filters: AdvancedFilters): EventFilters {
  return {
    category: filters.categoryId,
    from: filters.fromDay && startOfDay(filters.fromDay),
    to: filters.toDay && startOfDay(filters.toDay, 1),
    isPlacesLeftOnly: filters.isPlacesLeftOnly,
    organizationId: filters.organizationId,
    near: filters.near,
    radiusKm: filters.radiusKm,
  };
}

/** A position rounded to about 100 m: enough to sort by, and no more of the person's whereabouts in the URL. */
export function nearText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(3)},${longitude.toFixed(3)}`;
}

/** The radius choices, in the reader's unit, as kilometres for the API (1–500). */
export function radiusChoicesKm(language: string): number[] {
  return isMiles(language)
    ? [5, 10, 25, 50, 100, 300].map((miles) => Math.round(miles * KILOMETRES_PER_MILE * 10) / 10)
    : [5, 10, 25, 50, 100, 250, 500];
}

/** What Use My Location starts with: 50 km, or 30 miles. */
export function defaultRadiusKm(language: string): number {
  return isMiles(language) ? Math.round(30 * KILOMETRES_PER_MILE * 10) / 10 : 50;
}
