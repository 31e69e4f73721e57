import { useTranslation } from 'react-i18next';
import { intlLocale } from '@contract/languages';
import { useDisplayTimeZone } from '@/lib/display-time-zone';

/** A slot's window in the reader's language and time zone: "Sat, 12 Dec, 09:00 – 11:00". */
export function useFormatWindow() {
  const { i18n } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  return (startsAt: string, endsAt: string) => {
    const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
    const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
    const start = new Date(startsAt);
    const end = new Date(endsAt);
    const isSameDay = day.format(start) === day.format(end);
    return isSameDay
      ? `${day.format(start)}, ${time.formatRange(start, end)}`
      : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
  };
}
