import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSync, Copy, Loader2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeed } from '@contract/calendar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { calendarFeedQueryOptions } from './api/get-calendar-feed';

/**
 * The personal calendar feed of one's RSVPs. The server keeps only a hash of the
 * address's token, so the address is shown when it is made, and renewing makes a new one and ends the
 * old. Here on the profile until a settings screen exists.
 */
export function CalendarFeedSection({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('profile');
  const queryClient = useQueryClient();
  const status = useQuery(calendarFeedQueryOptions());
  // The address exists only in this answer: kept while the page is open.
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const renew = useMutation<CalendarFeed, Error>({
    mutationFn: () => callApi((api) => api.POST('/api/calendar-feed')),
    onSuccess: (feed) => {
      setShownUrl(feed.url);
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, { isActive: true, createdAt: feed.createdAt });
    },
    onError: () => toast({ title: t('calendarFeed.error'), variant: 'destructive' }),
  });
  const turnOff = useMutation<void, Error>({
    mutationFn: async () => {
      await callApi((api) => api.DELETE('/api/calendar-feed'));
    },
    onSuccess: () => {
      setShownUrl(null);
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, { isActive: false, createdAt: null });
    },
    onError: () => toast({ title: t('calendarFeed.error'), variant: 'destructive' }),
  });

  const copy = async () => {
    if (!shownUrl) return;
    try {
      await navigator.clipboard.writeText(shownUrl);
      toast({ title: t('calendarFeed.copied') });
    } catch {
      toast({ title: t('calendarFeed.copyFailed'), variant: 'destructive' });
    }
  };

  const isActive = status.data?.isActive === true;
  const since = status.data?.createdAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium' }).format(
        new Date(status.data.createdAt),
      )
    : null;
  const isBusy = renew.isPending || turnOff.isPending;

  return (
    <Card className={cn('min-w-0', className)} data-testid="calendar-feed">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <CalendarSync className="size-5 text-primary" aria-hidden />
          {t('calendarFeed.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('calendarFeed.subtitle')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!status.data && !status.error ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <>
            {shownUrl ? (
              <div className="flex flex-col gap-2">
                <div className="flex gap-2">
                  <Input
                    readOnly
                    value={shownUrl}
                    aria-label={t('calendarFeed.address')}
                    className="font-mono text-xs"
                    onFocus={(event) => event.currentTarget.select()}
                    data-testid="calendar-feed-url"
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => void copy()}
                    data-testid="calendar-feed-copy"
                  >
                    <Copy aria-hidden />
                    {t('calendarFeed.copy')}
                  </Button>
                </div>
                <p className="text-sm text-amber-800 dark:text-amber-300">{t('calendarFeed.shownOnce')}</p>
              </div>
            ) : (
              <p className="text-sm" data-testid="calendar-feed-state">
                {isActive && since ? t('calendarFeed.activeSince', { date: since }) : t('calendarFeed.off')}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => renew.mutate()} disabled={isBusy} data-testid="calendar-feed-renew">
                {renew.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
                {isActive ? t('calendarFeed.renew') : t('calendarFeed.create')}
              </Button>
              {isActive && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => turnOff.mutate()}
                  disabled={isBusy}
                  data-testid="calendar-feed-off"
                >
                  {t('calendarFeed.turnOff')}
                </Button>
              )}
            </div>
            {isActive && <p className="text-xs text-muted-foreground">{t('calendarFeed.renewNote')}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
