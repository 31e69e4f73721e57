import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { EVENT_LIMITS } from '@contract/event-limits';
import { IMAGE_DATA_URL_PATTERN, type Event, type UpdateEventBody } from '@contract/events';
import { LINE_BREAKING_CHARACTERS } from '@contract/common';
import { SERIES_LIMITS, type CreateEventOrSeriesBody, type Recurrence, type SeriesScope } from '@contract/series';
import { findImageUrlProblem } from '@contract/image-url';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { getCategoryIcon } from '../components/category-style';
import { useCategoryName } from '../discover/event-card';
import { useCategories } from '../api/get-categories';
import { useOrganizationsToOrganizeFor } from '../api/get-my-organizations';
import { useCreateEvent } from '../api/use-create-event';
import { useUpdateEvent } from '../api/use-event-management';
import { SeriesScopeField } from '../schedule/series-scope-field';
import { NO_REPEAT, RepeatsFields, type RepeatValues } from './repeats-fields';
import { ScheduleFields, slotWindowOf } from './schedule-fields';
import { useAddSlotsToNewEvent } from '../api/use-slots';
import { toast } from '@/lib/use-toast';
import { SLOT_LIMITS, type CreateSlotBody } from '@contract/slots';
import { type ChosenPlace, PlacePicker } from './place-picker';
import { ACCEPTED_IMAGE_TYPES, readAsDataUrl } from '@/lib/image-file';

/** An event starts at least 30 minutes from now. */
export const MIN_LEAD_MINUTES = 30;
/** `YYYY-MM-DDTHH:mm` in local time, the value format of <input type="datetime-local">. */
export function toDateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function earliestStart(now = Date.now()): Date {
  // Rounded up to the next minute: the input has minute precision, and rounding down would offer a
  // time a few seconds short of the rule.
  return new Date(Math.ceil((now + MIN_LEAD_MINUTES * 60_000) / 60_000) * 60_000);
}

function earliestAllowedMinute(now = Date.now()): number {
  return Math.floor((now + MIN_LEAD_MINUTES * 60_000) / 60_000) * 60_000;
}

/** `src` is a new photo's data URL or, when editing or duplicating, one of the event's stored photo URLs. */
type Photo = { id: string; name: string; src: string };

/** The duration field takes hours (what organizers think in); the server takes minutes. */
function hoursToMinutes(hours: string): number {
  return Math.round(Number(hours.trim().replace(',', '.')) * 60);
}

function minutesToHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

