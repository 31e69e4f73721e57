import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { SLOT_LIMITS } from '@contract/slots';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A slot of the create form: a role and its times of day on the event's date (decisions §18). */
export type SlotRowValues = {
  role: string;
  startTime: string;
  endTime: string;
  capacity: string;
  requiresApproval: boolean;
};

export type ScheduleValues = { slots: SlotRowValues[] };

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How long before the event's own time of day a slot may start on the same date (a set-up shift). */
const SAME_DAY_LEAD_MINUTES = 6 * 60;

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * A slot's window from the event's `datetime-local` value and two times of day, on this device's clock.
 * A start more than six hours before the event's own time is after midnight, on the next day: an event
 * at 22:00 with a second shift at 00:00 (what Add proposes after a slot that ends at midnight) has it two
 * hours after the first, not 22 hours before the event; a set-up shift an hour early stays on the day.
 * An end at or before the start is the next day (a night shift), so a window is never empty nor longer
 * than 24 hours. Null while the date or a time is not a valid one yet.
 */
export function slotWindowOf(
  date: string,
  startTime: string,
  endTime: string,
): { startsAt: string; endsAt: string } | null {
  const [, day, eventTime] = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(date) ?? [];
  if (!day || !eventTime || !TIME_PATTERN.test(startTime) || !TIME_PATTERN.test(endTime)) return null;
  const start = new Date(`${day}T${startTime}`);
  if (Number.isNaN(start.getTime())) return null;
  if (minutesOf(startTime) < minutesOf(eventTime) - SAME_DAY_LEAD_MINUTES) start.setDate(start.getDate() + 1);
  const end = new Date(start);
  end.setHours(Math.floor(minutesOf(endTime) / 60), minutesOf(endTime) % 60, 0, 0);
  if (end.getTime() <= start.getTime()) end.setDate(end.getDate() + 1);
  return { startsAt: start.toISOString(), endsAt: end.toISOString() };
}

/** Two hours after a time of day, wrapping past midnight: the length a new slot starts with. */
function twoHoursAfter(time: string): string {
  const total = (minutesOf(time) + 120) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The schedule of a new event, in the create form: roles in time windows on the event's day, each with the
 * people it needs and whether the organizer approves each volunteer. The slots are made with the event,
 * on every date of a series (decision 0039). A new slot starts where the last one ends, so a day of
 * shifts is typed with the keyboard alone: Add, role, Tab, Tab.
 */
export function ScheduleFields<Values extends ScheduleValues>({
  control,
  register,
  errors,
  date,
  fieldId,
}: {
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<ScheduleValues>;
  date: string;
  fieldId: (name: string) => string;
}) {
  const { t } = useTranslation(['schedule', 'create-event']);
  // The generic Values only widen ScheduleValues; react-hook-form's paths need the cast to name these fields.
  const typedControl = control as unknown as Control<ScheduleValues>;
  const typedRegister = register as unknown as UseFormRegister<ScheduleValues>;
  const { fields, append, remove } = useFieldArray({ control: typedControl, name: 'slots' });
  // The typed values: the field array's own copies are refreshed only by its operations, not by typing, so
  // a slot added after the last one's end was edited started at the old end.
  const values = useWatch({ control: typedControl, name: 'slots' });

  const addSlot = () => {
    const last = values.at(-1);
    const start = last?.endTime ?? /T(\d{2}:\d{2})/.exec(date)?.[1] ?? '09:00';
    append({ role: '', startTime: start, endTime: twoHoursAfter(start), capacity: '4', requiresApproval: false });
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="schedule-fields">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
        {t('schedule:create.legend')}{' '}
        <span className="font-normal text-muted-foreground">{t('create-event:create.optional')}</span>
      </legend>
      <p className="text-xs text-muted-foreground">{t('schedule:create.hint')}</p>
      {fields.length > 0 && (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const name = (part: keyof SlotRowValues) => fieldId(`slots-${index}-${part}`);
            const rowErrors = errors.slots?.[index];
            const errorOf = (part: keyof SlotRowValues) => (
              <FieldError
                id={`${name(part)}-error`}
                message={rowErrors?.[part]?.message}
                testId={`error-slot-${part}`}
              />
            );
            const invalid = (part: keyof SlotRowValues) => ({
              'aria-invalid': rowErrors?.[part] ? true : undefined,
              'aria-describedby': rowErrors?.[part] ? `${name(part)}-error` : undefined,
            });
            return (
              <li
                key={field.id}
                className="flex flex-col gap-3 rounded-lg bg-muted/50 p-3"
                data-testid="schedule-field-slot"
                aria-label={t('schedule:create.slot', { number: index + 1 })}
              >
                <div className="flex items-end gap-2">
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    <Label htmlFor={name('role')}>{t('schedule:form.role')}</Label>
                    <Input
                      id={name('role')}
                      maxLength={SLOT_LIMITS.roleMax}
                      placeholder={t('schedule:form.rolePlaceholder')}
                      {...invalid('role')}
                      {...typedRegister(`slots.${index}.role`)}
                    />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    onClick={() => remove(index)}
                    aria-label={t('schedule:create.remove', { number: index + 1 })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {errorOf('role')}
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  <div className="flex min-w-0 flex-col gap-2">
                    <Label htmlFor={name('startTime')}>{t('schedule:form.start')}</Label>
                    <Input
                      id={name('startTime')}
                      type="time"
                      {...invalid('startTime')}
                      {...typedRegister(`slots.${index}.startTime`)}
                    />
                  </div>
                  <div className="flex min-w-0 flex-col gap-2">
                    <Label htmlFor={name('endTime')}>{t('schedule:form.end')}</Label>
                    <Input
                      id={name('endTime')}
                      type="time"
                      {...invalid('endTime')}
                      {...typedRegister(`slots.${index}.endTime`)}
                    />
                  </div>
                  <div className="col-span-2 flex min-w-0 flex-col gap-2 sm:col-span-1">
                    <Label htmlFor={name('capacity')}>{t('schedule:form.capacity')}</Label>
                    <Input
                      id={name('capacity')}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={SLOT_LIMITS.capacityMax}
                      {...invalid('capacity')}
                      {...typedRegister(`slots.${index}.capacity`)}
                    />
                  </div>
                </div>
                {errorOf('startTime')}
                {errorOf('endTime')}
                {errorOf('capacity')}
                <label className="flex min-h-9 items-center gap-2 text-sm" htmlFor={name('requiresApproval')}>
                  <input
                    id={name('requiresApproval')}
                    type="checkbox"
                    className="size-5 accent-[var(--primary)]"
                    {...typedRegister(`slots.${index}.requiresApproval`)}
                  />
                  {t('schedule:form.requiresApproval')}
                </label>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={addSlot}
        data-testid="schedule-field-add"
      >
        <Plus aria-hidden />
        {t('schedule:create.add')}
      </Button>
    </fieldset>
  );
}
