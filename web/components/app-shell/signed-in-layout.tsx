import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageLoading } from '@/components/page-loading';
import { ScreenCommitted } from '@/lib/before-hydration';
import { AchievementNotices } from './achievement-notices';
import { AchievementNotificationsProvider } from './achievement-notifications-provider';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { DevPanels } from './dev-panels';
import { EmailVerificationReminder } from './email-verification-reminder';
import { OfflineBanner } from './offline-banner';
import { PageTitle } from './page-title';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Pages shown without the chrome, filling the screen: the kiosk, a tablet at the door that faces the
 * volunteers (decisions §19), where the navigation would only lead them away into the organizer's account.
 */
const FULL_SCREEN_PATH = /^\/events\/\d+\/check-in\/kiosk\/?$/;

/**
 * The chrome around every signed-in page: header with the main navigation, the page in
 * <main>, the phone bottom navigation, the developer test panels and the achievement notices.
 * Pages render their content only (no <main> of their own). The page's own Suspense sits inside
 * <main>, so the chrome stays put while a screen's code or strings load.
 */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const hasChrome = !FULL_SCREEN_PATH.test(location);
  return (
    <AchievementNotificationsProvider>
      {/* A screen marked data-fills-phone-screen (a chat) is exactly the room between the header and the
          bottom navigation on a phone: the page does not scroll, and main's padding is the bar's height (64 px
          and its 1 px border). */}
      <div className="group/shell flex min-h-dvh flex-col max-md:has-[[data-fills-phone-screen]]:h-dvh">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
          data-testid="skip-link"
        >
          {t('a11y.skipToContent')}
        </a>
        {hasChrome && <AppHeader />}
        <OfflineBanner />
        {hasChrome && <EmailVerificationReminder />}
        {/* Bottom padding keeps the end of every page clear of what floats over it: on phones the bottom
            navigation with the test panels' buttons and the create button above it (their tops 136 px
            up), on larger screens the same in the bottom corners; the home indicator's inset adds to it. */}
        <main
          id="main"
          tabIndex={-1}
          className={
            hasChrome
              ? 'flex-1 pb-[calc(9rem+env(safe-area-inset-bottom))] outline-none md:pb-24 max-md:has-[[data-fills-phone-screen]]:flex max-md:has-[[data-fills-phone-screen]]:min-h-0 max-md:has-[[data-fills-phone-screen]]:flex-col max-md:has-[[data-fills-phone-screen]]:pb-[calc(4rem+1px+env(safe-area-inset-bottom))]'
              : 'flex-1 outline-none'
          }
          data-testid="main"
        >
          <RouteErrorBoundary location={location}>
            <Suspense fallback={<PageLoading />}>
              {children}
              <PageTitle />
              <ScreenCommitted />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        {hasChrome && (
          <>
            <BottomNav />
            <DevPanels />
            <AchievementNotices />
          </>
        )}
      </div>
    </AchievementNotificationsProvider>
  );
}
