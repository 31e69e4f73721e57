import { describe, expect, it } from 'vitest';
import { slotWindowOf } from './organize/schedule-fields';

describe("the create form's slot times", () => {
  it("are times of day on the event's date, an end at or before the start being the next day", () => {
    const day = slotWindowOf('2030-05-04T09:00', '10:00', '12:30')!;
    expect(new Date(day.endsAt).getTime() - new Date(day.startsAt).getTime()).toBe(2.5 * 60 * 60 * 1000);
    expect(day.startsAt).toBe(new Date('2030-05-04T10:00').toISOString());
    const night = slotWindowOf('2030-05-04T20:00', '22:00', '02:00')!;
    expect(night.endsAt).toBe(new Date('2030-05-05T02:00').toISOString());
    expect(slotWindowOf('', '10:00', '12:00')).toBeNull();
    expect(slotWindowOf('2030-05-04', '10:00', '12:00')).toBeNull();
    expect(slotWindowOf('2030-05-04T09:00', '25:00', '12:00')).toBeNull();
  });

  it("put a start more than six hours before the event's time after midnight, and a set-up shift on the day", () => {
    // An event at 22:00: the shift after one that ends at midnight starts at 00:00 of the next day.
    const afterMidnight = slotWindowOf('2030-05-04T22:00', '00:00', '03:00')!;
    expect(afterMidnight.startsAt).toBe(new Date('2030-05-05T00:00').toISOString());
    expect(afterMidnight.endsAt).toBe(new Date('2030-05-05T03:00').toISOString());
    const nightEnd = slotWindowOf('2030-05-04T22:00', '23:00', '01:00')!;
    expect(nightEnd.startsAt).toBe(new Date('2030-05-04T23:00').toISOString());
    expect(nightEnd.endsAt).toBe(new Date('2030-05-05T01:00').toISOString());
    // Six hours before is still the event's day; a minute more is the next.
    expect(slotWindowOf('2030-05-04T22:00', '16:00', '18:00')!.startsAt).toBe(
      new Date('2030-05-04T16:00').toISOString(),
    );
    expect(slotWindowOf('2030-05-04T22:00', '15:59', '18:00')!.startsAt).toBe(
      new Date('2030-05-05T15:59').toISOString(),
    );
    // A set-up hour before a morning event, and a late shift of a long day, stay on the event's date.
    expect(slotWindowOf('2030-05-04T10:00', '09:00', '10:00')!.startsAt).toBe(
      new Date('2030-05-04T09:00').toISOString(),
    );
    expect(slotWindowOf('2030-05-04T06:00', '20:00', '23:00')!.startsAt).toBe(
      new Date('2030-05-04T20:00').toISOString(),
    );
  });
});
