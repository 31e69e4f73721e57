import { cn } from '@/lib/utils';
import { getCategoryIcon, getCategoryStyle } from './category-style';

/**
 * The category badge of cards and the event page: one look, its colour from the shared table
 * (contract/category-colors.ts) by the category's name, so the two can never drift apart again.
 */
export function CategoryBadge({
  name,
  icon,
  label,
  testId,
  className,
}: {
  name: string | null | undefined;
  icon: string | null | undefined;
  label: string;
  testId: string;
  className?: string;
}) {
  const Icon = getCategoryIcon(icon);
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
        getCategoryStyle(name).badge,
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {/* Wraps rather than clips: a long name ('Lebensmittelausgabe') is still read whole. */}
      <span className="min-w-0 break-words" data-testid={`${testId}-label`}>
        {label}
      </span>
    </span>
  );
}
