import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLazyModule } from '@/lib/use-lazy-module';
import { useLiveUpdates } from '@/lib/use-live-updates';
import { unreadCountQueryOptions } from './api/get-notifications';
import { NotificationBellButton } from './notification-bell-button';
import { useCurrentUser } from './use-current-user';

/** The true number of unread notifications, kept fresh by the live stream. */
function useUnreadCount(isSignedIn: boolean): number {
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled: isSignedIn });
  return data?.count ?? 0;
}

const loadNotificationMenu = () => import('./notification-menu');

/**
 * The header's bell: the unread count, and on click the list of notifications (loaded on first use,
 * like the account menu). It also holds the tab's one live connection (useLiveUpdates), since it is
 * on every signed-in screen.
 */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const isSignedIn = Boolean(user);
  useLiveUpdates(isSignedIn);
  const count = useUnreadCount(isSignedIn);
  const [openedWith, setOpenedWith] = useState<'pointer' | 'keyboard' | null>(null);
  const menu = useLazyModule(loadNotificationMenu, openedWith !== null);
  if (!menu || openedWith === null) {
    return (
      <NotificationBellButton
        count={count}
        onPointerEnter={() => void loadNotificationMenu()}
        onFocus={() => void loadNotificationMenu()}
        onClick={(event) => setOpenedWith(event.detail === 0 ? 'keyboard' : 'pointer')}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpenedWith('keyboard');
        }}
      />
    );
  }
  return <menu.default count={count} isOpenedWithKeyboard={openedWith === 'keyboard'} />;
}
