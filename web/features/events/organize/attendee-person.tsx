import { useTranslation } from 'react-i18next';
import type { Attendee } from '@contract/event-management';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { intlLocale } from '@contract/languages';

type Person = Attendee['user'];

export function personName(person: Person, fallback: string): string {
  return [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ') || fallback;
}

/** The tint of the attendees' initials. */
export const ATTENDEE_TINT = 'bg-emerald-100 text-sm text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200';

export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const format = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage ?? i18n.language), {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (value: string) => format.format(new Date(value));
}
