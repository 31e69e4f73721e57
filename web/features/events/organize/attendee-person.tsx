import { useTranslation } from 'react-i18next';
import type { Attendee } from '@contract/event-management';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { intlLocale } from '../components/format-event-date';

type Person = Attendee['user'];

export function personName(person: Person, fallback: string): string {
  return [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ') || fallback;
}

export function PersonAvatar({ person }: { person: Person }) {
  const initial = (person.firstName?.trim()[0] ?? 'U').toUpperCase();
  return (
    <Avatar className="size-9">
      {person.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt="" />}
      <AvatarFallback className="bg-emerald-100 text-sm text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200">
        {initial}
      </AvatarFallback>
    </Avatar>
  );
}

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
