import { describe, expect, it } from 'vitest';
import { formatLocalTime } from './local-time';

describe('formatLocalTime', () => {
  it("writes an instant on the zone's wall clock, 24-hour, as a spreadsheet sorts it", () => {
    expect(formatLocalTime('2026-11-27T13:05:00.000Z', 'Europe/Berlin')).toBe('2026-11-27 14:05');
    expect(formatLocalTime('2026-11-27T13:05:00.000Z', 'America/Los_Angeles')).toBe('2026-11-27 05:05');
    expect(formatLocalTime('2026-12-31T23:30:00.000Z', 'Asia/Tokyo')).toBe('2027-01-01 08:30');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatLocalTime('2026-06-01T00:00:00.000Z', 'UTC')).toBe('2026-06-01 00:00');
  });
});
