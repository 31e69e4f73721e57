import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder with the card's exact proportions, so the grid does not jump when events arrive. */
export function EventCardSkeleton() {
  return (
    <div data-testid="event-card-skeleton" aria-hidden className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      <Skeleton className="aspect-[2/1] w-full rounded-none sm:aspect-[16/9]" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center justify-between">
          <Skeleton className="h-6 w-28 rounded-full" />
          <Skeleton className="h-4 w-10" />
        </div>
        <Skeleton className="h-5 w-4/5" />
        <div className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <div className="flex flex-col gap-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/5" />
        </div>
        <div className="mt-auto flex items-center justify-between border-t border-border pt-3">
          <div className="flex items-center gap-2.5">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-12" />
          </div>
          <Skeleton className="h-9 w-[100px]" />
        </div>
      </div>
    </div>
  );
}
