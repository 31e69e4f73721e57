import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { EVENT_LIMITS } from '@contract/event-limits';
import { IMAGE_DATA_URL_PATTERN, type Event } from '@contract/events';
import type { SeriesScope } from '@contract/series';
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
import { RepeatsFields } from './repeats-fields';
import { ScheduleFields } from './schedule-fields';
import { useAddSlotsToNewEvent } from '../api/use-slots';
import { toast } from '@/lib/use-toast';
import { type ChosenPlace, PlacePicker } from './place-picker';
import { ACCEPTED_IMAGE_TYPES, readAsDataUrl } from '@/lib/image-file';
import { createBodyOf, type Photo, slotsOf, updateBodyOf } from './event-form-body';
import {
  earliestStart,
  EMPTY_EVENT_FORM,
  type EventFormValues,
  toDateTimeLocal,
  useEventFormSchema,
  valuesCopiedFrom,
  valuesOf,
} from './event-form-schema';
import { FormField } from './form-field';

/** The coordinates an event was saved with, held while its location stays as it is. */
function placeOf(event: Event | undefined): ChosenPlace | null {
  return event && event.latitude !== null && event.longitude !== null
    ? { label: event.location, latitude: event.latitude, longitude: event.longitude }
    : null;
}

function isSamePlace(place: ChosenPlace | null, other: ChosenPlace | null): boolean {
  return place?.latitude === other?.latitude && place?.longitude === other?.longitude;
}

function photosOf(event: Event): Photo[] {
  return event.images.map((src, index) => ({ id: `stored-${src}`, name: `${index + 1}`, src }));
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
  const valuesAtOpening = (): EventFormValues =>
    editedEvent ? valuesOf(editedEvent) : copyOf ? valuesCopiedFrom(copyOf) : EMPTY_EVENT_FORM;
  const originalDate = editedEvent ? toDateTimeLocal(new Date(editedEvent.date)) : undefined;
  const schema = useEventFormSchema(originalDate);
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

  const form = useForm<EventFormValues>({
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
  // Read while rendering, so react-hook-form keeps `dirtyFields` up to date for the edit's body.
  const { errors, dirtyFields } = form.formState;
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
      const openingPhotos = photosOf(editedEvent);
      const body = updateBodyOf(values, {
        changed: dirtyFields,
        place,
        isPlaceChanged: !isSamePlace(place, placeOf(editedEvent)),
        photos,
        isPhotosChanged:
          photos.length !== openingPhotos.length ||
          photos.some((photo, index) => photo.src !== openingPhotos[index]!.src),
        scope,
      });
      // Nothing changed: nothing to send, and no edit to count or announce.
      if (Object.keys(body).length === 0) {
        onOpenChange(false);
        return;
      }
      updateEvent.mutate(body, { onSuccess: () => onOpenChange(false) });
      return;
    }
    const body = createBodyOf(values, {
      place,
      photos,
      organizationId: organizations.some((organization) => String(organization.id) === organizeAs)
        ? Number(organizeAs)
        : null,
    });
    const slots = slotsOf(values);
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
        form.reset(EMPTY_EVENT_FORM);
        setPlace(null);
        setPhotos([]);
        setPhotoError(null);
        onOpenChange(false);
        navigate(`/events/${created.id}`);
      },
    });
  });

  const errorOf = (name: Exclude<keyof EventFormValues, 'slots'>) => errors[name]?.message;
  const optional = t('create.optional');

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
      <FormField id={fieldId('title')} name="title" label={t('create.fields.title')} error={errorOf('title')}>
        {(control) => (
          <Input
            {...control}
            placeholder={t('create.placeholders.title')}
            maxLength={EVENT_LIMITS.titleMax}
            {...form.register('title')}
          />
        )}
      </FormField>

      <FormField
        id={fieldId('description')}
        name="description"
        label={t('create.fields.description')}
        error={errorOf('description')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            placeholder={t('create.placeholders.description')}
            maxLength={EVENT_LIMITS.descriptionMax}
            {...form.register('description')}
          />
        )}
      </FormField>

      <FormField
        id={fieldId('location')}
        name="location"
        label={t('create.fields.location')}
        error={errorOf('location')}
      >
        {(control) => (
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
                  ...control,
                  name: field.name,
                  ref: field.ref,
                  onBlur: field.onBlur,
                  placeholder: t('create.placeholders.location'),
                  maxLength: EVENT_LIMITS.locationMax,
                }}
              />
            )}
          />
        )}
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={fieldId('date')}
          name="date"
          label={t('create.fields.date')}
          error={errorOf('date')}
          className="min-w-0"
        >
          {(control) => <Input {...control} type="datetime-local" min={minDate} {...form.register('date')} />}
        </FormField>

        <FormField
          id={fieldId('categoryId')}
          name="categoryId"
          label={t('create.fields.category')}
          error={errorOf('categoryId')}
          className="min-w-0"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur} data-testid="create-event-category">
                    <SelectValue
                      placeholder={
                        categories.isLoading ? t('common:status.loading') : t('create.placeholders.category')
                      }
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
          )}
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={fieldId('maxAttendees')}
          name="maxAttendees"
          label={t('create.fields.maxAttendees')}
          optionalLabel={optional}
          error={errorOf('maxAttendees')}
          hint={t('create.hints.maxAttendees')}
          className="min-w-0"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={EVENT_LIMITS.maxAttendeesMax}
              step={1}
              placeholder={t('create.placeholders.maxAttendees')}
              {...form.register('maxAttendees')}
            />
          )}
        </FormField>

        <FormField
          id={fieldId('imageUrl')}
          name="imageUrl"
          label={t('create.fields.imageUrl')}
          optionalLabel={optional}
          error={errorOf('imageUrl')}
          className="min-w-0"
        >
          {(control) => (
            <Input {...control} type="url" inputMode="url" placeholder="https://" {...form.register('imageUrl')} />
          )}
        </FormField>
      </div>

      <FormField
        id={fieldId('durationHours')}
        name="durationHours"
        label={t('organizer:form.duration')}
        error={errorOf('durationHours')}
        hint={t('organizer:form.durationHint')}
        className="sm:w-1/2 sm:pe-2"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={EVENT_LIMITS.durationMinutesMin / 60}
            max={EVENT_LIMITS.durationMinutesMax / 60}
            step={0.25}
            data-testid="event-duration"
            {...form.register('durationHours')}
          />
        )}
      </FormField>

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
          {t('create.fields.photos')} <span className="font-normal text-muted-foreground">{optional}</span>
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
