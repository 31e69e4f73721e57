import { CalendarRange, LogOut, Mail, Route, Settings, UserRound, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFocusFirstItemOnOpen,
} from '@/components/ui/dropdown-menu';
import { AccountMenuButton } from './account-menu-button';
import { signOut } from './sign-out';
import { useCurrentUser } from './use-current-user';
import { displayName } from '@/components/people/person-avatar';

/**
 * The Radix menu behind the avatar, loaded and opened on first use by app-header.tsx (the menu and its
 * positioning engine are not needed to paint a signed-in page). On phones it is also where the main navigation
 * entries that do not fit the five-slot bottom bar live (Profile, My Events, Messages, Groups) and
 * where Sign Out is.
 */
export default function AccountMenu({ isOpenedWithKeyboard = false }: { isOpenedWithKeyboard?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const name = displayName(user);
  const focusFirstItem = useFocusFirstItemOnOpen(isOpenedWithKeyboard);
  const items = [
    { href: '/profile', labelKey: 'common:nav.profile', icon: UserRound },
    { href: '/my-events', labelKey: 'common:nav.myEvents', icon: CalendarRange },
    { href: '/messages', labelKey: 'common:nav.messages', icon: Mail },
    { href: '/groups', labelKey: 'common:nav.groups', icon: UsersRound },
    { href: '/journey', labelKey: 'common:nav.journey', icon: Route },
    { href: '/settings', labelKey: 'common:nav.settings', icon: Settings },
  ];
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <AccountMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" onFocus={focusFirstItem} data-testid="account-menu">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate text-sm font-semibold">{name}</span>
          {user?.email && name !== user.email && (
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map((item) => (
          <DropdownMenuItem key={item.href} onSelect={() => navigate(item.href)}>
            <item.icon aria-hidden className="text-muted-foreground" />
            {t(item.labelKey)}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={signOut} data-testid="account-menu-sign-out">
          <LogOut aria-hidden className="rtl:rotate-180" />
          {t('common:nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
