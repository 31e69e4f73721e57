import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_QUERY_KEY } from '@/lib/use-auth';
import { USER_STATS_QUERY_KEY } from '@/lib/api/get-user-stats';
import { isUnauthorizedError } from '@/lib/api-error';
import { NOTICE_AUTO_HIDE_MS } from './achievement-notices';
import {
  AchievementNotificationsContext,
  type AchievementNotification,
  type AchievementNotificationsValue,
  type NoticeAchievement,
} from './use-achievement-notifications';
import { useCurrentUser } from './use-current-user';
import {
  ACHIEVEMENT_POLL_MS,
  findNewlyUnlocked,
  userAchievementsQueryOptions,
  type UserAchievementsSnapshot,
} from '@/lib/api/get-user-achievements';

let nextKey = 0;

/**
 * Polls the user's achievements every 10 s while signed in and turns newly unlocked
 * ones into notifications. A 401 means the session ended elsewhere: the auth state is refreshed, the
 * app falls back to the signed-out routes and the poll stops with it.
 */
export function AchievementNotificationsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { isAuthenticated } = useCurrentUser();
  const [notifications, setNotifications] = useState<AchievementNotification[]>([]);
  const { data, error } = useQuery({
    ...userAchievementsQueryOptions(),
    enabled: isAuthenticated,
    refetchInterval: (query) =>
      isAuthenticated && !(query.state.error && isUnauthorizedError(query.state.error)) ? ACHIEVEMENT_POLL_MS : false,
  });

  // Each notice hides itself NOTICE_AUTO_HIDE_MS after it was raised. Timed here rather than by the
  // notice card, whose code may still be loading when the first notice is raised.
  const hideTimers = useRef(new Map<string, number>());
  const hide = useCallback((key: string) => {
    window.clearTimeout(hideTimers.current.get(key));
    hideTimers.current.delete(key);
    setNotifications((current) => current.map((item) => (item.key === key ? { ...item, isShown: false } : item)));
  }, []);
  useEffect(() => {
    const timers = hideTimers.current;
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const add = useCallback(
    (achievement: NoticeAchievement) => {
      nextKey += 1;
      const key = `${achievement.id}-${nextKey}`;
      setNotifications((current) => [...current, { key, achievement, isShown: true }]);
      hideTimers.current.set(
        key,
        window.setTimeout(() => hide(key), NOTICE_AUTO_HIDE_MS),
      );
    },
    [hide],
  );

  // The first answer is the baseline: only what unlocks while the app is open is "new".
  const previous = useRef<UserAchievementsSnapshot | null>(null);
  useEffect(() => {
    if (!data || data === previous.current) return;
    if (previous.current) {
      for (const record of findNewlyUnlocked(previous.current, data)) add(record.achievement);
      // Progress moved, so hours, XP and level did too.
      void queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY });
    }
    previous.current = data;
  }, [data, add, queryClient]);

  useEffect(() => {
    if (error && isUnauthorizedError(error)) void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
  }, [error, queryClient]);

  const dismiss = useCallback((key: string) => {
    window.clearTimeout(hideTimers.current.get(key));
    hideTimers.current.delete(key);
    setNotifications((current) => current.filter((item) => item.key !== key));
  }, []);
  const clear = useCallback(() => {
    for (const timer of hideTimers.current.values()) window.clearTimeout(timer);
    hideTimers.current.clear();
    setNotifications([]);
  }, []);

  const value = useMemo<AchievementNotificationsValue>(
    () => ({ notifications, hasNew: notifications.length > 0, add, hide, dismiss, clear }),
    [notifications, add, hide, dismiss, clear],
  );
  return <AchievementNotificationsContext.Provider value={value}>{children}</AchievementNotificationsContext.Provider>;
}
