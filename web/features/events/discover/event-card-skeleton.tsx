import { Skeleton } from '@/components/ui/skeleton';

/** One grey block of the placeholder; the card pulses as a whole. */
function Block({ className }: { className: string }) {
  return <Skeleton isPulsing={false} className={className} />;
}

/**
 * Placeholder with the card's exact proportions, so the grid does not jump when events arrive. One
 * animation per card rather than one per block (72 on a list's six cards), and off-screen cards skip
 * layout: the placeholders are the first thing a phone lays out on Home and Discover.
 */
export function EventCardSkeleton() {
  return (
    <div
      data-testid="event-card-skeleton"
      aria-hidden
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm [contain-intrinsic-size:auto_26rem] [content-visibility:auto]"
    >
      <div className="flex flex-1 animate-pulse flex-col">
        <Block className="aspect-[2/1] w-full rounded-none sm:aspect-[16/9]" />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex items-center justify-between">
            <Block className="h-6 w-28 rounded-full" />
            <Block className="h-4 w-10" />
          </div>
          <Block className="h-5 w-4/5" />
          <div className="flex flex-col gap-1.5">
            <Block className="h-4 w-full" />
            <Block className="h-4 w-2/3" />
          </div>
          <div className="flex flex-col gap-2">
            <Block className="h-4 w-1/2" />
            <Block className="h-4 w-3/5" />
          </div>
          <div className="mt-auto flex items-center justify-between border-t border-border pt-3">
            <div className="flex items-center gap-2.5">
              <Block className="size-8 rounded-full" />
              <Block className="h-4 w-12" />
            </div>
            <Block className="h-9 w-[100px]" />
          </div>
        </div>
      </div>
    </div>
  );
}
