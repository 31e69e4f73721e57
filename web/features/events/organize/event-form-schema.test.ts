import { describe, expect, it } from 'vitest';
import { EVENT_LIMITS } from '@contract/event-limits';
import { SERIES_LIMITS } from '@contract/series';
import { SLOT_LIMITS } from '@contract/slots';
import { EMPTY_EVENT_FORM, eventFormSchema, toDateTimeLocal, type EventFormValues } from './event-form-schema';

/** The message key each field's first problem is worded with (the test's `t` gives back the key). */
function problemsOf(values: Partial<EventFormValues>, originalDate?: string): Record<string, string> {
  const result = eventFormSchema((key) => key, originalDate).safeParse({ ...valid, ...values });
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

const inADay = toDateTimeLocal(new Date(Date.now() + 24 * 60 * 60 * 1000));
const valid: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  title: 'Dune planting',
  description: 'Bring gloves.',
  location: 'Porto',
  date: inADay,
  categoryId: '3',
};

describe('the event form schema', () => {
  it('takes a complete form', () => {
    expect(problemsOf({})).toEqual({});
  });

  it("words each contract rule of a one-line text in the form's own words", () => {
    expect(problemsOf({ title: '   ' })).toEqual({ title: 'create.errors.title' });
    expect(problemsOf({ title: 'x'.repeat(EVENT_LIMITS.titleMax + 1) })).toEqual({ title: 'create.errors.tooLong' });
    expect(problemsOf({ title: 'x'.repeat(EVENT_LIMITS.titleMax) })).toEqual({});
    expect(problemsOf({ title: 'Dune\tplanting', location: 'Porto\u2028Gaia' })).toEqual({
      title: 'create.errors.oneLine',
      location: 'create.errors.oneLine',
    });
    expect(problemsOf({ description: '' })).toEqual({ description: 'create.errors.description' });
  });

  it('checks the numbers typed against the contract: attendees, category, duration', () => {
    expect(problemsOf({ maxAttendees: '' })).toEqual({});
    expect(problemsOf({ maxAttendees: String(EVENT_LIMITS.maxAttendeesMax) })).toEqual({});
    for (const maxAttendees of ['0', '1.5', '-3', String(EVENT_LIMITS.maxAttendeesMax + 1)])
      expect(problemsOf({ maxAttendees })).toEqual({ maxAttendees: 'create.errors.maxAttendees' });
    expect(problemsOf({ categoryId: '' })).toEqual({ categoryId: 'create.errors.category' });
    expect(problemsOf({ categoryId: '0' })).toEqual({ categoryId: 'create.errors.category' });
    expect(problemsOf({ durationHours: '0,25' })).toEqual({});
    expect(problemsOf({ durationHours: '0.2' })).toEqual({ durationHours: 'organizer:form.durationError' });
    expect(problemsOf({ durationHours: '24.5' })).toEqual({ durationHours: 'organizer:form.durationError' });
  });

  it('takes only a public https image address, as the server does', () => {
    expect(problemsOf({ imageUrl: 'https://images.example.org/a.png' })).toEqual({});
    for (const imageUrl of ['http://images.example.org/a.png', 'https://127.0.0.1/a.png', 'javascript:alert(1)'])
      expect(problemsOf({ imageUrl })).toEqual({ imageUrl: 'create.errors.imageUrl' });
  });

  it('keeps the 30-minute lead for a new date but lets an edited event keep its own', () => {
    const soon = toDateTimeLocal(new Date(Date.now() + 5 * 60 * 1000));
    expect(problemsOf({ date: soon })).toEqual({ date: 'create.errors.dateTooSoon' });
    expect(problemsOf({ date: soon }, soon)).toEqual({});
    expect(problemsOf({ date: '' })).toEqual({ date: 'create.errors.date' });
  });

  it("checks each slot's role and places, and a series' interval and count, by the contract's bounds", () => {
    const slot = { role: 'Planter', startTime: '23:00', endTime: '23:30', capacity: '4', requiresApproval: false };
    expect(problemsOf({ slots: [slot] })).toEqual({});
    expect(
      problemsOf({
        slots: [
          { ...slot, role: ' ', capacity: '0' },
          { ...slot, role: 'x'.repeat(SLOT_LIMITS.roleMax + 1), capacity: String(SLOT_LIMITS.capacityMax + 1) },
        ],
      }),
    ).toEqual({
      'slots.0.role': 'schedule:form.roleRequired',
      'slots.0.capacity': 'schedule:form.capacityRange',
      'slots.1.role': 'create.errors.oneLine',
      'slots.1.capacity': 'schedule:form.capacityRange',
    });
    const weekly = { repeatFrequency: 'weekly', repeatEnd: 'count' } as const;
    expect(problemsOf({ ...weekly, repeatInterval: '2', repeatCount: String(SERIES_LIMITS.occurrencesMax) })).toEqual(
      {},
    );
    expect(
      problemsOf({
        ...weekly,
        repeatInterval: String(SERIES_LIMITS.intervalMax + 1),
        repeatCount: String(SERIES_LIMITS.countMin - 1),
      }),
    ).toEqual({ repeatInterval: 'schedule:series.errors.interval', repeatCount: 'schedule:series.errors.count' });
  });
});
