import { type ComponentProps, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { useLazyModule } from '@/lib/use-lazy-module';
import { useLiveUpdates } from '@/lib/use-live-updates';
import { unreadCountQueryOptions } from './api/get-notifications';
import { useCurrentUser } from './use-current-user';

/** More than this shows as "99+": the badge stays one small circle. */
const BADGE_MAX = 99;

/** The true number of unread notifications, kept fresh by the live stream. */
function useUnreadCount(isSignedIn: boolean): number {
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled: isSignedIn });
  return data?.count ?? 0;
}

/** The bell button; the Radix menu (notification-menu.tsx) passes its props and ref through. */
export function NotificationBellButton({ count, ...props }: ComponentProps<'button'> & { count: number }) {
  const { t } = useTranslation('shell');
  const badge = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      aria-label={t('shell:header.notifications', { badge })}
      className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'relative rounded-full' })}
      data-testid="header-bell"
      data-count={count}
      {...props}
    >
      <Bell className="size-5" aria-hidden />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute end-1 top-1 inline-flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] leading-4.5 font-bold text-white"
          data-testid="header-bell-badge"
        >
          {badge}
        </span>
      )}
    </button>
  );
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
