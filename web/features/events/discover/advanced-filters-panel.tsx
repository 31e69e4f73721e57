import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { EVENT_LIMITS } from '@contract/event-limits';
import { organizationCardsQueryOptions } from '@/lib/api/get-organization-cards';
import { useCategories } from '../api/get-categories';
import { useCategoryName } from './event-card';
import { type AdvancedFilters, radiusChoicesKm } from './discover-filters';
import { formatDistance } from './format-distance';

const SELECT_CLASS =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50';

/** A change of the URL's filters: a key to set, or null to remove. */
export type FilterChange = Partial<
  Record<'category' | 'from' | 'to' | 'placesLeft' | 'organization' | 'radius', string | null>
>;

/**
 * Discover's Advanced Filters (decisions §21): category, date range, places left, organization, and the
 * distance once Use My Location is on. Loaded when first opened, with its own translations
 * (`discover-filters`), so the page's first load carries none of it. Each change writes the URL at once.
 */
export default function AdvancedFiltersPanel({
  filters,
  onChange,
}: {
  filters: AdvancedFilters;
  onChange: (change: FilterChange) => void;
}) {
  const { t, i18n } = useTranslation(['discover-filters', 'events']);
  const id = useId();
  const categoryName = useCategoryName();
  const categories = useCategories().data ?? [];
  // The organizations one belongs to or follows (the Groups screen's list).
  const organizations = useQuery(organizationCardsQueryOptions('mine', '')).data ?? [];
  // Without one in the address, the server's radius: what the list shows is what it was asked.
  const radius = filters.radiusKm ?? EVENT_LIMITS.radiusKmDefault;
  // A radius from a link in the other unit is offered too, so the list shows what is asked.
  const radiusChoices = [...new Set([...radiusChoicesKm(i18n.language), radius])].sort(
    (first, second) => first - second,
  );

  return (
    <div
      id="advanced-filters"
      className="grid gap-4 rounded-xl bg-background p-4 text-foreground shadow-md sm:grid-cols-2 lg:grid-cols-3"
      data-testid="advanced-filters"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-category`}>{t('category')}</Label>
        <select
          id={`${id}-category`}
          className={SELECT_CLASS}
          value={filters.categoryId ?? ''}
          onChange={(event) => onChange({ category: event.target.value || null })}
        >
          <option value="">{t('anyCategory')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {categoryName(category.name)}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('dates')}</legend>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
            {t('from')}
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.fromDay ?? ''}
            max={filters.toDay ?? undefined}
            onChange={(event) => onChange({ from: event.target.value || null })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
            {t('to')}
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.toDay ?? ''}
            min={filters.fromDay ?? undefined}
            onChange={(event) => onChange({ to: event.target.value || null })}
          />
        </div>
      </fieldset>

      {organizations.length > 0 && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-organization`}>{t('organization')}</Label>
          <select
            id={`${id}-organization`}
            className={SELECT_CLASS}
            value={filters.organizationId ?? ''}
            onChange={(event) => onChange({ organization: event.target.value || null })}
          >
            <option value="">{t('anyOrganization')}</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-radius`}>{t('distance')}</Label>
        <select
          id={`${id}-radius`}
          className={SELECT_CLASS}
          value={radius}
          disabled={filters.near === null}
          aria-describedby={filters.near === null ? `${id}-radius-hint` : undefined}
          onChange={(event) => onChange({ radius: event.target.value })}
        >
          {radiusChoices.map((kilometres) => (
            <option key={kilometres} value={kilometres}>
              {t('within', { distance: formatDistance(kilometres, i18n.language) })}
            </option>
          ))}
        </select>
        {filters.near === null && (
          <p id={`${id}-radius-hint`} className="text-xs text-muted-foreground">
            {t('distanceHint')}
          </p>
        )}
      </div>

      <label className="flex min-h-10 items-center gap-2 self-end text-sm font-medium" htmlFor={`${id}-places`}>
        <input
          id={`${id}-places`}
          type="checkbox"
          className="size-5 accent-[var(--primary)]"
          checked={filters.isPlacesLeftOnly}
          onChange={(event) => onChange({ placesLeft: event.target.checked ? 'true' : null })}
        />
        {t('placesLeft')}
      </label>
    </div>
  );
}
