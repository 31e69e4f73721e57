import { useId, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { cn } from '@/lib/utils';

/**
 * The header search: submitting opens Discover with the words as its search filter.
 *
 * Uncontrolled, the words read from the field at submit: the header of a server-rendered page is live
 * before its screen is, and words typed before it was live are in the field but were never seen by
 * React (decision 0010). Without script the form itself goes to /discover?search=….
 */
export function HeaderSearch({
  className,
  autoFocus = false,
  onSubmitted,
}: {
  className?: string;
  autoFocus?: boolean;
  onSubmitted?: () => void;
}) {
  const { t } = useTranslation('shell');
  const [, navigate] = useLocation();
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    navigate(words ? `/discover?search=${encodeURIComponent(words)}` : '/discover');
    onSubmitted?.();
  };

  return (
    <form
      role="search"
      action="/discover"
      onSubmit={submit}
      className={cn('relative', className)}
      data-testid="header-search"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('header.searchLabel')}
      </label>
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        id={inputId}
        type="search"
        name="search"
        placeholder={t('header.searchPlaceholder')}
        autoFocus={autoFocus}
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-input bg-muted/60 ps-9 pe-4 text-sm text-foreground transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        data-testid="header-search-input"
      />
    </form>
  );
}
