import {
  Award,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  Megaphone,
  MessageCircle,
  PencilLine,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationType } from '@contract/notifications';
import { achievementTextKey } from './achievement-text-key';

/** These kinds have a text of their own for several at once ("3 people RSVPed to Beach Cleanup"). */
const GROUP_TEXTS = new Set<Notification['type']>(['rsvp_received', 'message_received', 'announcement']);

/**
 * The sentence a notification (or a group of `count` of them) shows, in the reader's language, from
 * the names it kept when written. Rows from before the names were kept fall back to the live event
 * and person, and an achievement without its name to the generic text.
 */
export function useNotificationText(): (item: Notification, count?: number) => string {
  const { t } = useTranslation(['notifications', 'journey']);
  return (item, count = 1) => {
    const actorName = item.actor ? [item.actor.firstName, item.actor.lastName].filter(Boolean).join(' ') : '';
    const name = item.data.actorName ?? (actorName || t('notifications:someone'));
    const event = item.data.eventTitle ?? item.event?.title ?? t('notifications:anEvent');
    if (count > 1 && GROUP_TEXTS.has(item.type)) return t(`notifications:groups.${item.type}`, { count, name, event });
    if (item.type === 'achievement_unlocked' && item.data.achievementName) {
      const achievement = t(`journey:catalogue.${achievementTextKey(item.data.achievementName)}.name`, {
        defaultValue: item.data.achievementName,
      });
      return t('notifications:named.achievement_unlocked', { achievement });
    }
    return t(`notifications:types.${item.type}`, { name, event });
  };
}

/** A kind with no icon of its own (the friend requests) shows UserPlus: notification-summary falls back to it. */
export const ICONS: Partial<Record<NotificationType, LucideIcon>> = {
  rsvp_received: UserPlus,
  waitlist_promoted: CalendarCheck,
  event_changed: PencilLine,
  event_cancelled: CalendarX,
  event_reminder: CalendarClock,
  announcement: Megaphone,
  message_received: MessageCircle,
  achievement_unlocked: Award,
  organization_event: CalendarClock,
};

/** Where a notification leads: its conversation, its event, the Friends screen or the Journey. */
export function notificationHref(item: Notification): string {
  if (item.type.startsWith('friend')) return `/friends#${item.type}`;
  if (item.type === 'message_received' && item.actor) return `/chat/${encodeURIComponent(item.actor.id)}`;
  if (item.type === 'achievement_unlocked') return '/journey';
  if (item.event) return `/events/${item.event.id}`;
  if (item.actor) return `/chat/${encodeURIComponent(item.actor.id)}`;
  return '/';
}

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** Newest first in, newest first out: one group per calendar day. */
export function groupByDay<Item extends Notification>(items: readonly Item[]): Array<{ day: Date; items: Item[] }> {
  const groups: Array<{ day: Date; items: Item[] }> = [];
  for (const item of items) {
    const day = new Date(item.createdAt);
    const last = groups[groups.length - 1];
    if (last && dayKey(last.day) === dayKey(day)) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

export function useDayLabel() {
  const { t, i18n } = useTranslation('notifications');
  return (day: Date) => {
    const today = new Date();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    if (dayKey(day) === dayKey(today)) return t('today');
    if (dayKey(day) === dayKey(yesterday)) return t('yesterday');
    return day.toLocaleDateString(i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
  };
}
