import { useState } from 'react';
import { Bell, CalendarRange, LogOut, Mail, Route, Search, UserRound, UsersRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { BrandLogo } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ThemeToggle } from '@/lib/theme';
import { cn } from '@/lib/utils';
import { HeaderSearch } from './header-search';
import { MainNav } from './main-nav';
import { signOut } from './sign-out';
import { useCurrentUser } from './use-current-user';
import { displayName, UserAvatar } from './user-avatar';

/** Spec §2 Home: the notification bell's badge is a fixed '3'. */
const NOTIFICATION_BADGE = '3';

/** The header of every signed-in page: brand, search, theme, language, bell, avatar, Sign Out, main navigation. */
export function AppHeader() {
  const { t } = useTranslation(['shell', 'common']);
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75" data-testid="app-header">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          href="/"
          className="shrink-0 rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-label={t('common:a11y.brandHome')}
          data-testid="header-brand"
        >
          <BrandLogo className="text-lg sm:text-xl" />
        </Link>
        <HeaderSearch className="hidden max-w-md flex-1 md:block" />
        <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
          <button
            type="button"
            onClick={() => setIsSearchOpen((open) => !open)}
            aria-expanded={isSearchOpen}
            aria-controls="phone-search"
            aria-label={isSearchOpen ? t('shell:header.closeSearch') : t('shell:header.openSearch')}
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'rounded-full md:hidden' })}
            data-testid="header-search-toggle"
          >
            {isSearchOpen ? <X className="size-5" aria-hidden /> : <Search className="size-5" aria-hidden />}
          </button>
          <LanguagePicker className="px-1.5 sm:px-2.5" />
          <ThemeToggle />
          <button
            type="button"
            aria-label={t('shell:header.notifications', { badge: NOTIFICATION_BADGE })}
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'relative rounded-full' })}
            data-testid="header-bell"
          >
            <Bell className="size-5" aria-hidden />
            <span
              aria-hidden
              className="absolute end-1 top-1 inline-flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] leading-4.5 font-bold text-white"
              data-testid="header-bell-badge"
            >
              {NOTIFICATION_BADGE}
            </span>
          </button>
          <AccountMenu />
          <button
            type="button"
            onClick={signOut}
            className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'ms-1 hidden rounded-full md:inline-flex')}
            data-testid="header-sign-out"
          >
            <LogOut aria-hidden className="rtl:rotate-180" />
            {t('common:nav.signOut')}
          </button>
        </div>
      </div>
      {isSearchOpen && (
        <div id="phone-search" className="border-t border-border/60 px-3 py-2.5 md:hidden">
          <HeaderSearch autoFocus onSubmitted={() => setIsSearchOpen(false)} />
        </div>
      )}
      <MainNav />
    </header>
  );
}

/**
 * The avatar opens the account menu. On phones it is also where the main navigation entries that do
 * not fit the five-slot bottom bar live (Profile, My Events, Messages, Groups) and where Sign Out is.
 */
function AccountMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const name = displayName(user);
  const items = [
    { href: '/profile', labelKey: 'common:nav.profile', icon: UserRound },
    { href: '/my-events', labelKey: 'common:nav.myEvents', icon: CalendarRange },
    { href: '/messages', labelKey: 'common:nav.messages', icon: Mail },
    { href: '/groups', labelKey: 'common:nav.groups', icon: UsersRound },
    { href: '/journey', labelKey: 'common:nav.journey', icon: Route },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn('ms-0.5 inline-flex rounded-full focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none')}
        aria-label={t('shell:header.account', { name })}
        data-testid="header-avatar"
      >
        <UserAvatar person={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" data-testid="account-menu">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate text-sm font-semibold">{name}</span>
          {user?.email && name !== user.email && <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>}
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
