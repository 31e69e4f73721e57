import { describe, expect, it } from 'vitest';
import { formatEventDate } from './format-event-date';

const english = { language: 'en', todayLabel: 'Today', tomorrowLabel: 'Tomorrow', timeZone: 'UTC' };
// A fixed clock: Saturday 22 November 2026, 10:00 UTC.
const now = new Date('2026-11-22T10:00:00Z');

describe('formatEventDate in English (spec en-US pattern)', () => {
  it("says 'Today, h:mm AM/PM' for later the same day", () => {
    expect(formatEventDate('2026-11-22T15:30:00Z', { ...english, now })).toBe('Today, 3:30 PM');
    expect(formatEventDate('2026-11-22T23:59:00Z', { ...english, now })).toBe('Today, 11:59 PM');
  });

  it("says 'Tomorrow, h:mm AM/PM' for the next calendar day, even minutes away", () => {
    const lateEvening = new Date('2026-11-22T23:50:00Z');
    expect(formatEventDate('2026-11-23T00:05:00Z', { ...english, now: lateEvening })).toBe('Tomorrow, 12:05 AM');
    expect(formatEventDate('2026-11-23T09:05:00Z', { ...english, now })).toBe('Tomorrow, 9:05 AM');
  });

  it('uses weekday, short month, day and time otherwise', () => {
    expect(formatEventDate('2026-11-24T12:00:00Z', { ...english, now })).toBe('Tue, Nov 24, 12:00 PM');
    expect(formatEventDate('2027-01-08T00:15:00Z', { ...english, now })).toBe('Fri, Jan 8, 12:15 AM');
    // Earlier days are not 'Yesterday' on a card: the spec only names today and tomorrow.
    expect(formatEventDate('2026-11-21T18:45:00Z', { ...english, now })).toBe('Sat, Nov 21, 6:45 PM');
  });

  it('judges today and tomorrow on the wall clock of the given zone', () => {
    const tokyo = { ...english, timeZone: 'Asia/Tokyo' };
    // 10:00 UTC is 19:00 in Tokyo; 16:00 UTC is already 01:00 the next day there.
    expect(formatEventDate('2026-11-22T16:00:00Z', { ...tokyo, now })).toBe('Tomorrow, 1:00 AM');
    expect(formatEventDate('2026-11-22T12:00:00Z', { ...tokyo, now })).toBe('Today, 9:00 PM');
  });

  it('counts calendar days across a daylight-saving change', () => {
    const newYork = { ...english, timeZone: 'America/New_York' };
    // Clocks go back on 1 November 2026 in New York: that Sunday has 25 hours.
    const saturdayNight = new Date('2026-11-01T03:30:00Z'); // Sat 31 Oct, 23:30 EDT
    // Sunday 23:30 EST is 25 hours later and still tomorrow; Monday 00:30 is not.
    expect(formatEventDate('2026-11-02T04:30:00Z', { ...newYork, now: saturdayNight })).toBe('Tomorrow, 11:30 PM');
    expect(formatEventDate('2026-11-02T05:30:00Z', { ...newYork, now: saturdayNight })).toBe('Mon, Nov 2, 12:30 AM');
    expect(formatEventDate('2026-11-01T14:00:00Z', { ...newYork, now: saturdayNight })).toBe('Tomorrow, 9:00 AM');
  });

  it('returns an empty string for an unreadable date rather than "Invalid Date"', () => {
    expect(formatEventDate('not a date', { ...english, now })).toBe('');
  });
});

describe('formatEventDate in other languages (the locale’s own format)', () => {
  it('translates Today and Tomorrow and uses the locale clock', () => {
    const spanish = { language: 'es', todayLabel: 'Hoy', tomorrowLabel: 'Mañana', timeZone: 'UTC', now };
    expect(formatEventDate('2026-11-22T15:30:00Z', spanish)).toBe('Hoy, 15:30');
    expect(formatEventDate('2026-11-23T09:05:00Z', spanish)).toBe('Mañana, 9:05');
  });

  it('matches Intl for other days in each language', () => {
    for (const language of ['es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar']) {
      const expected = new Intl.DateTimeFormat(language, {
        timeZone: 'UTC',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date('2026-11-24T12:00:00Z'));
      expect(
        formatEventDate('2026-11-24T12:00:00Z', {
          language,
          todayLabel: 'x',
          tomorrowLabel: 'y',
          timeZone: 'UTC',
          now,
        }),
      ).toBe(expected);
    }
  });

  it('writes German with its own weekday and month words', () => {
    const german = { language: 'de', todayLabel: 'Heute', tomorrowLabel: 'Morgen', timeZone: 'UTC', now };
    expect(formatEventDate('2026-11-24T12:00:00Z', german)).toMatch(/^Di\.?, 24\. Nov\.?,? 12:00$/);
  });

  it('uses the Arabic comma in Arabic', () => {
    const arabic = { language: 'ar', todayLabel: 'اليوم', tomorrowLabel: 'غدًا', timeZone: 'UTC', now };
    expect(formatEventDate('2026-11-22T15:30:00Z', arabic)).toMatch(/^اليوم، /);
  });
});

describe("formatEventDate in the browser's own zone", () => {
  it('reads the wall clock from Date itself, with the same result as naming the zone', () => {
    const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Around both daylight-saving changes of many zones, midnight and the year's end.
    const dates = [
      '2026-03-08T06:59:00Z',
      '2026-03-29T00:59:00Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:30:00Z',
      '2026-11-01T08:30:00Z',
      '2026-11-22T23:59:00Z',
      '2026-11-23T00:00:00Z',
      '2026-12-31T23:30:00Z',
    ];
    for (const clock of [now, new Date('2026-03-28T23:00:00Z'), new Date('2026-12-31T22:00:00Z')]) {
      for (const date of dates) {
        const withoutZone = formatEventDate(date, {
          language: 'en',
          todayLabel: 'Today',
          tomorrowLabel: 'Tomorrow',
          now: clock,
        });
        expect(withoutZone).toBe(
          formatEventDate(date, {
            language: 'en',
            todayLabel: 'Today',
            tomorrowLabel: 'Tomorrow',
            now: clock,
            timeZone: ownZone,
          }),
        );
      }
    }
  });

  it('works in a zone with daylight saving too', () => {
    const ownZoneResult = (timeZone: string) =>
      formatEventDate('2026-03-29T00:30:00Z', {
        language: 'en',
        todayLabel: 'Today',
        tomorrowLabel: 'Tomorrow',
        now: new Date('2026-03-28T12:00:00Z'),
        timeZone,
      });
    expect(ownZoneResult('Europe/Lisbon')).toBe('Tomorrow, 12:30 AM');
  });
});
