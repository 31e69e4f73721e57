import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { BOTTOM_NAV_ITEMS } from './nav-items';
import { useAchievementNotifications } from './use-achievement-notifications';

/** Phone navigation: five entries, a red dot on Journey and 'Clear' while new notifications exist. */
export function BottomNav() {
  const { t } = useTranslation(['common', 'shell']);
  const [location] = useLocation();
  const { hasNew, clear, notifications } = useAchievementNotifications();
  return (
    // The wrapper lets clicks through (the test panels' buttons sit beside the Clear pill); only the
    // pill and the bar itself take them.
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 md:hidden">
      {hasNew && (
        // Centred: the test panels' buttons float at the start side and Home's create button at the end.
        <div className="pointer-events-none flex justify-center px-3 pb-2">
          <button
            type="button"
            onClick={clear}
            aria-label={t('shell:nav.clearLabel', { number: notifications.length })}
            className="pointer-events-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-foreground px-4 text-sm font-semibold text-background shadow-lg focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            data-testid="bottom-nav-clear"
          >
            {t('shell:nav.clear')}
          </button>
        </div>
      )}
      <nav
        aria-label={t('shell:nav.bottom')}
        className="pointer-events-auto border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md supports-[backdrop-filter]:bg-background/85"
        data-testid="bottom-nav"
      >
        <ul className="mx-auto grid max-w-md grid-cols-5">
          {BOTTOM_NAV_ITEMS.map((item) => {
            const isActive = item.matches(location);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-[0.7rem] font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none focus-visible:ring-inset',
                    isActive && 'text-primary',
                  )}
                  data-testid={`bottom-nav-${item.href === '/' ? 'home' : item.href.slice(1)}`}
                >
                  <span
                    className={cn(
                      'relative inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      isActive && 'bg-secondary',
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                    {item.href === '/journey' && hasNew && (
                      <span
                        className="absolute end-2 top-0.5 size-2.5 rounded-full bg-red-600 ring-2 ring-background dark:bg-red-500"
                        data-testid="bottom-nav-journey-dot"
                      >
                        <span className="sr-only">{t('shell:nav.newAchievements')}</span>
                      </span>
                    )}
                  </span>
                  {/* The desktop navigation's words: every language keeps them short enough for a phone. */}
                  <span className="max-w-full truncate px-1" data-testid="bottom-nav-label">
                    {t(`common:${item.labelKey}`)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
