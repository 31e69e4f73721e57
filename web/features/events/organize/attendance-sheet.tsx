import { useEffect, useRef, useState } from 'react';
import { LoaderCircle, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AttendanceBody, Attendee } from '@contract/event-management';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PersonAvatar } from '@/components/people/person-avatar';
import { cn } from '@/lib/utils';
import { ATTENDEE_TINT, personName, useFormatDateTime } from './attendee-person';
import { AttendeeStanding } from './attendee-standing';

type Checks = Record<string, boolean>;

/**
 * A row of the sheet: an event's RSVP (with its status and the person's record), or a confirmed place in a
 * slot (decisions §18), which has neither.
 */
export type SheetAttendee = Pick<Attendee, 'user' | 'createdAt' | 'attended'> &
  Partial<Pick<Attendee, 'status' | 'confirmedAt' | 'history'>>;

/** Where the marks go: the event's attendance or one slot's, each a PUT of the same body. */
export type AttendanceSave = { mutate: (body: AttendanceBody) => void; isPending: boolean };

function checksOf(attendees: SheetAttendee[]): Checks {
  return Object.fromEntries(attendees.map((attendee) => [attendee.user.id, attendee.attended === true]));
}

/**
 * From the start until 30 days after, the organizer checks who came, in bulk, and saves
 * all at once. After the window the sheet is read-only. The organizer's own RSVP has no box: the server
 * refuses an organizer's word for their own attendance (it would be self-verified hours).
 */
export function AttendanceSheet({
  attendees: everyone,
  save,
  organizerId,
  isOpen,
  closesAt,
  hint,
}: {
  attendees: SheetAttendee[];
  save: AttendanceSave;
  organizerId: string;
  isOpen: boolean;
  closesAt: string;
  /** The line above the sheet, when the event's own ("Check everyone who came") does not fit. */
  hint?: string;
}) {
  const { t } = useTranslation(['organizer', 'event-detail']);
  const formatDateTime = useFormatDateTime();
  const attendees = everyone.filter((attendee) => attendee.user.id !== organizerId);
  const [saved, setSaved] = useState<Checks>(() => checksOf(attendees));
  const [checks, setChecks] = useState<Checks>(saved);
  const selectAll = useRef<HTMLInputElement>(null);

  // A fresh answer from the server (after saving, or a refetch) becomes the sheet's saved state.
  const [source, setSource] = useState(everyone);
  if (source !== everyone) {
    setSource(everyone);
    const next = checksOf(everyone);
    setSaved(next);
    setChecks(next);
  }

  const total = attendees.length;
  // When the organizer is the only RSVP there is nobody to record.
  const canRecord = isOpen && total > 0;
  const checkedCount = attendees.filter((attendee) => checks[attendee.user.id]).length;
  const isDirty = attendees.some((attendee) => checks[attendee.user.id] !== saved[attendee.user.id]);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = checkedCount > 0 && checkedCount < total;
  }, [checkedCount, total]);

  if (everyone.length === 0) return <p className="text-sm text-muted-foreground">{t('attendees.empty')}</p>;

  const setAll = (value: boolean) =>
    setChecks(Object.fromEntries(attendees.map((attendee) => [attendee.user.id, value])));

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="attendance-sheet"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          entries: attendees.map((attendee) => ({
            userId: attendee.user.id,
            attended: checks[attendee.user.id] === true,
          })),
        });
      }}
    >
      <p className="text-sm text-muted-foreground">
        {hint ?? (isOpen ? t('attendance.hint') : t('attendance.closed', { date: formatDateTime(closesAt) }))}
      </p>
      {canRecord && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2">
          <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
            <input
              ref={selectAll}
              type="checkbox"
              className="size-5 cursor-pointer accent-emerald-600"
              checked={checkedCount === total}
              onChange={(event) => setAll(event.target.checked)}
              data-testid="attendance-select-all"
            />
            {t('attendance.selectAll')}
          </label>
          <span
            className="text-sm text-muted-foreground tabular-nums"
            aria-live="polite"
            data-testid="attendance-checked-count"
          >
            {t('attendance.checkedCount', { checked: checkedCount, total })}
          </span>
        </div>
      )}
      <ul className="flex flex-col divide-y divide-border" data-testid="attendee-list">
        {everyone.map((attendee) => {
          const name = personName(attendee.user, t('attendees.unknownName'));
          const isChecked = checks[attendee.user.id] === true;
          const isSelf = attendee.user.id === organizerId;
          const isCheckable = isOpen && !isSelf;
          // A row that can be checked is the checkbox's label: a tap anywhere on it toggles the box (a
          // 20 px target alone is hard to hit on a phone), while keyboard and screen readers still meet
          // one checkbox named after the person.
          const Row = isCheckable ? 'label' : 'div';
          return (
            <li key={attendee.user.id} data-testid="attendee-row">
              <Row
                className={cn(
                  'flex items-center gap-3 py-2.5',
                  isCheckable &&
                    '-mx-2 cursor-pointer rounded-md px-2 hover:bg-muted/60 has-[:focus-visible]:bg-muted/60',
                )}
              >
                {isOpen && isSelf && <span className="size-5 shrink-0" aria-hidden />}
                {isCheckable && (
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 cursor-pointer accent-emerald-600"
                    checked={isChecked}
                    onChange={(event) =>
                      setChecks((current) => ({ ...current, [attendee.user.id]: event.target.checked }))
                    }
                    aria-label={t('attendance.came', { name })}
                    data-testid="attendance-checkbox"
                  />
                )}
                <PersonAvatar person={attendee.user} tint={ATTENDEE_TINT} className="size-9" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium" dir="auto">
                    {name}
                  </span>
                  {isSelf && (
                    <span className="text-xs text-muted-foreground" data-testid="attendance-self">
                      {t('attendance.self')}
                    </span>
                  )}
                  {attendee.status && (
                    <span className="text-xs text-muted-foreground">
                      {t('event-detail:rsvp.status.' + attendee.status + '.label')} · {t('attendees.rsvpedAt')}:{' '}
                      <time dateTime={attendee.createdAt}>{formatDateTime(attendee.createdAt)}</time>
                    </span>
                  )}
                  {!isSelf && attendee.history && (
                    <AttendeeStanding
                      attendee={{ confirmedAt: attendee.confirmedAt ?? null, history: attendee.history }}
                    />
                  )}
                </div>
                {!isOpen && !isSelf && (
                  <Badge variant={attendee.attended ? 'default' : 'secondary'} data-testid="attended-badge">
                    {attendee.attended === true
                      ? t('attendees.attendedYes')
                      : attendee.attended === false
                        ? t('attendees.attendedNo')
                        : t('attendees.attendedUnknown')}
                  </Badge>
                )}
              </Row>
            </li>
          );
        })}
      </ul>
      {canRecord && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {isDirty && (
            <span className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('attendance.unsaved')}</span>
          )}
          <Button
            type="submit"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
            data-testid="attendance-save"
          >
            {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            {save.isPending ? t('attendance.saving') : t('attendance.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
