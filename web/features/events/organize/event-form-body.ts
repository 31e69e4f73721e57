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

/** PATCH /api/events/{id}: the whole photo list, kept photos by their URL and new ones as data URLs. */
export function updateBodyOf(
  values: EventFormValues,
  {
    place,
    photos,
    scope,
    originalDate,
  }: { place: ChosenPlace | null; photos: Photo[]; scope: SeriesScope; originalDate: string | undefined },
): UpdateEventBody {
  const { title, description, location, ...rest } = commonFieldsOf(values);
  const update: UpdateEventBody = {
    title,
    description,
    location,
    // A place typed freely has no coordinates: the server drops the old ones (decisions §21).
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    ...rest,
    // Each date keeps photos of its own (decision 0032): a change of several dates leaves them be.
    ...(scope === 'this' ? { images: photos.map((photo) => photo.src) } : {}),
  };
  // An unchanged date is not sent: the server would refuse it once the start is under 30 minutes away.
  if (values.date !== originalDate) update.date = new Date(values.date).toISOString();
  return update;
}
