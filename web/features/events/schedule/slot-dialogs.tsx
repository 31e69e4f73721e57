import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { SLOT_LIMITS, slotWindowProblem, type Slot } from '@contract/slots';
import { FieldError, FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { SeriesScope } from '@contract/series';
import { useChangeAudience } from '../api/get-series';
import { useCreateSlot, useDeleteSlot, useUpdateSlot } from '../api/use-slots';
import { SeriesScopeField } from './series-scope-field';

/** What the slot form opens for: a new slot, a change of one, or a copy of one starting where it ends. */
export type SlotDraft = { mode: 'add' } | { mode: 'edit'; slot: Slot } | { mode: 'duplicate'; slot: Slot };

const HOUR = 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:mm` on the device's clock, the value format of <input type="datetime-local">. */
function toDateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialValues(draft: SlotDraft, defaultStart: string) {
  if (draft.mode === 'add') {
    const start = new Date(Math.max(new Date(defaultStart).getTime(), Date.now() + HOUR));
    return {
      role: '',
      description: '',
      startsAt: toDateTimeLocal(start),
      endsAt: toDateTimeLocal(new Date(start.getTime() + 2 * HOUR)),
      capacity: '4',
      requiresApproval: false,
    };
  }
  const { slot } = draft;
  // A duplicate is the next shift of the same role: it starts where the original ends.
  const length = new Date(slot.endsAt).getTime() - new Date(slot.startsAt).getTime();
  const start = draft.mode === 'duplicate' ? new Date(slot.endsAt) : new Date(slot.startsAt);
  return {
    role: slot.role,
    description: slot.description,
    startsAt: toDateTimeLocal(start),
    endsAt: toDateTimeLocal(new Date(start.getTime() + length)),
    capacity: String(slot.capacity),
    requiresApproval: slot.requiresApproval,
  };
}

type Field = 'role' | 'startsAt' | 'endsAt' | 'capacity';

export function SlotFormDialog({
  eventId,
  isInSeries,
  draft,
  defaultStart,
  onClose,
}: {
  eventId: number;
  /** The event is a date of a series: a new slot may go on the other dates, a change reach its copies. */
  isInSeries: boolean;
  draft: SlotDraft;
  defaultStart: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('schedule');
  const id = useId();
  const [values, setValues] = useState(() => initialValues(draft, defaultStart));
  const [scope, setScope] = useState<SeriesScope>('this');
  const isScopeAsked = isInSeries && (draft.mode !== 'edit' || draft.slot.hasSeriesCopies);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateSlot(eventId);
  const update = useUpdateSlot();
  const isPending = create.isPending || update.isPending;

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.role.trim()) found.role = t('form.roleRequired');
    const start = new Date(values.startsAt);
    const end = new Date(values.endsAt);
    if (Number.isNaN(start.getTime())) found.startsAt = t('form.startRequired');
    else if (start.getTime() <= Date.now()) found.startsAt = t('form.startInPast');
    if (Number.isNaN(end.getTime())) found.endsAt = t('form.endRequired');
    else if (!found.startsAt) {
      const problem = slotWindowProblem(start.toISOString(), end.toISOString());
      if (problem) found.endsAt = end <= start ? t('form.endBeforeStart') : t('form.tooLong');
    }
    const capacity = Number(values.capacity);
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > SLOT_LIMITS.capacityMax)
      found.capacity = t('form.capacityRange', { max: SLOT_LIMITS.capacityMax });
    return found;
  };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      role: values.role.trim(),
      description: values.description.trim(),
      startsAt: new Date(values.startsAt).toISOString(),
      endsAt: new Date(values.endsAt).toISOString(),
      capacity: Number(values.capacity),
      requiresApproval: values.requiresApproval,
    };
    if (draft.mode === 'edit') update.mutate({ slotId: draft.slot.id, body, scope }, { onSuccess: onClose });
    else create.mutate({ body, scope }, { onSuccess: onClose });
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <FormDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      testId="slot-dialog"
      size="large"
      title={t(`form.title.${draft.mode}`)}
      description={t('form.description')}
      onSubmit={submit}
      cancelLabel={t('form.cancel')}
      confirmLabel={draft.mode === 'edit' ? t('form.save') : t('form.add')}
      pendingLabel={t('form.saving')}
      isPending={isPending}
      confirmTestId="slot-dialog-confirm"
    >
      {isScopeAsked && <SeriesScopeField value={scope} onChange={setScope} name={`${id}-scope`} />}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-role`}>{t('form.role')}</Label>
        <Input
          {...field('role')}
          value={values.role}
          maxLength={SLOT_LIMITS.roleMax}
          placeholder={t('form.rolePlaceholder')}
          onChange={(change) => setValues({ ...values, role: change.target.value })}
          autoFocus
        />
        <FieldError id={`${id}-role-error`} message={errors.role} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>{t('form.details')}</Label>
        <Textarea
          id={`${id}-description`}
          value={values.description}
          maxLength={SLOT_LIMITS.descriptionMax}
          rows={2}
          onChange={(change) => setValues({ ...values, description: change.target.value })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-startsAt`}>{t('form.start')}</Label>
          <Input
            {...field('startsAt')}
            type="datetime-local"
            value={values.startsAt}
            onChange={(change) => setValues({ ...values, startsAt: change.target.value })}
          />
          <FieldError id={`${id}-startsAt-error`} message={errors.startsAt} />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-endsAt`}>{t('form.end')}</Label>
          <Input
            {...field('endsAt')}
            type="datetime-local"
            value={values.endsAt}
            onChange={(change) => setValues({ ...values, endsAt: change.target.value })}
          />
          <FieldError id={`${id}-endsAt-error`} message={errors.endsAt} />
        </div>
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-capacity`}>{t('form.capacity')}</Label>
          <Input
            {...field('capacity')}
            type="number"
            inputMode="numeric"
            min={1}
            max={SLOT_LIMITS.capacityMax}
            value={values.capacity}
            onChange={(change) => setValues({ ...values, capacity: change.target.value })}
          />
          <FieldError id={`${id}-capacity-error`} message={errors.capacity} />
        </div>
        <label className="flex min-h-9 items-center gap-2 text-sm" htmlFor={`${id}-approval`}>
          <input
            id={`${id}-approval`}
            type="checkbox"
            className="size-5 accent-[var(--primary)]"
            checked={values.requiresApproval}
            onChange={(change) => setValues({ ...values, requiresApproval: change.target.checked })}
          />
          {t('form.requiresApproval')}
        </label>
      </div>
    </FormDialog>
  );
}

export function RemoveSlotDialog({ slot, onClose }: { slot: Slot; onClose: () => void }) {
  const { t } = useTranslation('schedule');
  const id = useId();
  const remove = useDeleteSlot();
  const [scope, setScope] = useState<SeriesScope>('this');
  // Over several dates a person holding more than one is told once: the server counts them (decisions §18).
  const audience = useChangeAudience({ slotId: slot.id }, scope);
  const people =
    scope === 'this'
      ? slot.signupCount + slot.pendingCount + slot.waitlistCount
      : audience.data && audience.data.holderCount + audience.data.waitlistCount;
  return (
    <FormDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      testId="remove-slot-dialog"
      title={t('remove.title', { role: slot.role })}
      description={
        <span aria-live="polite" data-testid="remove-slot-notified">
          {people === undefined
            ? t('common:status.loading')
            : people > 0
              ? t('remove.notified', { count: people })
              : t('remove.nobody')}
        </span>
      }
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        remove.mutate({ slotId: slot.id, scope }, { onSuccess: onClose });
      }}
      cancelLabel={t('form.cancel')}
      confirmLabel={t('remove.confirm')}
      pendingLabel={t('remove.pending')}
      isPending={remove.isPending}
      confirmVariant="destructive"
      confirmIcon={<Trash2 aria-hidden />}
      confirmTestId="remove-slot-confirm"
    >
      {slot.hasSeriesCopies && <SeriesScopeField value={scope} onChange={setScope} name={`${id}-scope`} />}
    </FormDialog>
  );
}
