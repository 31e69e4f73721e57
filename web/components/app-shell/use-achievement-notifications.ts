import { createContext, useContext } from 'react';
import type { Achievement } from '@contract/journey';

export type NoticeAchievement = Pick<Achievement, 'id' | 'name' | 'description' | 'points' | 'icon' | 'color'>;

export type AchievementNotification = {
  /** Unique per notice (a test notice can repeat an achievement). */
  key: string;
  achievement: NoticeAchievement;
  /** The floating notice hides itself after 5000 ms; the notification stays (red dot) until dismissed. */
  isShown: boolean;
};

export type AchievementNotificationsValue = {
  notifications: AchievementNotification[];
  hasNew: boolean;
  add: (achievement: NoticeAchievement) => void;
  hide: (key: string) => void;
  dismiss: (key: string) => void;
  clear: () => void;
};

export const AchievementNotificationsContext = createContext<AchievementNotificationsValue | null>(null);

/** The app-wide list of new achievement notifications (notices, red dot, Clear). */
export function useAchievementNotifications(): AchievementNotificationsValue {
  const value = useContext(AchievementNotificationsContext);
  if (!value) throw new Error('useAchievementNotifications must be used inside <AchievementNotificationsProvider>');
  return value;
}
