import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

/** Read-only stars for a review or an average; one accessible name instead of five icons. */
export function StarDisplay({
  value,
  className,
  size = 'size-4',
}: {
  value: number;
  className?: string;
  size?: string;
}) {
  const { t } = useTranslation('reviews');
  const rounded = Math.round(value);
  return (
    <span
      role="img"
      aria-label={t('reviews.starsLabel', { rating: value })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden
          className={cn(
            size,
            star <= rounded
              ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300'
              : 'fill-transparent text-stone-300 dark:text-stone-600',
          )}
        />
      ))}
    </span>
  );
}

export interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  /** Id of the element that names the group (the visible label). */
  labelledBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
}

/**
 * Rating stars 0–5 with hover preview. Five native radio inputs: the browser already gives
 * them the radio-group keyboard model (Tab in, arrow keys move and select, right-to-left aware) and
 * screen readers announce "Good, 3 of 5" — no hand-rolled roving focus needed.
 */
export function StarRatingInput({
  value,
  onChange,
  labelledBy,
  isInvalid = false,
  isDisabled = false,
}: StarRatingInputProps) {
  const { t } = useTranslation('reviews');
  const name = useId();
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;

  return (
    <div className="flex flex-col items-center gap-2">
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-invalid={isInvalid || undefined}
        className="flex items-center gap-1"
        onMouseLeave={() => setHovered(0)}
      >
        {STARS.map((star) => (
          <label
            key={star}
            onMouseEnter={() => setHovered(star)}
            className={cn(
              'relative flex size-11 cursor-pointer items-center justify-center rounded-md transition-transform hover:scale-110',
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
              isDisabled && 'pointer-events-none opacity-60',
            )}
            data-testid={`star-${star}`}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              disabled={isDisabled}
              onChange={() => onChange(star)}
              className="peer sr-only"
              aria-label={`${t('rating.star', { count: star })}, ${t(`rating.labels.${star}`)}`}
            />
            <Star
              aria-hidden
              className={cn(
                'size-8 transition-colors',
                star <= shown
                  ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300'
                  : 'fill-transparent text-stone-400 dark:text-stone-500',
              )}
            />
          </label>
        ))}
      </div>
      <p className="min-h-5 text-sm font-medium text-foreground" aria-live="polite" data-testid="rating-label">
        {t(`rating.labels.${shown}`)}
      </p>
    </div>
  );
}
