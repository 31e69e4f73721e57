import type { UpdateEventBody } from '@contract/events';
import type { CreateEventOrSeriesBody, Recurrence, SeriesScope } from '@contract/series';
import type { CreateSlotBody } from '@contract/slots';
import { hoursToMinutes, untilOf, type EventFormValues } from './event-form-schema';
import type { ChosenPlace } from './place-picker';
import type { RepeatValues } from './repeats-fields';
import { slotWindowOf } from './schedule-fields';

/** `src` is a new photo's data URL or, when editing or duplicating, one of the event's stored photo URLs. */
export type Photo = { id: string; name: string; src: string };

/** The fields create and edit send alike, from the form's text. */
function commonFieldsOf(values: EventFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    categoryId: Number(values.categoryId),
    maxAttendees: values.maxAttendees.trim() === '' ? null : Number(values.maxAttendees),
    imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim(),
    durationMinutes: hoursToMinutes(values.durationHours),
  };
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

/** POST /api/events: a new event (or series); a duplicate's stored photos go as their URLs, which the server copies. */
export function createBodyOf(
  values: EventFormValues,
  { place, photos, organizationId }: { place: ChosenPlace | null; photos: Photo[]; organizationId: number | null },
): CreateEventOrSeriesBody {
  const { title, description, location, ...rest } = commonFieldsOf(values);
  return {
    title,
    description,
    location,
    ...(place && { latitude: place.latitude, longitude: place.longitude }),
    date: new Date(values.date).toISOString(),
    ...rest,
    images: photos.map((photo) => photo.src),
    organizationId,
    recurrence: recurrenceOf(values),
  };
}

/** The new event's slots, each a call of its own once the event exists. */
export function slotsOf(values: EventFormValues): CreateSlotBody[] {
  return values.slots.map((slot) => ({
    role: slot.role.trim(),
    ...slotWindowOf(values.date, slot.startTime, slot.endTime)!,
    capacity: Number(slot.capacity),
    requiresApproval: slot.requiresApproval,
  }));
}

/** The form's fields the organizer changed (react-hook-form's `dirtyFields`). */
export type ChangedFields = Partial<Readonly<Record<keyof EventFormValues, unknown>>>;

/**
 * PATCH /api/events/{id}: only what the organizer changed (decisions §24), so a title for all dates of a
 * series leaves each date's own time, duration, capacity and place alone. Photos go as the whole list,
 * kept ones by their URL and new ones as data URLs.
 */
export function updateBodyOf(
  values: EventFormValues,
  {
    changed,
    place,
    isPlaceChanged,
    photos,
    isPhotosChanged,
    scope,
  }: {
    changed: ChangedFields;
    place: ChosenPlace | null;
    isPlaceChanged: boolean;
    photos: Photo[];
    isPhotosChanged: boolean;
    scope: SeriesScope;
  },
): UpdateEventBody {
  const fields = commonFieldsOf(values);
  const update: UpdateEventBody = {};
  if (changed.title) update.title = fields.title;
  if (changed.description) update.description = fields.description;
  if (changed.location || isPlaceChanged) {
    update.location = fields.location;
    // A place typed freely has no coordinates: the server drops the old ones (decisions §21).
    update.latitude = place?.latitude ?? null;
    update.longitude = place?.longitude ?? null;
  }
  // An unchanged date is not sent either: the server would refuse it once the start is under 30 minutes away.
  if (changed.date) update.date = new Date(values.date).toISOString();
  if (changed.categoryId) update.categoryId = fields.categoryId;
  if (changed.maxAttendees) update.maxAttendees = fields.maxAttendees;
  if (changed.imageUrl) update.imageUrl = fields.imageUrl;
  if (changed.durationHours) update.durationMinutes = fields.durationMinutes;
  // Each date keeps photos of its own (decision 0032): a change of several dates leaves them be.
  if (isPhotosChanged && scope === 'this') update.images = photos.map((photo) => photo.src);
  return update;
}
