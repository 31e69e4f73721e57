import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@contract/languages';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { CalendarClock } from 'lucide-react';
import type { MySlot } from '@contract/slots';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useMySlots } from '../api/get-my-slots';

const STATUS_TONES: Record<NonNullable<MySlot['userSignupStatus']>, string> = {
  confirmed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  waitlisted: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
};

/**
 * The person's slots not yet ended, soonest first (decisions §18): which role, at which event, when, and
 * whether it is confirmed, waiting for approval or on the waitlist. Its own chunk, loaded with the
 * "Joined" tab only (My Events has no bundle room, decision 0032); nothing shows to whom has no slot.
 */
export default function MySlotsSection() {
  // Rendered outside a Suspense boundary (MySlotsLoader): waiting for its words must not suspend the page.
  const { t, i18n, ready: isReady } = useTranslation('schedule', { useSuspense: false });
  const slots = useMySlots();
  const timeZone = useDisplayTimeZone();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  // Its own formatter rather than the schedule's: a shared chunk would be one more file for My Events to name.
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const formatWindow = (startsAt: string, endsAt: string) =>
    `${day.format(new Date(startsAt))}, ${time.formatRange(new Date(startsAt), new Date(endsAt))}`;
  if (!isReady) return null;
  if (slots.isLoading) return <Skeleton className="h-20 w-full rounded-xl" />;
  if (!slots.data || slots.data.length === 0) return null;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="my-slots-heading" data-testid="my-slots">
      <h2 id="my-slots-heading" className="text-lg font-semibold tracking-tight sm:text-xl">
        {t('mySlots.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {slots.data.map((slot) => (
          <li key={slot.id}>
            <Link
              href={`/events/${slot.event.id}#schedule`}
              className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm transition hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              data-testid="my-slot"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold break-words" dir="auto">
                  {slot.role}
                </span>
                {slot.userSignupStatus && (
                  <span
                    className={cn(
                      'shrink-0 rounded-md px-2 py-0.5 text-xs font-semibold',
                      STATUS_TONES[slot.userSignupStatus],
                    )}
                  >
                    {t(`status.${slot.userSignupStatus}`)}
                  </span>
                )}
              </span>
              <span className="text-sm break-words text-muted-foreground" dir="auto">
                {slot.event.title}
              </span>
              <span className="mt-auto flex items-center gap-1.5 text-sm">
                <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                {formatWindow(slot.startsAt, slot.endsAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
