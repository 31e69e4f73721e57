import type { ComponentProps } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';

/** More than this shows as "99+": the badge stays one small circle. */
const BADGE_MAX = 99;

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
