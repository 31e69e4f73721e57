import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { MAIN_NAV_ITEMS } from './nav-items';
import { useAchievementNotifications } from './use-achievement-notifications';

/** Desktop main navigation, a bar under the header (phones use the bottom navigation and the account menu). */
export function MainNav() {
  const { t } = useTranslation(['common', 'shell']);
  const [location] = useLocation();
  const { hasNew } = useAchievementNotifications();
  return (
    <nav aria-label={t('shell:nav.main')} className="hidden border-t border-border/60 md:block" data-testid="main-nav">
      <ul className="mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-6">
        {MAIN_NAV_ITEMS.map((item) => {
          const isActive = item.matches(location);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'relative inline-flex h-11 items-center gap-2 px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  'after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-transparent',
                  isActive && 'text-foreground after:bg-primary',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {t(`common:${item.labelKey}`)}
                {item.href === '/journey' && hasNew && (
                  <span className="size-2 rounded-full bg-red-600 dark:bg-red-500" data-testid="main-nav-journey-dot">
                    <span className="sr-only">{t('shell:nav.newAchievements')}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
