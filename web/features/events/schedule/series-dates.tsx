import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CalendarRange } from 'lucide-react';
import { intlLocale } from '@contract/languages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { cn } from '@/lib/utils';
import { useSeries } from '../api/get-series';

/** How many dates show before "Show all": a weekly series of a year would be a wall of links. */
const DATES_SHOWN = 6;

/** The other dates of the event's series (decisions §18), each a link to its own page, this one marked. */
export function SeriesDates({ eventId, seriesId }: { eventId: number; seriesId: number }) {
  const { t, i18n } = useTranslation('schedule');
  const series = useSeries(seriesId);
  const timeZone = useDisplayTimeZone();
  const [isAllShown, setIsAllShown] = useState(false);
  const format = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage ?? i18n.language), {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const occurrences = series.data?.occurrences ?? [];
  // From the date shown on: the past ones matter less, yet stay reachable through "Show all".
  const current = Math.max(
    0,
    occurrences.findIndex((occurrence) => occurrence.id === eventId),
  );
  const shown = isAllShown ? occurrences : occurrences.slice(current, current + DATES_SHOWN);
  return (
    <Card data-testid="series-dates" aria-labelledby="series-dates-heading">
      <CardHeader className="pb-3">
        <h2 id="series-dates-heading" className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <CalendarRange className="size-5 text-primary" aria-hidden />
          {t('series.otherDates')}
        </h2>
        {series.data && (
          <p className="text-sm text-muted-foreground">
            {t('series.position', {
              position: occurrences[current]?.seriesPosition ?? 1,
              total: occurrences.length,
            })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {series.isLoading && <Skeleton className="h-24 w-full" />}
        {series.isError && <p className="text-sm text-muted-foreground">{t('loadFailed')}</p>}
        <ul className="flex flex-col gap-1">
          {shown.map((occurrence) => {
            const isThis = occurrence.id === eventId;
            const isCancelled = occurrence.status === 'cancelled';
            return (
              <li key={occurrence.id}>
                <Link
                  href={`/events/${occurrence.id}`}
                  aria-current={isThis ? 'page' : undefined}
                  className={cn(
                    'flex min-h-10 items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm transition hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                    isThis && 'bg-primary/10 font-semibold text-primary',
                  )}
                  data-testid="series-date"
                >
                  <span className={cn(isCancelled && 'text-muted-foreground line-through')}>
                    {format.format(new Date(occurrence.date))}
                  </span>
                  {isThis && <Badge variant="secondary">{t('series.thisDate')}</Badge>}
                  {isCancelled && !isThis && <Badge variant="outline">{t('series.cancelled')}</Badge>}
                </Link>
              </li>
            );
          })}
        </ul>
        {!isAllShown && occurrences.length > shown.length && (
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setIsAllShown(true)}>
            {t('series.showAll', { total: occurrences.length })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
