import { type Recurrence, SERIES_LIMITS } from '../../../contract/series';

const DAY_MS = 24 * 60 * 60 * 1000;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockOf(instant: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function asUtc(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/**
 * The instant the wall clock of `timeZone` shows `clock`. Twice from a first guess, because the zone's
 * offset at the guess may differ from the one at the answer (the night summer time starts or ends); a
 * time that does not exist that night (02:30 when clocks jump to 03:00) comes out an hour later.
 */
function instantOf(clock: WallClock, timeZone: string): number {
  const wanted = asUtc(clock);
  let instant = wanted;
  for (let step = 0; step < 2; step += 1) instant = wanted - (asUtc(wallClockOf(instant, timeZone)) - instant);
  return instant;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The wall clock `steps` days, weeks or months after `first`; a monthly 31st falls on a shorter month's last day. */
function addSteps(first: WallClock, frequency: Recurrence['frequency'], steps: number): WallClock {
  if (frequency === 'monthly') {
    const monthIndex = first.month - 1 + steps;
    const year = first.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    return { ...first, year, month, day: Math.min(first.day, daysInMonth(year, month)) };
  }
  const days = frequency === 'weekly' ? steps * 7 : steps;
  const date = new Date(Date.UTC(first.year, first.month - 1, first.day) + days * DAY_MS);
  return { ...first, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export type OccurrenceDates = { dates: Date[] } | { problem: 'until-too-far' | 'until-before-start' | 'too-many' };

/**
 * Every date of a series, the first being `first`, on the organizer's wall clock: a weekly event at
 * 10:00 stays at 10:00 after the clocks change. At most SERIES_LIMITS.occurrencesMax (decision 0032).
 */
export function listOccurrenceDates(first: Date, recurrence: Recurrence, timeZone: string): OccurrenceDates {
  const interval = recurrence.interval ?? 1;
  const start = wallClockOf(first.getTime(), timeZone);
  // The first instant keeps its seconds and milliseconds as given; later ones are placed on the same clock.
  const milliseconds = first.getTime() % 1000;
  if (recurrence.count !== undefined) {
    const dates = [first];
    for (let index = 1; index < recurrence.count; index += 1)
      dates.push(new Date(instantOf(addSteps(start, recurrence.frequency, index * interval), timeZone) + milliseconds));
    return { dates };
  }
  const until = new Date(recurrence.until!).getTime();
  if (until - first.getTime() > SERIES_LIMITS.untilDaysMax * DAY_MS) return { problem: 'until-too-far' };
  const dates: Date[] = [];
  for (let index = 0; ; index += 1) {
    const date =
      index === 0
        ? first
        : new Date(instantOf(addSteps(start, recurrence.frequency, index * interval), timeZone) + milliseconds);
    if (date.getTime() > until) break;
    if (dates.length === SERIES_LIMITS.occurrencesMax) return { problem: 'too-many' };
    dates.push(date);
  }
  if (dates.length < SERIES_LIMITS.countMin) return { problem: 'until-before-start' };
  return { dates };
}
