import { useState } from 'react';
import { Download, ListOrdered, LoaderCircle, RotateCw, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Attendee, WaitlistEntry } from '@contract/event-management';
import type { Event } from '@contract/events';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/use-toast';
import { AttendanceSheet } from './attendance-sheet';
import { AttendeeStanding } from './attendee-standing';
import { PersonAvatar } from '@/components/people/person-avatar';
import { ATTENDEE_TINT, personName, useFormatDateTime } from './attendee-person';
import { downloadCsv } from '@/lib/download-csv';
import { useAttendees } from '../api/get-attendees';
import { useCoOrganizer, useSaveAttendance } from '../api/use-event-management';
import { attendanceWindow } from './attendance-window';
import { SlotAttendance } from './slot-attendance';
import { isEventPast } from '../components/event-state';

/** Attendance can be recorded from the start until 30 days after it. */
/** The organizer's list of who RSVPed and who waits, the attendance sheet once started. */
export function AttendeeSection({ event }: { event: Event }) {
  const { t } = useTranslation(['organizer', 'event-detail']);
  const attendees = useAttendees(event.id);
  const [isDownloading, setIsDownloading] = useState(false);
  const save = useSaveAttendance(event.id);
  const attendance = attendanceWindow(event);
  // With slots, who came is per slot: the export is the schedule's, each slot with its people.
  const hasSlots = event.slotCount > 0;

  const download = async () => {
    setIsDownloading(true);
    try {
      if (hasSlots) await downloadCsv(`/api/events/${event.id}/slot-signups`, `event-${event.id}-schedule.csv`);
      else await downloadCsv(`/api/events/${event.id}/attendees`, `event-${event.id}-attendees.csv`);
    } catch {
      toast({
        title: t('common:toasts.errorTitle'),
        description: t('attendees.downloadFailed'),
        variant: 'destructive',
      });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Card data-testid="attendee-section" aria-labelledby="attendees-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <h2 id="attendees-heading" className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Users className="size-5 text-primary" aria-hidden />
          {isEventPast(event) ? t('attendance.title') : t('attendees.title')}
          {attendees.data && (
            <span className="text-sm font-normal text-muted-foreground" data-testid="attendee-count">
              ({t('attendees.count', { count: attendees.data.attendees.length })})
            </span>
          )}
        </h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void download()}
          disabled={isDownloading}
          aria-busy={isDownloading || undefined}
          data-testid="download-attendees"
        >
          {isDownloading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {t('attendees.download')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {attendees.isPending ? (
          <div className="flex flex-col gap-3" aria-busy>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : attendees.isError ? (
          <div className="flex flex-col items-start gap-3" role="alert">
            <p className="text-sm text-muted-foreground">{t('attendees.loadFailed')}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void attendees.refetch()}>
              <RotateCw aria-hidden />
              {t('attendees.retry')}
            </Button>
          </div>
        ) : attendance.hasStarted && hasSlots ? (
          <SlotAttendance event={event} />
        ) : attendance.hasStarted ? (
          <AttendanceSheet
            attendees={attendees.data.attendees}
            save={save}
            organizerId={event.organizerId}
            isOpen={attendance.isOpen}
            closesAt={attendance.closesAt}
          />
        ) : (
          <>
            <AttendeeRows eventId={event.id} attendees={attendees.data.attendees} />
            <WaitlistRows waitlist={attendees.data.waitlist} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AttendeeRows({ eventId, attendees }: { eventId: number; attendees: Attendee[] }) {
  const { t } = useTranslation(['organizer', 'event-detail']);
  const formatDateTime = useFormatDateTime();
  const coOrganizer = useCoOrganizer(eventId);
  if (attendees.length === 0) return <p className="text-sm text-muted-foreground">{t('attendees.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border" data-testid="attendee-list">
      {attendees.map((attendee) => (
        <li key={attendee.user.id} className="flex items-center gap-3 py-2.5" data-testid="attendee-row">
          <PersonAvatar person={attendee.user} tint={ATTENDEE_TINT} className="size-9" />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-medium" dir="auto">
              {personName(attendee.user, t('attendees.unknownName'))}
            </span>
            <span className="text-xs text-muted-foreground">
              {t('attendees.rsvpedAt')}: <time dateTime={attendee.createdAt}>{formatDateTime(attendee.createdAt)}</time>
            </span>
            <AttendeeStanding attendee={attendee} />
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1.5">
            {/* "Supporting" and "Co-Organizing" are what the person offered; the organizer sees them here. */}
            <Badge variant="secondary" data-testid="attendee-status">
              {attendee.isCoOrganizer
                ? t('attendees.coOrganizer')
                : t(`event-detail:rsvp.status.${attendee.status}.label`)}
            </Badge>
            {attendee.status === 'organizing' && (
              <div className="flex flex-wrap justify-end gap-1">
                {!attendee.isCoOrganizer && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={coOrganizer.isPending}
                    onClick={() => coOrganizer.mutate({ userId: attendee.user.id, isAccepted: true })}
                  >
                    {t('attendees.acceptCoOrganizer')}
                  </Button>
                )}
                {/* Declining, or ending the rights later, leaves the person attending. */}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={coOrganizer.isPending}
                  onClick={() => coOrganizer.mutate({ userId: attendee.user.id, isAccepted: false })}
                >
                  {attendee.isCoOrganizer ? t('attendees.endCoOrganizer') : t('attendees.declineCoOrganizer')}
                </Button>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function WaitlistRows({ waitlist }: { waitlist: WaitlistEntry[] }) {
  const { t } = useTranslation('organizer');
  const formatDateTime = useFormatDateTime();
  return (
    <section aria-labelledby="waitlist-heading" className="flex flex-col gap-2" data-testid="waitlist-section">
      <h3 id="waitlist-heading" className="flex items-center gap-2 text-sm font-semibold">
        <ListOrdered className="size-4 text-muted-foreground" aria-hidden />
        {t('attendees.waitlistTitle')} <span className="font-normal text-muted-foreground">({waitlist.length})</span>
      </h3>
      {waitlist.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('attendees.waitlistEmpty')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border">
          {waitlist.map((entry) => (
            <li key={entry.user.id} className="flex items-center gap-3 py-2.5" data-testid="waitlist-row">
              <span className="w-8 shrink-0 text-center text-sm font-bold text-muted-foreground tabular-nums">
                {t('attendees.position', { position: entry.position })}
              </span>
              <PersonAvatar person={entry.user} tint={ATTENDEE_TINT} className="size-9" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium" dir="auto">
                  {personName(entry.user, t('attendees.unknownName'))}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t('attendees.joinedAt', { date: formatDateTime(entry.createdAt) })}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
