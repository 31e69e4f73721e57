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

  it('edits without the date while it is unchanged, clears coordinates of a typed place, and leaves photos to one date', () => {
    const unchanged = updateBodyOf(typed, { place: null, photos, scope: 'this', originalDate: typed.date });
    expect(unchanged).not.toHaveProperty('date');
    expect(unchanged).toMatchObject({ latitude: null, longitude: null, images: ['/api/images/abc'] });
    expect(updateEventBodySchema.safeParse(unchanged).success).toBe(true);
    const moved = updateBodyOf(typed, { place, photos, scope: 'all', originalDate: '2030-05-03T09:30' });
    expect(moved.date).toBe(new Date(typed.date).toISOString());
    expect(moved).not.toHaveProperty('images');
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
