import { useEffect, useId, useMemo, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Place } from '@contract/places';
import { intlLocale } from '@contract/languages';
import { Input } from '@/components/ui/input';
import { readQueryOptions } from '@/lib/api-read';
import { cn } from '@/lib/utils';

/** The place the location's coordinates came from; it holds while the location still ends with `label`. */
export type ChosenPlace = { label: string; latitude: number; longitude: number };

/** Typing pauses this long before places are asked for. */
const PLACE_SEARCH_DEBOUNCE_MS = 200;

/** What is looked up: the text after the last comma, so "Stanley Park, Vanc" asks for "Vanc". */
function lastPart(text: string): string {
  return (text.split(',').pop() ?? '').trim();
}

/**
 * The event form's location (decisions §21): free text, with suggestions of cities from the server's bundled
 * world list (GET /api/places) for its last part. Choosing one writes "…, Vancouver, Canada" and keeps the
 * city's coordinates, which ?near= searches find the event by; editing the place away drops them. An ARIA
 * combobox: arrows move through the suggestions, Enter chooses, Escape closes.
 */
export function PlacePicker({
  value,
  onValueChange,
  place,
  onPlaceChange,
  inputProps,
}: {
  value: string;
  onValueChange: (value: string) => void;
  place: ChosenPlace | null;
  onPlaceChange: (place: ChosenPlace | null) => void;
  inputProps: Omit<ComponentProps<'input'>, 'value' | 'onChange'>;
}) {
  const { t, i18n } = useTranslation('places');
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');
  const part = lastPart(value);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(part), PLACE_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [part]);

  const isAsking = isOpen && query.length >= 2 && query === part;
  const places = useQuery({
    ...readQueryOptions('/api/places', { query: { q: query } }),
    enabled: isAsking,
    staleTime: Infinity,
  });
  const suggestions: Place[] = isAsking ? (places.data ?? []) : [];
  const countryNames = useMemo(
    () => new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region', fallback: 'code' }),
    [i18n.language],
  );
  const labelOf = (suggestion: Place) => {
    let country = suggestion.country;
    try {
      country = countryNames.of(suggestion.country) ?? suggestion.country;
    } catch {
      // A code Intl does not know (GeoNames has "XK") stays as it is.
    }
    return `${suggestion.name}, ${country}`;
  };

  const choose = (suggestion: Place) => {
    const label = labelOf(suggestion);
    const before = value.includes(',') ? `${value.slice(0, value.lastIndexOf(',')).trim()}, ` : '';
    onValueChange(`${before}${label}`);
    onPlaceChange({ label, latitude: suggestion.latitude, longitude: suggestion.longitude });
    setIsOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && isOpen && suggestions.length > 0) {
      // Closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  };

  const isListShown = isOpen && suggestions.length > 0;
  return (
    <div className="relative flex flex-col gap-1.5">
      <Input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={isListShown ? listId : undefined}
        aria-activedescendant={isListShown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onValueChange(next);
          if (place && !next.trim().endsWith(place.label)) onPlaceChange(null);
          setIsOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        // Coming back to the field offers the suggestions for what it holds.
        onFocus={() => setIsOpen(true)}
        onBlur={(event) => {
          inputProps.onBlur?.(event);
          setIsOpen(false);
        }}
      />
      {isListShown && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('suggestions')}
          className="absolute inset-x-0 top-11 z-50 max-h-64 overflow-auto rounded-lg border border-border bg-popover py-1 text-popover-foreground shadow-lg"
          data-testid="place-suggestions"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.name}-${suggestion.latitude}-${suggestion.longitude}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <span dir="auto">{labelOf(suggestion)}</span>
            </li>
          ))}
        </ul>
      )}
      <p
        className={cn('flex items-center gap-1 text-xs', place ? 'text-primary' : 'text-muted-foreground')}
        data-testid="place-pinned"
      >
        {place ? (
          <>
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            {t('pinned', { place: place.label })}
          </>
        ) : (
          t('hint')
        )}
      </p>
    </div>
  );
}
