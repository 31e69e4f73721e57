import type { Conversation } from '@contract/messages';

export function participantName(participant: Conversation['participants'][number] | undefined): string | null {
  if (!participant) return null;
  const name = [participant.firstName, participant.lastName].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

const DAY = 24 * 60 * 60 * 1000;

/** List time: the clock time today, 'Yesterday', the weekday within a week, else a short date. */
export function formatListTime(iso: string, language: string, yesterday: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 0) return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(date);
  if (days === 1) return yesterday;
  if (days < 7) return new Intl.DateTimeFormat(language, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  }).format(date);
}

export function formatClockTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

export function formatDayHeading(
  iso: string,
  language: string,
  today: string,
  yesterday: string,
  now: Date = new Date(),
): string {
  const date = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days === 0) return today;
  if (days === 1) return yesterday;
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  }).format(date);
}

export function isSameDay(a: string, b: string): boolean {
  return startOfDay(new Date(a)) === startOfDay(new Date(b));
}
