import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EVENT_LIMITS, IMAGE_DATA_URL_PATTERN, type CreateEventBody } from '@contract/events';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { getCategoryIcon } from './category-style';
import { useCategoryName } from './event-card';
import { useCategories } from './use-categories';
import { useCreateEvent } from './use-create-event';

/** Spec §2/§9: an event starts at least 30 minutes from now. */
export const MIN_LEAD_MINUTES = 30;
const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

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

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

type Photo = { id: string; name: string; dataUrl: string };

function useCreateEventSchema() {
  const { t } = useTranslation('events');
  return useMemo(
    () =>
      z.object({
        title: z.string().trim().min(1, t('create.errors.title')).max(EVENT_LIMITS.titleMax, t('create.errors.tooLong', { max: EVENT_LIMITS.titleMax })),
        description: z
          .string()
          .trim()
          .min(1, t('create.errors.description'))
          .max(EVENT_LIMITS.descriptionMax, t('create.errors.tooLong', { max: EVENT_LIMITS.descriptionMax })),
        location: z.string().trim().min(1, t('create.errors.location')).max(EVENT_LIMITS.locationMax, t('create.errors.tooLong', { max: EVENT_LIMITS.locationMax })),
        date: z
          .string()
          .min(1, t('create.errors.date'))
          .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), t('create.errors.date'))
          // Checked against the clock at submit time, not when the dialog opened, at the input's
          // minute precision: 14:30 is fine at 14:00:40 ("now + 30 min" falls inside that minute).
          .refine((value) => value === '' || new Date(value).getTime() >= earliestAllowedMinute(), t('create.errors.dateTooSoon', { minutes: MIN_LEAD_MINUTES })),
        categoryId: z.string().regex(/^[1-9]\d*$/, t('create.errors.category')),
        maxAttendees: z
          .string()
          .trim()
          .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= EVENT_LIMITS.maxAttendeesMax), t('create.errors.maxAttendees', { max: EVENT_LIMITS.maxAttendeesMax })),
        imageUrl: z
          .string()
          .trim()
          .refine((value) => {
            if (value === '') return true;
            try {
              const url = new URL(value);
              return url.protocol === 'http:' || url.protocol === 'https:';
            } catch {
              return false;
            }
          }, t('create.errors.imageUrl')),
      }),
    [t],
  );
}

type FormValues = z.input<ReturnType<typeof useCreateEventSchema>>;

const EMPTY: FormValues = { title: '', description: '', location: '', date: '', categoryId: '', maxAttendees: '', imageUrl: '' };

export function CreateEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('events');
  const schema = useCreateEventSchema();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const createEvent = useCreateEvent();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const idPrefix = useId();
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { errors } = form.formState;
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
        accepted.push({ id: `${Date.now()}-${accepted.length}-${file.name}`, name: file.name, dataUrl });
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

  const onSubmit = form.handleSubmit((values) => {
    const body: CreateEventBody = {
      title: values.title.trim(),
      description: values.description.trim(),
      location: values.location.trim(),
      date: new Date(values.date).toISOString(),
      categoryId: Number(values.categoryId),
      maxAttendees: values.maxAttendees.trim() === '' ? null : Number(values.maxAttendees),
      imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim(),
      images: photos.map((photo) => photo.dataUrl),
    };
    createEvent.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        setPhotos([]);
        setPhotoError(null);
        onOpenChange(false);
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-xl" data-testid="create-event-dialog">
        <DialogHeader>
          <DialogTitle className="text-xl">{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>

        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
            <Input
              id={fieldId('location')}
              placeholder={t('create.placeholders.location')}
              autoComplete="street-address"
              aria-invalid={!!errors.location}
              aria-describedby={errorId('location')}
              maxLength={EVENT_LIMITS.locationMax}
              {...form.register('location')}
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
                      <SelectValue placeholder={categories.isLoading ? t('common:status.loading') : t('create.placeholders.category')} />
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
                {t('create.fields.maxAttendees')} <span className="font-normal text-muted-foreground">{t('create.optional')}</span>
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
                {t('create.fields.imageUrl')} <span className="font-normal text-muted-foreground">{t('create.optional')}</span>
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
                <div key={photo.id} className="group/photo relative size-20 overflow-hidden rounded-lg border border-border bg-muted" data-testid="create-event-photo">
                  <img src={photo.dataUrl} alt={t('create.photos.thumbnailAlt', { number: index + 1 })} className="size-full object-cover" />
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

          <DialogFooter className="pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={createEvent.isPending} aria-busy={createEvent.isPending || undefined} className="min-w-36">
              {createEvent.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {createEvent.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
