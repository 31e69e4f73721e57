import { describe, expect, it } from 'vitest';
import { EVENT_LIMITS } from '@contract/event-limits';
import { createEventOrSeriesBodySchema } from '@contract/series';
import { updateEventBodySchema } from '@contract/events';
import { createBodyOf, slotsOf, updateBodyOf } from './event-form-body';
import { EMPTY_EVENT_FORM, type EventFormValues } from './event-form-schema';

const typed: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  title: '  Dune planting ',
  description: ' Bring gloves. ',
  location: ' Porto, Portugal ',
  date: '2030-05-04T09:30',
  categoryId: '3',
  maxAttendees: ' 12 ',
  imageUrl: ' ',
  durationHours: '2,5',
};
const place = { label: 'Porto, Portugal', latitude: 41.15, longitude: -8.61 };
const photos = [{ id: 'a', name: '1', src: '/api/images/abc' }];

describe('the event form body', () => {
  it('creates with trimmed texts, numbers from the typed text, the date as an instant and the place', () => {
    const body = createBodyOf(typed, { place, photos, organizationId: 7 });
    expect(body).toEqual({
      title: 'Dune planting',
      description: 'Bring gloves.',
      location: 'Porto, Portugal',
      latitude: 41.15,
      longitude: -8.61,
      date: new Date('2030-05-04T09:30').toISOString(),
      categoryId: 3,
      maxAttendees: 12,
      imageUrl: null,
      images: ['/api/images/abc'],
      durationMinutes: 150,
      organizationId: 7,
      recurrence: undefined,
    });
    expect(createEventOrSeriesBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends no coordinates for a place typed freely, and a series with the device time zone', () => {
    const body = createBodyOf(
      {
        ...typed,
        maxAttendees: '',
        repeatFrequency: 'weekly',
        repeatInterval: '2',
        repeatEnd: 'count',
        repeatCount: '5',
      },
      { place: null, photos: [], organizationId: null },
    );
    expect(body).not.toHaveProperty('latitude');
    expect(body.maxAttendees).toBeNull();
    expect(body.recurrence).toEqual({
      frequency: 'weekly',
      interval: 2,
      count: 5,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(createEventOrSeriesBodySchema.safeParse(body).success).toBe(true);
  });

  const untouched = { changed: {}, place: null, isPlaceChanged: false, photos, isPhotosChanged: false } as const;

  it('edits with only the fields the organizer changed: a new title for all dates sends the title alone', () => {
    const body = updateBodyOf(
      { ...typed, title: ' Dune planting, north ' },
      {
        ...untouched,
        changed: { title: true },
        scope: 'all',
      },
    );
    expect(body).toEqual({ title: 'Dune planting, north' });
    expect(updateEventBodySchema.safeParse(body).success).toBe(true);
    expect(updateBodyOf(typed, { ...untouched, scope: 'this' })).toEqual({});
  });

  it('sends each changed field as the server takes it, and nothing of the rest', () => {
    const body = updateBodyOf(typed, {
      ...untouched,
      changed: { durationHours: true, maxAttendees: true, date: true, categoryId: true, imageUrl: true },
      scope: 'following',
    });
    expect(body).toEqual({
      durationMinutes: 150,
      maxAttendees: 12,
      date: new Date(typed.date).toISOString(),
      categoryId: 3,
      imageUrl: null,
    });
    expect(
      updateBodyOf({ ...typed, description: '' }, { ...untouched, changed: { description: true }, scope: 'this' }),
    ).toEqual({ description: '' });
  });

  it('sends a changed place with its coordinates, or none for a place typed freely', () => {
    expect(updateBodyOf(typed, { ...untouched, changed: { location: true }, place, scope: 'all' })).toEqual({
      location: 'Porto, Portugal',
      latitude: 41.15,
      longitude: -8.61,
    });
    expect(updateBodyOf(typed, { ...untouched, changed: { location: true }, scope: 'this' })).toEqual({
      location: 'Porto, Portugal',
      latitude: null,
      longitude: null,
    });
    // The same text picked again as another place is a change too.
    expect(updateBodyOf(typed, { ...untouched, isPlaceChanged: true, place, scope: 'this' })).toMatchObject({
      latitude: 41.15,
    });
  });

  it('sends changed photos for one date only: each date keeps photos of its own', () => {
    const changedPhotos = { ...untouched, isPhotosChanged: true };
    expect(updateBodyOf(typed, { ...changedPhotos, scope: 'this' })).toEqual({ images: ['/api/images/abc'] });
    expect(updateBodyOf(typed, { ...changedPhotos, scope: 'all' })).toEqual({});
  });

  it("puts each slot on the event's day", () => {
    const slots = slotsOf({
      ...typed,
      slots: [{ role: ' Planter ', startTime: '10:00', endTime: '12:00', capacity: '4', requiresApproval: true }],
    });
    expect(slots).toEqual([
      {
        role: 'Planter',
        startsAt: new Date('2030-05-04T10:00').toISOString(),
        endsAt: new Date('2030-05-04T12:00').toISOString(),
        capacity: 4,
        requiresApproval: true,
      },
    ]);
  });

  it('starts a new form at the default duration', () => {
    expect(Number(EMPTY_EVENT_FORM.durationHours) * 60).toBe(EVENT_LIMITS.durationMinutesDefault);
  });
});
