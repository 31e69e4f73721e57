import { intlLocale } from '@contract/languages';

/**
 * Event date on cards. English follows the spec's en-US pattern to the letter:
 * 'Today, 3:30 PM', 'Tomorrow, 9:05 AM', otherwise 'Mon, Nov 24, 3:30 PM'. It is assembled by hand
 * because Intl's en-US output puts a narrow no-break space before AM/PM in recent ICU versions, which
 * would differ between browsers. Every other language uses Intl with that locale's own order, digits
 * and clock, and its translated Today/Tomorrow words.
 */

export interface FormatEventDateOptions {
  /** i18next language code ('en', 'es', 'ar', …). */
  language: string;
  /** Translated words for the relative days (common `time.today` / `time.tomorrow`). */
  todayLabel: string;
  tomorrowLabel: string;
  /** Defaults to the current time; tests pin it. */
  now?: Date;
  /** Defaults to the browser's zone; tests pin it. */
  timeZone?: string;
}

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Sunday
  hour: number; // 0-23
  minute: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The date as a clock on the wall of `timeZone` shows it (numbers only, locale-independent). */
function wallClock(date: Date, timeZone: string | undefined): WallClock {
  // The browser's own zone is what Date's getters use: no Intl call, which cost about 3 ms a card on
  // a phone-class CPU (as profiled on Discover).
  if (timeZone === undefined) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      weekday: date.getDay(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  const key = timeZone;
  let format = wallClockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      weekday: 'short',
    });
    wallClockFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: EN_WEEKDAYS.indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** Calendar-day difference between two wall-clock dates, immune to DST-length days. */
function dayDifference(from: WallClock, to: WallClock): number {
  const fromDay = Date.UTC(from.year, from.month - 1, from.day);
  const toDay = Date.UTC(to.year, to.month - 1, to.day);
  return Math.round((toDay - fromDay) / 86_400_000);
}

function englishTime(clock: WallClock): string {
  const hour12 = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  const meridiem = clock.hour < 12 ? 'AM' : 'PM';
  return `${hour12}:${String(clock.minute).padStart(2, '0')} ${meridiem}`;
}

export function formatEventDate(value: string | Date, options: FormatEventDateOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const { language, todayLabel, tomorrowLabel, timeZone } = options;
  const now = options.now ?? new Date();
  const clock = wallClock(date, timeZone);
  const days = dayDifference(wallClock(now, timeZone), clock);

  if (language === 'en') {
    if (days === 0) return `${todayLabel}, ${englishTime(clock)}`;
    if (days === 1) return `${tomorrowLabel}, ${englishTime(clock)}`;
    return `${EN_WEEKDAYS[clock.weekday]}, ${EN_MONTHS[clock.month - 1]} ${clock.day}, ${englishTime(clock)}`;
  }

  const locale = intlLocale(language);
  if (days === 0 || days === 1) {
    const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);
    // Arabic separates list items with its own comma.
    const separator = language === 'ar' ? '، ' : language === 'zh' || language === 'ja' ? ' ' : ', ';
    return `${days === 0 ? todayLabel : tomorrowLabel}${separator}${time}`;
  }
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
