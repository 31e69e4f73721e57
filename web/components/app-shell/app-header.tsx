import { useState } from 'react';
import { LogOut, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { buttonVariants } from '@/components/ui/button-variants';
import { ThemeToggle } from '@/components/theme-toggle';
import { useLazyModule } from '@/lib/use-lazy-module';
import { cn } from '@/lib/utils';
import { AccountMenuButton } from './account-menu-button';
import { HeaderSearch } from './header-search';
import { MainNav } from './main-nav';
import { NotificationBell } from './notification-bell';
import { signOut } from './sign-out';

/** The header of every signed-in page: brand, search, theme, language, bell, avatar, Sign Out, main navigation. */
export function AppHeader() {
  const { t } = useTranslation(['shell', 'common']);
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  return (
    <header
      className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75"
      data-testid="app-header"
    >
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
          {/* Below 400 px the chevron goes: with it the avatar was pushed off a 360 px screen. */}
          <LanguagePicker className="px-1.5 max-[399px]:[&>svg:last-child]:hidden sm:px-2.5" />
          <ThemeToggle />
          <NotificationBell />
          <AccountMenuLoader />
          <button
            type="button"
            onClick={signOut}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'ms-1 hidden rounded-full md:inline-flex',
            )}
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

const loadAccountMenu = () => import('./account-menu');

/**
 * The avatar opens the account menu (account-menu.tsx). Until first used it is only the avatar button;
 * the Radix menu loads on hover/focus and opens on click (or ArrowDown, as Radix does), which keeps
 * the menu and its positioning engine out of every signed-in page's first load.
 */
function AccountMenuLoader() {
  const [openedWith, setOpenedWith] = useState<'pointer' | 'keyboard' | null>(null);
  const menu = useLazyModule(loadAccountMenu, openedWith !== null);
  const placeholder = (
    <AccountMenuButton
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      // A click with no pointer behind it (detail 0) is Enter or Space on the button.
      onClick={(event) => setOpenedWith(event.detail === 0 ? 'keyboard' : 'pointer')}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpenedWith('keyboard');
      }}
    />
  );
  if (!menu) return placeholder;
  return <menu.default isOpenedWithKeyboard={openedWith === 'keyboard'} />;
}
