import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract/notifications';
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
