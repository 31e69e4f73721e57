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
    expect(slotWindowOf('2030-05-04T09:00', '25:00', '12:00')).toBeNull();
  });
});