function useCreateEventSchema(originalDate?: string) {
  const { t } = useTranslation(['create-event', 'events', 'organizer', 'schedule']);
  return useMemo(
    () =>
      z
        .object({
          title: z
            .string()
            .trim()
            .min(1, t('create.errors.title'))
            .max(EVENT_LIMITS.titleMax, t('create.errors.tooLong', { max: EVENT_LIMITS.titleMax }))
            // The server's one-line rule (contract/common.ts): a pasted tab or line break is refused here first.
            .refine((value) => !LINE_BREAKING_CHARACTERS.test(value), t('create.errors.oneLine')),
          description: z
            .string()
            .trim()
            .min(1, t('create.errors.description'))
            .max(EVENT_LIMITS.descriptionMax, t('create.errors.tooLong', { max: EVENT_LIMITS.descriptionMax })),
          location: z
            .string()
            .trim()
            .min(1, t('create.errors.location'))
            .max(EVENT_LIMITS.locationMax, t('create.errors.tooLong', { max: EVENT_LIMITS.locationMax }))
            .refine((value) => !LINE_BREAKING_CHARACTERS.test(value), t('create.errors.oneLine')),
          date: z
            .string()
            .min(1, t('create.errors.date'))
            .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), t('create.errors.date'))
            // Checked against the clock at submit time, not when the dialog opened, at the input's
            // minute precision: 14:30 is fine at 14:00:40 ("now + 30 min" falls inside that minute).
            // An edited event keeps its date unless it is changed; only a new date must follow the rule.
            .refine(
              (value) => value === '' || value === originalDate || new Date(value).getTime() >= earliestAllowedMinute(),
              t('create.errors.dateTooSoon', { minutes: MIN_LEAD_MINUTES }),
            ),
          categoryId: z.string().regex(/^[1-9]\d*$/, t('create.errors.category')),
          maxAttendees: z
            .string()
            .trim()
            .refine(
              (value) =>
                value === '' ||
                (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= EVENT_LIMITS.maxAttendeesMax),
              t('create.errors.maxAttendees', { max: EVENT_LIMITS.maxAttendeesMax }),
            ),
          imageUrl: z
            .string()
            .trim()
            // Only a public https image address, the server's own rule (contract/image-url.ts).
            .refine((value) => value === '' || findImageUrlProblem(value) === null, t('create.errors.imageUrl')),
          durationHours: z
            .string()
            .trim()
            .refine(
              (value) => {
                const minutes = hoursToMinutes(value);
                return (
                  /^\d+([.,]\d+)?$/.test(value) &&
                  minutes >= EVENT_LIMITS.durationMinutesMin &&
                  minutes <= EVENT_LIMITS.durationMinutesMax
                );
              },
              t('organizer:form.durationError', {
                min: EVENT_LIMITS.durationMinutesMin,
                max: EVENT_LIMITS.durationMinutesMax / 60,
              }),
            ),
          repeatFrequency: z.enum(['none', 'daily', 'weekly', 'monthly']),
          repeatInterval: z.string(),
          repeatEnd: z.enum(['count', 'until']),
          repeatCount: z.string(),
          repeatUntil: z.string(),
          slots: z.array(
            z.object({
              role: z.string(),
              startTime: z.string(),
              endTime: z.string(),
              capacity: z.string(),
              requiresApproval: z.boolean(),
            }),
          ),
        })
        .superRefine((values, context) => {
          // The schedule's slots, each checked as the slot form checks one (decisions §18).
          values.slots.forEach((slot, index) => {
            const issue = (field: string, message: string) =>
              context.addIssue({ code: 'custom', path: ['slots', index, field], message });
            const role = slot.role.trim();
            if (role === '') issue('role', t('schedule:form.roleRequired'));
            else if (role.length > SLOT_LIMITS.roleMax || LINE_BREAKING_CHARACTERS.test(role))
              issue('role', t('create.errors.oneLine'));
            const window = slotWindowOf(values.date, slot.startTime, slot.endTime);
            if (!/^\d{2}:\d{2}$/.test(slot.startTime)) issue('startTime', t('schedule:form.startRequired'));
            else if (!/^\d{2}:\d{2}$/.test(slot.endTime)) issue('endTime', t('schedule:form.endRequired'));
            else if (window && new Date(window.startsAt).getTime() <= Date.now())
              issue('startTime', t('schedule:form.startInPast'));
            const capacity = slot.capacity.trim();
            if (!/^\d+$/.test(capacity) || Number(capacity) < 1 || Number(capacity) > SLOT_LIMITS.capacityMax)
              issue('capacity', t('schedule:form.capacityRange', { max: SLOT_LIMITS.capacityMax }));
          });
          if (values.repeatFrequency === 'none') return;
          const isWhole = (value: string, min: number, max: number) =>
            /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;
          if (!isWhole(values.repeatInterval, 1, SERIES_LIMITS.intervalMax))
            context.addIssue({
              code: 'custom',
              path: ['repeatInterval'],
              message: t('schedule:series.errors.interval', { max: SERIES_LIMITS.intervalMax }),
            });
          if (
            values.repeatEnd === 'count' &&
            !isWhole(values.repeatCount, SERIES_LIMITS.countMin, SERIES_LIMITS.occurrencesMax)
          )
            context.addIssue({
              code: 'custom',
              path: ['repeatCount'],
              message: t('schedule:series.errors.count', { max: SERIES_LIMITS.occurrencesMax }),
            });
          if (values.repeatEnd === 'until') {
            const first = new Date(values.date).getTime();
            const last = untilOf(values.repeatUntil);
            if (Number.isNaN(last) || last <= first || last - first > SERIES_LIMITS.untilDaysMax * DAY_MS)
              context.addIssue({
                code: 'custom',
                path: ['repeatUntil'],
                message: t('schedule:series.errors.until', { days: SERIES_LIMITS.untilDaysMax }),
              });
          }
        }),
    [t, originalDate],
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of the chosen last day on this device's clock: a date on that day still belongs to the series. */
function untilOf(day: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T23:59:59`).getTime() : Number.NaN;
}

function recurrenceOf(values: RepeatValues): Recurrence | undefined {
  if (values.repeatFrequency === 'none') return undefined;
  return {
    frequency: values.repeatFrequency,
    interval: Number(values.repeatInterval),
    ...(values.repeatEnd === 'count'
      ? { count: Number(values.repeatCount) }
      : { until: new Date(untilOf(values.repeatUntil)).toISOString() }),
    // The dates repeat on the organizer's wall clock, across changes to and from summer time.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

type FormValues = z.input<ReturnType<typeof useCreateEventSchema>>;

const EMPTY: FormValues = {
  title: '',
  description: '',
  location: '',
  date: '',
  categoryId: '',
  maxAttendees: '',
  imageUrl: '',
  durationHours: minutesToHours(EVENT_LIMITS.durationMinutesDefault),
  ...NO_REPEAT,
  slots: [],
};

function valuesOf(event: Event): FormValues {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    date: toDateTimeLocal(new Date(event.date)),
    categoryId: String(event.categoryId),
    maxAttendees: event.maxAttendees === null ? '' : String(event.maxAttendees),
    imageUrl: event.imageUrl ?? '',
    durationHours: minutesToHours(event.durationMinutes),
    ...NO_REPEAT,
    slots: [],
  };
}

/** The coordinates an event was saved with, held while its location stays as it is. */
function placeOf(event: Event | undefined): ChosenPlace | null {
  return event && event.latitude !== null && event.longitude !== null
    ? { label: event.location, latitude: event.latitude, longitude: event.longitude }
    : null;
}

/** A duplicate starts with everything of the original but its date, which is chosen anew. */
function valuesCopiedFrom(event: Event): FormValues {
  return { ...valuesOf(event), date: '' };
}

function photosOf(event: Event): Photo[] {
  return event.images.map((src, index) => ({ id: `stored-${src}`, name: `${index + 1}`, src }));
}

export function CreateEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <EventFormDialog open={open} onOpenChange={onOpenChange} />;
}

/**
 * The create form; with `event` the same form prefilled to edit it (PATCH with the whole photo list,
 * the kept photos by their URL and the new ones as data URLs); with `copyOf` prefilled from another
 * event but its date, to create a new one. A created event opens its page.
 */
export function EventFormDialog({
  open,
  onOpenChange,
  event: editedEvent,
  copyOf,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event?: Event;
  copyOf?: Event;
}) {
  const { t } = useTranslation(['create-event', 'events', 'organizer', 'schedule']);
  const [, navigate] = useLocation();
  const isEditing = editedEvent !== undefined;
  const prefill = editedEvent ?? copyOf;
  const valuesAtOpening = (): FormValues =>
    editedEvent ? valuesOf(editedEvent) : copyOf ? valuesCopiedFrom(copyOf) : EMPTY;
  const originalDate = editedEvent ? toDateTimeLocal(new Date(editedEvent.date)) : undefined;
  const schema = useCreateEventSchema(originalDate);
  const categories = useCategories();
  const categoryName = useCategoryName();
  const createEvent = useCreateEvent();
  const [scope, setScope] = useState<SeriesScope>('this');
  const updateEvent = useUpdateEvent(editedEvent?.id ?? 0, scope);
  // After the event is made its slots are added, one call each: the form waits for them too.
  const [isAddingSlots, setIsAddingSlots] = useState(false);
  const addSlotsToNewEvent = useAddSlotsToNewEvent();
  const isPending = (isEditing ? updateEvent : createEvent).isPending || isAddingSlots;
  const organizations = useOrganizationsToOrganizeFor(open && !isEditing);
  // 'me', or an organization's id: a duplicate starts under the original's organization.
  const [organizeAs, setOrganizeAs] = useState(() => String(copyOf?.organization?.id ?? 'me'));
  const [photos, setPhotos] = useState<Photo[]>(() => (prefill ? photosOf(prefill) : []));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [place, setPlace] = useState<ChosenPlace | null>(() => placeOf(prefill));
  const fileInput = useRef<HTMLInputElement>(null);
  const idPrefix = useId();
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: valuesAtOpening(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Each opening of the edit or duplicate form starts from the event as it is now (it may have changed
  // meanwhile).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && prefill) {
      form.reset(valuesAtOpening());
      setPlace(placeOf(prefill));
      setPhotos(photosOf(prefill));
      setPhotoError(null);
    }
  }
  const { errors } = form.formState;
  const repeatFrequency = form.watch('repeatFrequency');
  const repeatEnd = form.watch('repeatEnd');
  const date = form.watch('date');
  // Recomputed whenever the dialog renders, so the picker never offers a time that became too early.
  const minDate = toDateTimeLocal(earliestStart());

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Clear the input so picking the same file again (after removing it) fires a change.
    event.target.value = '';
    const problems: string[] = [];
    const accepted: Photo[] = [];
    for (const file of files) {
      if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
        problems.push(t('create.photos.notImage', { name: file.name }));
        continue;
      }
      if (file.size > EVENT_LIMITS.imageBytesMax) {
        problems.push(t('create.photos.tooLarge', { name: file.name }));
        continue;
      }
      if (photos.length + accepted.length >= EVENT_LIMITS.imagesMax) {
        problems.push(t('create.photos.tooMany', { max: EVENT_LIMITS.imagesMax }));
        break;
      }
      try {
        const dataUrl = await readAsDataUrl(file);
        if (!IMAGE_DATA_URL_PATTERN.test(dataUrl)) {
          problems.push(t('create.photos.notImage', { name: file.name }));
          continue;
        }
        accepted.push({ id: `${Date.now()}-${accepted.length}-${file.name}`, name: file.name, src: dataUrl });
      } catch {
        problems.push(t('create.photos.unreadable', { name: file.name }));
      }
    }
    setPhotos((current) => [...current, ...accepted]);
    setPhotoError(problems.length ? problems.join(' ') : null);
  };

  const removePhoto = (id: string) => {
    setPhotos((current) => current.filter((photo) => photo.id !== id));
    setPhotoError(null);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (editedEvent) {
      const update: UpdateEventBody = {
        title: values.title.trim(),
        description: values.description.trim(),
        location: values.location.trim(),
        // A place typed freely has no coordinates: the server drops the old ones (decisions §21).
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        categoryId: Number(values.categoryId),
        maxAttendees: values.maxAttendees.trim() === '' ? null : Number(values.maxAttendees),
        imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim(),
        durationMinutes: hoursToMinutes(values.durationHours),
        // Each date keeps photos of its own (decision 0032): a change of several dates leaves them be.
        ...(scope === 'this' ? { images: photos.map((photo) => photo.src) } : {}),
      };
      // An unchanged date is not sent: the server would refuse it once the start is under 30 minutes away.
      if (values.date !== originalDate) update.date = new Date(values.date).toISOString();
      updateEvent.mutate(update, { onSuccess: () => onOpenChange(false) });
      return;
    }
    // A duplicate's stored photos go as their URLs: the server copies them (the copy's own photos).
    const images = photos.map((photo) => photo.src);
    const body: CreateEventOrSeriesBody = {
      title: values.title.trim(),
      description: values.description.trim(),
      location: values.location.trim(),
      ...(place && { latitude: place.latitude, longitude: place.longitude }),
      date: new Date(values.date).toISOString(),
      categoryId: Number(values.categoryId),
      maxAttendees: values.maxAttendees.trim() === '' ? null : Number(values.maxAttendees),
      imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim(),
      images,
      durationMinutes: hoursToMinutes(values.durationHours),
      organizationId: organizations.some((organization) => String(organization.id) === organizeAs)
        ? Number(organizeAs)
        : null,
      recurrence: recurrenceOf(values),
    };
    const slots: CreateSlotBody[] = values.slots.map((slot) => ({
      role: slot.role.trim(),
      ...slotWindowOf(values.date, slot.startTime, slot.endTime)!,
      capacity: Number(slot.capacity),
      requiresApproval: slot.requiresApproval,
    }));
    createEvent.mutate(body, {
      onSuccess: async (created) => {
        if (slots.length > 0) {
          setIsAddingSlots(true);
          const failed = await addSlotsToNewEvent(created.id, slots, created.seriesId !== null);
          setIsAddingSlots(false);
          if (failed > 0)
            toast({
              title: t('common:toasts.errorTitle'),
              description: t('schedule:create.slotsFailed'),
              variant: 'destructive',
            });
        }
        form.reset(EMPTY);
        setPlace(null);
        setPhotos([]);
        setPhotoError(null);
        onOpenChange(false);
        navigate(`/events/${created.id}`);
      },
    });
  });

  const errorId = (name: keyof FormValues) => (errors[name] ? `${fieldId(name)}-error` : undefined);
  const fieldError = (name: keyof FormValues) =>
    errors[name]?.message ? (
      <p id={`${fieldId(name)}-error`} className="text-sm font-medium text-destructive" data-testid={`error-${name}`}>
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <FormDialog
      isOpen={open}
      onOpenChange={onOpenChange}
      testId={isEditing ? 'edit-event-dialog' : copyOf ? 'duplicate-event-dialog' : 'create-event-dialog'}
      size="large"
      title={isEditing ? t('organizer:edit.title') : copyOf ? t('organizer:duplicate.title') : t('create.title')}
      description={
        isEditing
          ? t('organizer:edit.description')
          : copyOf
            ? t('organizer:duplicate.description', { title: copyOf.title })
            : t('create.description')
      }
      onSubmit={(submitEvent) => void onSubmit(submitEvent)}
      cancelLabel={t('common:actions.cancel')}
      confirmLabel={isEditing ? t('organizer:edit.save') : t('create.submit')}
      pendingLabel={isEditing ? t('organizer:edit.saving') : t('create.submitting')}
      isPending={isPending}
    >
      {!isEditing && organizations.length === 0 && (
        <Link
          href="/organizations/new"
          onClick={() => onOpenChange(false)}
          className="self-end text-sm font-medium text-primary hover:underline"
          data-testid="create-event-new-organization"
        >
          {t('create.organizeAs.newOrganization')}
        </Link>
      )}
      {!isEditing && organizations.length > 0 && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Label htmlFor={fieldId('organizeAs')}>{t('create.organizeAs.label')}</Label>
            <Link
              href="/organizations/new"
              onClick={() => onOpenChange(false)}
              className="text-sm font-medium text-primary hover:underline"
            >
              {t('create.organizeAs.newOrganization')}
            </Link>
          </div>
          <Select value={organizeAs} onValueChange={setOrganizeAs}>
            <SelectTrigger id={fieldId('organizeAs')} data-testid="create-event-organize-as">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="me">{t('create.organizeAs.me')}</SelectItem>
              {organizations.map((organization) => (
                <SelectItem key={organization.id} value={String(organization.id)}>
                  <span dir="auto">{organization.name}</span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId('title')}>{t('create.fields.title')}</Label>
        <Input
          id={fieldId('title')}
          placeholder={t('create.placeholders.title')}
          aria-invalid={!!errors.title}
          aria-describedby={errorId('title')}
          maxLength={EVENT_LIMITS.titleMax}
          {...form.register('title')}
        />
        {fieldError('title')}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId('description')}>{t('create.fields.description')}</Label>
        <Textarea
          id={fieldId('description')}
          rows={4}
          placeholder={t('create.placeholders.description')}
          aria-invalid={!!errors.description}
          aria-describedby={errorId('description')}
          maxLength={EVENT_LIMITS.descriptionMax}
          {...form.register('description')}
        />
        {fieldError('description')}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId('location')}>{t('create.fields.location')}</Label>
        <Controller
          control={form.control}
          name="location"
          render={({ field }) => (
            <PlacePicker
              value={field.value}
              onValueChange={field.onChange}
              place={place}
              onPlaceChange={setPlace}
              inputProps={{
                id: fieldId('location'),
                name: field.name,
                ref: field.ref,
                onBlur: field.onBlur,
                placeholder: t('create.placeholders.location'),
                'aria-invalid': !!errors.location,
                'aria-describedby': errorId('location'),
                maxLength: EVENT_LIMITS.locationMax,
              }}
            />
          )}
        />
        {fieldError('location')}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={fieldId('date')}>{t('create.fields.date')}</Label>
          <Input
            id={fieldId('date')}
            type="datetime-local"
            min={minDate}
            aria-invalid={!!errors.date}
            aria-describedby={errorId('date')}
            {...form.register('date')}
          />
          {fieldError('date')}
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={fieldId('categoryId')}>{t('create.fields.category')}</Label>
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger
                  id={fieldId('categoryId')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-invalid={!!errors.categoryId}
                  aria-describedby={errorId('categoryId')}
                  data-testid="create-event-category"
                >
                  <SelectValue
                    placeholder={categories.isLoading ? t('common:status.loading') : t('create.placeholders.category')}
                  />
                </SelectTrigger>
                <SelectContent>
                  {(categories.data ?? []).map((category) => {
                    const Icon = getCategoryIcon(category.icon);
                    return (
                      <SelectItem key={category.id} value={String(category.id)}>
                        <Icon className="size-4 text-muted-foreground" aria-hidden />
                        {categoryName(category.name)}
                      </SelectItem>
                    );
                  })}
                </SelectContent>
              </Select>
            )}
          />
          {fieldError('categoryId')}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={fieldId('maxAttendees')}>
            {t('create.fields.maxAttendees')}{' '}
            <span className="font-normal text-muted-foreground">{t('create.optional')}</span>
          </Label>
          <Input
            id={fieldId('maxAttendees')}
            type="number"
            inputMode="numeric"
            min={1}
            max={EVENT_LIMITS.maxAttendeesMax}
            step={1}
            placeholder={t('create.placeholders.maxAttendees')}
            aria-invalid={!!errors.maxAttendees}
            aria-describedby={errorId('maxAttendees') ?? `${fieldId('maxAttendees')}-hint`}
            {...form.register('maxAttendees')}
          />
          {fieldError('maxAttendees') ?? (
            <p id={`${fieldId('maxAttendees')}-hint`} className="text-xs text-muted-foreground">
              {t('create.hints.maxAttendees')}
            </p>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={fieldId('imageUrl')}>
            {t('create.fields.imageUrl')}{' '}
            <span className="font-normal text-muted-foreground">{t('create.optional')}</span>
          </Label>
          <Input
            id={fieldId('imageUrl')}
            type="url"
            inputMode="url"
            placeholder="https://"
            aria-invalid={!!errors.imageUrl}
            aria-describedby={errorId('imageUrl')}
            {...form.register('imageUrl')}
          />
          {fieldError('imageUrl')}
        </div>
      </div>

      <div className="flex flex-col gap-2 sm:w-1/2 sm:pe-2">
        <Label htmlFor={fieldId('durationHours')}>{t('organizer:form.duration')}</Label>
        <Input
          id={fieldId('durationHours')}
          type="number"
          inputMode="decimal"
          min={EVENT_LIMITS.durationMinutesMin / 60}
          max={EVENT_LIMITS.durationMinutesMax / 60}
          step={0.25}
          aria-invalid={!!errors.durationHours}
          aria-describedby={errorId('durationHours') ?? `${fieldId('durationHours')}-hint`}
          data-testid="event-duration"
          {...form.register('durationHours')}
        />
        {fieldError('durationHours') ?? (
          <p id={`${fieldId('durationHours')}-hint`} className="text-xs text-muted-foreground">
            {t('organizer:form.durationHint')}
          </p>
        )}
      </div>

      {!isEditing && (
        <RepeatsFields
          control={form.control}
          register={form.register}
          errors={errors}
          frequency={repeatFrequency}
          end={repeatEnd}
          fieldId={fieldId}
        />
      )}
      {!isEditing && (
        <ScheduleFields control={form.control} register={form.register} errors={errors} date={date} fieldId={fieldId} />
      )}
      {isEditing && editedEvent.seriesId !== null && (
        <SeriesScopeField value={scope} onChange={setScope} name={fieldId('scope')} />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          {t('create.fields.photos')} <span className="font-normal text-muted-foreground">{t('create.optional')}</span>
        </legend>
        <input
          ref={fileInput}
          id={fieldId('photos')}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void addPhotos(event)}
          data-testid="create-event-photos-input"
        />
        <div className="flex flex-wrap gap-3" data-testid="create-event-photos">
          {photos.map((photo, index) => (
            <div
              key={photo.id}
              className="group/photo relative size-20 overflow-hidden rounded-lg border border-border bg-muted"
              data-testid="create-event-photo"
            >
              <img
                src={photo.src}
                alt={t('create.photos.thumbnailAlt', { number: index + 1 })}
                className="size-full object-cover"
              />
              <button
                type="button"
                onClick={() => removePhoto(photo.id)}
                className="absolute end-1 top-1 flex size-7 cursor-pointer items-center justify-center rounded-full bg-black/70 text-white shadow transition hover:bg-black/90 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
                aria-label={t('create.photos.remove', { number: index + 1 })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          ))}
          {photos.length < EVENT_LIMITS.imagesMax && (
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              aria-describedby={`${fieldId('photos')}-hint`}
              className={cn(
                'flex size-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-input text-xs font-medium text-muted-foreground transition hover:border-primary hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
              )}
            >
              <ImagePlus className="size-5" aria-hidden />
              {t('create.photos.add')}
            </button>
          )}
        </div>
        <p id={`${fieldId('photos')}-hint`} className="text-xs text-muted-foreground">
          {t('create.photos.hint', { max: EVENT_LIMITS.imagesMax })}
        </p>
        {photoError && (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="create-event-photo-error">
            {photoError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
