import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import type { Slot, SlotRoster } from '@contract/slots';
import { Skeleton } from '@/components/ui/skeleton';
import { useSlotRoster, useSlots } from '../api/get-slots';
import { useSaveSlotAttendance } from '../api/use-slots';
import { useFormatWindow } from '../schedule/format-window';
import { AttendanceSheet, type SheetAttendee } from './attendance-sheet';
import { useFormatDateTime } from './attendee-person';
import { attendanceWindow } from './attendance-window';

/**
 * On an event with slots, attendance is recorded per slot (decisions §18): each slot's confirmed people,
 * from the slot's start until 30 days after, and verified hours add each attended slot's length. The
 * event's own sheet would mark RSVPs that count no hours there.
 */
export function SlotAttendance({ event }: { event: Event }) {
  const { t } = useTranslation('organizer');
  const slots = useSlots(event.id);
  const roster = useSlotRoster(event.id, true);
  const rosterBySlot = new Map((roster.data ?? []).map((entry) => [entry.slotId, entry]));

  if (slots.isPending || roster.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (slots.isError || roster.isError)
    return <p className="text-sm text-muted-foreground">{t('attendees.loadFailed')}</p>;
  return (
    <div className="flex flex-col gap-6" data-testid="slot-attendance">
      <p className="text-sm text-muted-foreground">{t('attendance.perSlot')}</p>
      {slots.data.map((slot) => (
        <SlotSheet
          key={slot.id}
          eventId={event.id}
          slot={slot}
          entry={rosterBySlot.get(slot.id)}
          organizerId={event.organizerId}
        />
      ))}
    </div>
  );
}

function SlotSheet({
  eventId,
  slot,
  entry,
  organizerId,
}: {
  eventId: number;
  slot: Slot;
  entry: SlotRoster[number] | undefined;
  organizerId: string;
}) {
  const { t } = useTranslation('organizer');
  const formatWindow = useFormatWindow();
  const formatDateTime = useFormatDateTime();
  const save = useSaveSlotAttendance(eventId, slot.id);
  // The sheet takes a new list as the server's new saved state: the list changes only with this slot's row
  // of the roster (a save of another slot keeps this row, and so the ticks not saved yet here).
  const people = useMemo(
    () =>
      // Only confirmed places are recorded; the RSVP's status and record belong to the event's sheet.
      (entry?.signups ?? [])
        .filter((person) => person.status === 'confirmed')
        .map(({ user, createdAt, attended }): SheetAttendee => ({ user, createdAt, attended })),
    [entry],
  );
  const { hasStarted, isOpen, closesAt } = attendanceWindow({ date: slot.startsAt });
  const headingId = `slot-attendance-${slot.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="slot-attendance-slot">
      <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
        <span dir="auto">{slot.role}</span>
        <time dateTime={slot.startsAt} className="font-normal text-muted-foreground">
          {formatWindow(slot.startsAt, slot.endsAt)}
        </time>
      </h3>
      {people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('attendance.slotEmpty')}</p>
      ) : (
        <AttendanceSheet
          attendees={people}
          save={save}
          organizerId={organizerId}
          isOpen={isOpen}
          closesAt={closesAt}
          hint={
            !hasStarted
              ? t('attendance.slotNotStarted', { date: formatDateTime(slot.startsAt) })
              : isOpen
                ? t('attendance.slotHint')
                : undefined
          }
        />
      )}
    </section>
  );
}
