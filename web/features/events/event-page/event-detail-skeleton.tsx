import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** The detail page's shape while the event loads, so nothing jumps when it arrives. */
export function EventDetailSkeleton() {
  const { t } = useTranslation('event-detail');
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('detail.loading')}
      data-testid="event-detail-skeleton"
      className="flex flex-col gap-6"
    >
      <Skeleton className="aspect-[16/9] w-full rounded-2xl sm:aspect-[21/9]" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6">
            <div className="flex gap-2">
              <Skeleton className="h-6 w-24 rounded-full" />
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
            <Skeleton className="h-9 w-4/5" />
            <div className="grid grid-cols-3 gap-3">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-5 w-40" />
            </div>
          </div>
          <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
        <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    </div>
  );
}
