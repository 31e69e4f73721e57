import { type ReactNode, startTransition, useEffect, useState } from 'react';
import type { LucideIcon } from 'lucide-react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { EventCard } from './event-card';
import { EventCardSkeleton } from './event-card-skeleton';
import type { useEvents } from '../api/get-events';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4';

/** Cards added per later step; each step is its own short task, well under the 50 ms of a long one. */
const CARDS_PER_STEP = 6;

/**
 * Cards rendered in the first paint of a list: two rows of the grid's columns at this width (GRID's
 * breakpoints), more than the first screen shows. A phone renders 2 at once, a wide screen 8.
 */
function firstCardCount(): number {
  const width = typeof window === 'undefined' ? 0 : window.innerWidth;
  const columns = width >= 1280 ? 4 : width >= 1024 ? 3 : width >= 640 ? 2 : 1;
  return columns * 2;
}

/**
 * A page of 50 cards rendered at once was one task of 340-410 ms on a phone-class CPU (Lighthouse):
 * the page could not answer a tap for that long. The first cards render at once and the
 * rest follow a few at a time in transitions, which React interrupts for input.
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(firstCardCount);
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setCount((current) => current + CARDS_PER_STEP)));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return Math.min(count, total);
}

/** `renderFooter`: something under each card (My Events puts the volunteer's Withdraw there). */
export function EventGrid({
  events,
  className,
  renderFooter,
}: {
  events: Event[];
  className?: string;
  renderFooter?: (event: Event) => ReactNode;
}) {
  const shown = useProgressiveCount(events.length);
  return (
    <ul className={cn(GRID, className)} data-testid="event-grid" aria-busy={shown < events.length || undefined}>
      {events.slice(0, shown).map((event) => (
        // Off-screen cards skip style, layout and paint until scrolled near (`auto` then keeps their
        // real height): each step's new cards no longer cost the whole grid's layout on a phone.
        <li
          key={event.id}
          className={cn(
            'flex [contain-intrinsic-size:auto_28rem] [content-visibility:auto]',
            renderFooter && 'flex-col gap-2',
          )}
        >
          <EventCard event={event} className={cn('w-full', renderFooter && 'flex-1')} />
          {renderFooter?.(event)}
        </li>
      ))}
    </ul>
  );
}

/** 6 skeleton cards while a list loads (3 on the dashboard). */
export function EventGridSkeleton({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={cn(GRID, className)}>
      <span role="status" className="sr-only">
        {t('status.loadingEvents')}
      </span>
      {Array.from({ length: count }, (_, index) => (
        <EventCardSkeleton key={index} />
      ))}
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      data-testid="empty-state"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card/60 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      {hint && <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center"
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden />
      <p className="text-sm font-medium">{t('status.error')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** Unlike the spec's inert button, this one fetches the page the API's Link header names. */
function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation('events');
  if (!hasNextPage) return null;
  return (
    <div className="mt-8 flex justify-center">
      <Button
        variant="outline"
        size="lg"
        onClick={onLoadMore}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
        className="min-w-48"
      >
        {isFetchingNextPage && <LoaderCircle className="animate-spin" aria-hidden />}
        {isFetchingNextPage ? t('common:status.loading') : t('list.loadMore')}
      </Button>
    </div>
  );
}

/**
 * A paged list of events under its filters (Home, Discover): 6 skeleton cards while it loads,
 * the error with Retry, `empty` when nothing matched, else the grid, dimmed while a new filter loads,
 * then Load More. `isLive` announces the changes where no count above the list does.
 */
export function EventListResults({
  list,
  empty,
  isLive = false,
}: {
  list: ReturnType<typeof useEvents>;
  empty: ReactNode;
  isLive?: boolean;
}) {
  return (
    <>
      <div aria-live={isLive ? 'polite' : undefined} aria-busy={list.isLoading}>
        {list.isLoading ? (
          <EventGridSkeleton count={6} />
        ) : list.isError ? (
          <ListError onRetry={() => void list.refetch()} />
        ) : list.events.length === 0 ? (
          empty
        ) : (
          <EventGrid
            events={list.events}
            className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
          />
        )}
      </div>
      <LoadMoreButton
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
