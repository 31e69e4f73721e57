import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Repeat } from 'lucide-react';
import { SERIES_LIMITS } from '@contract/series';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type RepeatValues = {
  repeatFrequency: 'none' | 'daily' | 'weekly' | 'monthly';
  repeatInterval: string;
  repeatEnd: 'count' | 'until';
  repeatCount: string;
  repeatUntil: string;
};

export const NO_REPEAT: RepeatValues = {
  repeatFrequency: 'none',
  repeatInterval: '1',
  repeatEnd: 'count',
  repeatCount: '4',
  repeatUntil: '',
};

const FREQUENCIES = ['none', 'daily', 'weekly', 'monthly'] as const;

/**
 * "Repeats" of the create form (decisions §18): every N days, weeks or months, a number of times or until
 * a last date. The server makes each date an event of its own; the hint says so before the organizer
 * submits.
 */
export function RepeatsFields<Values extends RepeatValues>({
  control,
  register,
  errors,
  frequency,
  end,
  fieldId,
}: {
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<RepeatValues>;
  frequency: RepeatValues['repeatFrequency'];
  end: RepeatValues['repeatEnd'];
  fieldId: (name: string) => string;
}) {
  const { t } = useTranslation('schedule');
  const isRepeating = frequency !== 'none';
  const errorOf = (name: keyof RepeatValues) =>
    errors[name]?.message ? (
      <p id={`${fieldId(name)}-error`} className="text-sm font-medium text-destructive" data-testid={`error-${name}`}>
        {errors[name]?.message}
      </p>
    ) : null;
  const describedBy = (name: keyof RepeatValues) => (errors[name] ? `${fieldId(name)}-error` : undefined);
  // The generic Values only widen RepeatValues; react-hook-form's paths need the cast to name these fields.
  const typedControl = control as unknown as Control<RepeatValues>;
  const typedRegister = register as unknown as UseFormRegister<RepeatValues>;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="repeats-fields">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        <Repeat className="size-4 text-muted-foreground" aria-hidden />
        {t('series.repeats')}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={fieldId('repeatFrequency')}>{t('series.frequencyLabel')}</Label>
          <Controller
            control={typedControl}
            name="repeatFrequency"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger id={fieldId('repeatFrequency')} ref={field.ref} data-testid="repeat-frequency">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FREQUENCIES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`series.frequency.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        {isRepeating && (
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={fieldId('repeatInterval')}>{t(`series.interval.${frequency}`)}</Label>
            <Input
              id={fieldId('repeatInterval')}
              type="number"
              inputMode="numeric"
              min={1}
              max={SERIES_LIMITS.intervalMax}
              step={1}
              aria-invalid={!!errors.repeatInterval}
              aria-describedby={describedBy('repeatInterval')}
              data-testid="repeat-interval"
              {...typedRegister('repeatInterval')}
            />
            {errorOf('repeatInterval')}
          </div>
        )}
      </div>
      {isRepeating && (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('series.ends')}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(['count', 'until'] as const).map((value) => (
                <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={value}
                    className="size-4 accent-primary"
                    data-testid={`repeat-end-${value}`}
                    {...typedRegister('repeatEnd')}
                  />
                  {t(`series.end.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {end === 'count' ? (
            <div className="flex flex-col gap-2 sm:w-1/2 sm:pe-2">
              <Label htmlFor={fieldId('repeatCount')}>{t('series.countLabel')}</Label>
              <Input
                id={fieldId('repeatCount')}
                type="number"
                inputMode="numeric"
                min={SERIES_LIMITS.countMin}
                max={SERIES_LIMITS.occurrencesMax}
                step={1}
                aria-invalid={!!errors.repeatCount}
                aria-describedby={describedBy('repeatCount')}
                data-testid="repeat-count"
                {...typedRegister('repeatCount')}
              />
              {errorOf('repeatCount')}
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:w-1/2 sm:pe-2">
              <Label htmlFor={fieldId('repeatUntil')}>{t('series.untilLabel')}</Label>
              <Input
                id={fieldId('repeatUntil')}
                type="date"
                aria-invalid={!!errors.repeatUntil}
                aria-describedby={describedBy('repeatUntil')}
                data-testid="repeat-until"
                {...typedRegister('repeatUntil')}
              />
              {errorOf('repeatUntil')}
            </div>
          )}
          <p className="text-xs text-muted-foreground">{t('series.hint', { max: SERIES_LIMITS.occurrencesMax })}</p>
        </>
      )}
    </fieldset>
  );
}
