import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar, displayName } from '@/components/people/person-avatar';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiUrl } from '@/lib/api-read';
import { formatNumber } from '@/lib/format-number';
import { hoursReportQueryOptions } from './api/get-organization';

/** `2026-11-27` on the browser's clock: the server reads the range on the same clock (its time-zone cookie). */
function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The hours report of decisions §20 for owners and admins: every verified hour at the organization's
 * events in a date range, per person and in total, shown here and downloadable as CSV.
 */
export function HoursReportCard({ organizationId }: { organizationId: number }) {
  const { t, i18n } = useTranslation('organizations');
  const fromId = useId();
  const toId = useId();
  const [draft, setDraft] = useState(() => {
    const today = new Date();
    return { from: `${today.getFullYear()}-01-01`, to: localDate(today) };
  });
  const [range, setRange] = useState<typeof draft | null>(null);
  const report = useQuery({
    ...hoursReportQueryOptions(organizationId, range ?? draft),
    enabled: range !== null,
  });
  const isValid = draft.from !== '' && draft.to !== '' && draft.from <= draft.to;
  const show = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) setRange(draft);
  };
  const hours = (value: number) =>
    t('hours.hours', { count: value, formattedCount: formatNumber(value, i18n.language) });
  const csvUrl = apiUrl('/api/organizations/{id}/hours', {
    path: { id: organizationId },
    query: { ...draft, format: 'csv' },
  });
  return (
    <Card className="mt-6" data-testid="hours-report">
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Clock className="size-5" aria-hidden />
          {t('hours.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('hours.description')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" onSubmit={show}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fromId}>{t('hours.from')}</Label>
            <Input
              id={fromId}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
              required
              data-testid="hours-from"
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={toId}>{t('hours.to')}</Label>
            <Input
              id={toId}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
              required
              data-testid="hours-to"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={!isValid} data-testid="hours-show">
              {t('hours.show')}
            </Button>
            {isValid && (
              <a href={csvUrl} download className={buttonVariants()} data-testid="hours-download">
                <Download aria-hidden />
                {t('hours.download')}
              </a>
            )}
          </div>
        </form>
        {range !== null && (
          <div aria-live="polite">
            {report.isPending ? (
              <p className="text-sm text-muted-foreground">{t('loading')}</p>
            ) : report.isError ? (
              <p className="text-sm text-destructive" role="alert">
                {t('hours.failed')}
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                <p className="text-base font-semibold" data-testid="hours-total">
                  {t('hours.total', { hours: hours(report.data.totalHours) })}
                </p>
                {report.data.people.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('hours.empty')}</p>
                ) : (
                  <ul className="divide-y divide-border rounded-xl border border-border" data-testid="hours-people">
                    {report.data.people.map((person) => (
                      <li key={person.user.id} className="flex items-center gap-3 p-3">
                        <PersonAvatar person={person.user} className="size-9" />
                        <span className="min-w-0 flex-1 truncate font-medium" dir="auto">
                          {displayName(person.user)}
                        </span>
                        <span className="text-sm text-muted-foreground">
                          {t('hours.events', {
                            count: person.eventCount,
                            formattedCount: formatNumber(person.eventCount, i18n.language),
                          })}
                        </span>
                        <span className="w-24 text-end font-semibold tabular-nums">{hours(person.hours)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
