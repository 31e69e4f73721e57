import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Attendee } from '@contract/event-management';
import { Badge } from '@/components/ui/badge';

/**
 * What the organizer weighs before the day (decisions §19): whether the person answered "I'm coming" to
 * the reminder, and how often they came to or missed this organizer's past events.
 */
export function AttendeeStanding({ attendee }: { attendee: Pick<Attendee, 'confirmedAt' | 'history'> }) {
  const { t } = useTranslation('organizer');
  const { attended, noShows } = attendee.history;
  if (!attendee.confirmedAt && attended === 0 && noShows === 0) return null;
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
      {attendee.confirmedAt && (
        <Badge
          variant="outline"
          className="border-emerald-600/50 text-emerald-800 dark:border-emerald-400/50 dark:text-emerald-300"
          data-testid="confirmed-badge"
        >
          <Check aria-hidden />
          {t('attendees.confirmed')}
        </Badge>
      )}
      {(attended > 0 || noShows > 0) && (
        <span
          className="text-xs text-muted-foreground"
          title={t('attendees.historyHint')}
          data-testid="attendee-history"
        >
          {t('attendees.history', { attended, noShows })}
        </span>
      )}
    </span>
  );
}
