import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import {
  CalendarSearch,
  Compass,
  Heart,
  LocateFixed,
  MapPin,
  Search,
  SearchX,
  SlidersHorizontal,
  TriangleAlert,
  X,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EmptyState, EventListResults } from './event-list';
import { type EventFilters, useEvents } from '../api/get-events';
import '../components/english-event-texts';
import {
  ADVANCED_FILTER_KEYS,
  countAdvancedFilters,
  defaultRadiusKm,
  nearText,
  readAdvancedFilters,
  toEventFilters,
} from './discover-filters';
import type { FilterChange } from './advanced-filters-panel';

// Its code and translations load when the panel is first opened (the route's JavaScript budget, §17).
const AdvancedFiltersPanel = lazy(() => import('./advanced-filters-panel'));

type LocationProblem = 'denied' | 'unavailable';

/** Typing pauses this long before the list (and the URL) follow. */
export const SEARCH_DEBOUNCE_MS = 300;

type Filters = { search: string; location: string; isFollowedOnly?: boolean };
type ListFilters = Filters & EventFilters;

/**
 * Discover, at /discover and /events. The filters live in the URL (?search=&location=), so
 * a search can be bookmarked, shared and restored on reload, and Back returns to the previous one.
 */
export default function DiscoverPage() {
  // The cards' RSVP control reads the 'event-detail' strings: load them with the page's own, so
  // the page suspends once up front rather than blanking out (an open dialog too) when cards arrive.
  // Use My Location's words are in 'discover-filters', which only this page and its panel load.
  const { t, i18n } = useTranslation(['events', 'event-detail', 'discover-filters']);
  const [params, setParams] = useSearchParams();
  const advanced = readAdvancedFilters(params);
  const [isPanelOpen, setIsPanelOpen] = useState(() => countAdvancedFilters(advanced) > 0);
  const [isLocating, setIsLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<LocationProblem | null>(null);
  const [pagePath] = useLocation();
  const urlFilters: Filters = {
    search: params.get('search') ?? '',
    location: params.get('location') ?? '',
    isFollowedOnly: params.get('organizations') === 'followed',
  };
  const [draft, setDraft] = useState<Filters>(urlFilters);
  // What this page last wrote to the URL: a URL change that differs came from outside (Back,
  // a link, the header's search box) and replaces what is typed; our own echo must not, or the
  // letters typed during the debounce would be lost.
  const written = useRef<Filters>(urlFilters);
  const searchId = useId();
  const locationId = useId();

  useEffect(() => {
    const fromUrl = { search: urlFilters.search, location: urlFilters.location };
    if (fromUrl.search !== written.current.search || fromUrl.location !== written.current.location) {
      written.current = fromUrl;
      setDraft(fromUrl);
    }
  }, [urlFilters.search, urlFilters.location]);

  useEffect(() => {
    if (draft.search === written.current.search && draft.location === written.current.location) return;
    const timer = window.setTimeout(() => {
      // A click that left the page within the pause (a card, a link) wins: React keeps this hidden
      // page's effects alive while the next page loads, and writing the filters now would replace
      // the new address with this page's.
      if (window.location.pathname !== pagePath) return;
      written.current = draft;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['search', 'location'] as const) {
            if (draft[key].trim()) next.set(key, draft[key]);
            else next.delete(key);
          }
          return next;
        },
        // Each keystroke pause is not a history entry of its own.
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, setParams, pagePath]);

  const advancedCount = countAdvancedFilters(advanced);
  const isFiltering =
    urlFilters.search.trim() !== '' ||
    urlFilters.location.trim() !== '' ||
    urlFilters.isFollowedOnly === true ||
    advancedCount > 0 ||
    advanced.near !== null;
  const listFilters: ListFilters = { ...urlFilters, ...toEventFilters(advanced) };

  // Each choice of the panel is a step of history, as the followed-only toggle is.
  const changeFilters = useCallback(
    (change: FilterChange & { near?: string | null }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === undefined) next.delete(key);
          else next.set(key, value);
        }
        if (!next.has('near')) next.delete('radius');
        return next;
      }),
    [setParams],
  );

  // Asked only on the press: the browser's own prompt, then nearest first. A refusal stays on screen
  // (not a toast that vanishes) and says how to allow it, since the page cannot ask twice.
  const toggleNearMe = () => {
    // A second press while the browser is still answering changes nothing.
    if (isLocating) return;
    setLocationProblem(null);
    if (advanced.near !== null) {
      changeFilters({ near: null });
      return;
    }
    if (!('geolocation' in navigator)) {
      setLocationProblem('unavailable');
      return;
    }
    setIsLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setIsLocating(false);
        changeFilters({
          near: nearText(position.coords.latitude, position.coords.longitude),
          radius: String(defaultRadiusKm(i18n.language)),
        });
      },
      (error) => {
        setIsLocating(false);
        setLocationProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };
  // A filter of its own in the URL (?organizations=followed): a step of history, as choosing it is.
  const toggleFollowedOnly = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (urlFilters.isFollowedOnly) next.delete('organizations');
      else next.set('organizations', 'followed');
      return next;
    });

  const clearFilters = useCallback(() => {
    const empty = { search: '', location: '' };
    written.current = empty;
    setDraft(empty);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('search');
        next.delete('location');
        next.delete('organizations');
        for (const key of ADVANCED_FILTER_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 pt-6 pb-6 sm:px-6 lg:px-8">
      <section
        aria-labelledby="discover-title"
        className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 via-teal-700 to-teal-800 p-6 text-white shadow-lg sm:p-8 dark:from-emerald-900 dark:via-teal-900 dark:to-teal-950"
      >
        <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-24 -end-10 size-72 rounded-full bg-radial from-white/10 to-transparent to-70%" />
          <Compass className="absolute -bottom-10 end-6 size-48 text-white/10" strokeWidth={1} />
        </div>
        <h1 id="discover-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl lg:text-4xl">
          {t('discover.title')}
        </h1>
        <p className="mt-2 max-w-2xl text-base text-emerald-50 sm:text-lg">{t('discover.subtitle')}</p>

        <form
          role="search"
          aria-label={t('discover.searchLabel')}
          className="mt-6 flex flex-col gap-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="grid gap-3 md:grid-cols-[1.4fr_1fr]">
            <div className="relative">
              <label htmlFor={searchId} className="sr-only">
                {t('discover.searchLabel')}
              </label>
              <Search
                className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                id={searchId}
                type="search"
                value={draft.search}
                onChange={(event) => setDraft((current) => ({ ...current, search: event.target.value }))}
                placeholder={t('discover.searchPlaceholder')}
                enterKeyHint="search"
                maxLength={200}
                className="h-12 border-transparent bg-background ps-10 text-base text-foreground shadow-md md:text-base [&::-webkit-search-cancel-button]:hidden"
                data-testid="discover-search"
              />
            </div>
            <div className="relative">
              <label htmlFor={locationId} className="sr-only">
                {t('discover.locationLabel')}
              </label>
              <MapPin
                className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                id={locationId}
                type="search"
                value={draft.location}
                onChange={(event) => setDraft((current) => ({ ...current, location: event.target.value }))}
                placeholder={t('discover.locationPlaceholder')}
                enterKeyHint="search"
                autoComplete="address-level2"
                maxLength={300}
                className="h-12 border-transparent bg-background ps-10 text-base text-foreground shadow-md md:text-base [&::-webkit-search-cancel-button]:hidden"
                data-testid="discover-location"
              />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="inverseOutline"
              size="sm"
              aria-pressed={urlFilters.isFollowedOnly}
              onClick={toggleFollowedOnly}
              className="aria-pressed:bg-white aria-pressed:text-teal-900"
              data-testid="discover-followed"
            >
              <Heart aria-hidden className={urlFilters.isFollowedOnly ? 'fill-current' : undefined} />
              {t('discover.followedOrganizations')}
            </Button>
            <Button
              type="button"
              variant="inverseOutline"
              size="sm"
              aria-expanded={isPanelOpen}
              aria-controls={isPanelOpen ? 'advanced-filters' : undefined}
              onClick={() => setIsPanelOpen((isOpen) => !isOpen)}
              className="aria-expanded:bg-white aria-expanded:text-teal-900"
            >
              <SlidersHorizontal aria-hidden />
              {t('discover.advancedFilters')}
              {advancedCount > 0 && (
                <span
                  className="ms-1 rounded-full bg-teal-900 px-1.5 text-xs leading-5 text-white tabular-nums"
                  data-testid="advanced-filter-count"
                >
                  {advancedCount}
                </span>
              )}
            </Button>
            <Button
              type="button"
              variant="inverseOutline"
              size="sm"
              aria-pressed={advanced.near !== null}
              aria-busy={isLocating}
              onClick={toggleNearMe}
              className="aria-pressed:bg-white aria-pressed:text-teal-900"
              data-testid="discover-near-me"
            >
              <LocateFixed aria-hidden className={isLocating ? 'animate-pulse' : undefined} />
              {isLocating ? t('discover-filters:locating') : t('discover.useMyLocation')}
            </Button>
            {isFiltering && <ClearFiltersButton filters={listFilters} onClear={clearFilters} />}
          </div>
          {locationProblem && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-lg bg-white p-3 text-sm text-foreground shadow-md dark:bg-background"
              data-testid="location-problem"
            >
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
              <p className="flex-1">
                {locationProblem === 'denied'
                  ? t('discover-filters:locationDenied')
                  : t('discover-filters:locationUnavailable')}
              </p>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="-m-1 size-7"
                aria-label={t('discover-filters:dismiss')}
                onClick={() => setLocationProblem(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
          )}
          {isPanelOpen && (
            <Suspense fallback={<div className="h-40 animate-pulse rounded-xl bg-white/20" />}>
              <AdvancedFiltersPanel filters={advanced} onChange={changeFilters} />
            </Suspense>
          )}
        </form>
      </section>

      <DiscoverResults
        filters={listFilters}
        isNearest={advanced.near !== null}
        isFiltering={isFiltering}
        onClearFilters={clearFilters}
      />
    </div>
  );
}

/** The results under the search form: their own data, so an answer re-renders only them. */
function DiscoverResults({
  filters,
  isNearest,
  isFiltering,
  onClearFilters,
}: {
  filters: ListFilters;
  isNearest: boolean;
  isFiltering: boolean;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation(['events', 'event-detail', 'discover-filters']);
  const list = useEvents(filters);
  return (
    <section aria-labelledby="results-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id="results-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            {isFiltering ? t('discover.searchResults') : t('discover.allEvents')}
          </h2>
          {isNearest && (
            <p className="flex items-center gap-1 text-sm font-medium text-primary" data-testid="nearest-first">
              <MapPin aria-hidden className="size-4" />
              {t('discover-filters:nearMe')}
            </p>
          )}
        </div>
        <p role="status" className="text-sm font-medium text-muted-foreground" data-testid="events-found">
          {list.isLoading || list.isPlaceholderData
            ? t('common:status.loadingEvents')
            : list.isError
              ? ''
              : list.hasNextPage
                ? t('discover.eventsFoundMore', { count: list.events.length })
                : t('discover.eventsFound', { count: list.events.length })}
        </p>
      </div>

      <EventListResults
        list={list}
        empty={
          isFiltering ? (
            <EmptyState
              icon={SearchX}
              title={t('list.emptyTitle')}
              hint={t('list.emptyFilteredHint')}
              action={
                <Button variant="outline" onClick={onClearFilters}>
                  <X aria-hidden />
                  {t('discover.clearFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState icon={CalendarSearch} title={t('list.emptyTitle')} hint={t('discover.emptyHint')} />
          )
        }
      />
    </section>
  );
}

/** Shown while filtering and something was found (an empty result has its own Clear Filters button). */
function ClearFiltersButton({ filters, onClear }: { filters: ListFilters; onClear: () => void }) {
  const { t } = useTranslation('events');
  const hasResults = useEvents(filters).events.length > 0;
  if (!hasResults) return null;
  return (
    <Button type="button" variant="inverseOutline" size="sm" onClick={onClear} className="ms-auto">
      <X aria-hidden />
      {t('discover.clearFilters')}
    </Button>
  );
}
