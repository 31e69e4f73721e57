import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPlus, Download, ExternalLink } from 'lucide-react';
import type { Event } from '@contract/events';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { eventCalendarFileUrl, googleCalendarUrl, outlookCalendarUrl } from './calendar-links';
import { buildEventUrl } from '../share/share-links';

const noSubscription = () => () => {};

/**
 * "Add to calendar" — the event's .ics file (which updates a calendar that imported it
 * when the event changes), and Google Calendar and Outlook links beside it.
 */
export function AddToCalendar({ event, className }: { event: Event; className?: string }) {
  const { t } = useTranslation('event-detail');
  // The server has no window: the links get the event's address once the page runs in the browser.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
  const eventUrl = origin === null ? null : buildEventUrl(origin, event.id);
  const linkClass = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'w-full justify-start');
  return (
    <Card className={className} data-testid="add-to-calendar">
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <CalendarPlus className="size-5 text-primary" aria-hidden />
          {t('calendar.title')}
        </h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <a
          href={eventCalendarFileUrl(event.id)}
          download={`pitchin-event-${event.id}.ics`}
          className={linkClass}
          data-testid="calendar-ics"
        >
          <Download aria-hidden />
          {t('calendar.download')}
        </a>
        <a
          href={googleCalendarUrl(event, eventUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          data-testid="calendar-google"
        >
          <ExternalLink aria-hidden />
          {t('calendar.google')}
          <span className="sr-only">{t('calendar.newTab')}</span>
        </a>
        <a
          href={outlookCalendarUrl(event, eventUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          data-testid="calendar-outlook"
        >
          <ExternalLink aria-hidden />
          {t('calendar.outlook')}
          <span className="sr-only">{t('calendar.newTab')}</span>
        </a>
      </CardContent>
    </Card>
  );
}
