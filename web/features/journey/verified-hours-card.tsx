import { useState } from 'react';
import { BadgeCheck, Download, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { downloadCsv } from '@/lib/download-csv';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { toast } from '@/lib/use-toast';
import { useVerifiedHours } from '@/lib/api/get-user-stats';
import { intlLocale } from '@contract/languages';

/**
 * Hours organizers confirmed by recording attendance, event by event: the Total Hours card above shows
 * their sum, with the spec's estimate beside it labelled as planned so that nobody takes one for the other.
 */
export function VerifiedHoursCard() {
  const { t, i18n } = useTranslation('journey');
  const language = i18n.resolvedLanguage ?? 'en';
  const timeZone = useDisplayTimeZone();
  const hours = useVerifiedHours();
  const [isDownloading, setIsDownloading] = useState(false);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(intlLocale(language), { timeZone, dateStyle: 'medium' });

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadCsv('/api/user/hours', 'verified-volunteer-hours.csv');
    } catch {
      toast({
        title: t('common:toasts.errorTitle'),
        description: t('verified.downloadFailed'),
        variant: 'destructive',
      });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <section
      aria-labelledby="verified-title"
      className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      data-testid="verified-hours"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-72 items-start gap-3">
          <span
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300"
            aria-hidden
          >
            <BadgeCheck className="size-5" />
          </span>
          <div>
            <h2 id="verified-title" className="font-semibold">
              {t('verified.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('verified.explanation')}</p>
          </div>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void download()}
          disabled={isDownloading || !hours.data}
          aria-busy={isDownloading || undefined}
          data-testid="download-hours"
        >
          {isDownloading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {t('verified.download')}
        </Button>
      </div>
      {hours.isPending ? (
        <div
          className="mt-4 h-10 w-24 animate-pulse rounded-lg bg-muted"
          role="status"
          aria-label={t('common:status.loading')}
        />
      ) : hours.isError ? (
        <p className="mt-4 text-sm text-muted-foreground">{t('common:status.error')}</p>
      ) : (
        <>
          <p className="mt-4 text-3xl font-bold tracking-tight tabular-nums" data-testid="verified-hours-value">
            {t('verified.value', { hours: number.format(hours.data.verifiedHours) })}
          </p>
          {hours.data.entries.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t('verified.empty')}</p>
          ) : (
            <ul className="mt-3 flex flex-col divide-y divide-border" data-testid="verified-hours-entries">
              {hours.data.entries.map((entry) => (
                <li key={entry.eventId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="flex min-w-0 flex-col">
                    <Link href={`/events/${entry.eventId}`} className="truncate font-medium hover:underline" dir="auto">
                      {entry.title}
                    </Link>
                    <time dateTime={entry.date} className="text-xs text-muted-foreground">
                      {date.format(new Date(entry.date))}
                    </time>
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">
                    {t('verified.value', { hours: number.format(entry.hours) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
