import { CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SERIES_SCOPES, type SeriesScope } from '@contract/series';

/** "This date / this and following / all": which dates of a series an edit or a cancellation reaches. */
export function SeriesScopeField({
  value,
  onChange,
  name,
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  name: string;
}) {
  const { t } = useTranslation('schedule');
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-xl border border-primary/30 bg-primary/5 p-4"
      data-testid="series-scope"
    >
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        <CalendarRange className="size-4 text-primary" aria-hidden />
        {t('series.scope.legend')}
      </legend>
      {SERIES_SCOPES.map((scope) => (
        <label key={scope} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="size-4 accent-primary"
            data-testid={`series-scope-${scope}`}
          />
          {t(`series.scope.${scope}`)}
        </label>
      ))}
    </fieldset>
  );
}
