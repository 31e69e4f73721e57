import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '@contract/page-data';
import { ScreenCommittedContext } from '@/lib/before-hydration';
import { RenderedTimeZoneContext } from '@/lib/display-time-zone';
import { RenderedReminderDismissalContext } from '@/lib/email-reminder-dismissal';
import type { Theme } from '@/lib/theme';
import { App, type AuthState } from './app';
import { AppProviders } from './providers';

export interface AppRootProps {
  initialAuth: AuthState;
  /** Answers the page came with (contract/page-data.ts). */
  initialQueries?: PageData['queries'];
  /** The theme and time zone the HTML was rendered with, when hydrating it or rendering it on the server. */
  initialTheme?: Theme;
  renderedTimeZone?: string;
  /** Who dismissed the e-mail reminder, as the HTML was rendered (null: nobody); undefined otherwise. */
  renderedReminderDismissal?: string | null;
  /** The server's own cache for one request; the browser uses its one app-wide client. */
  queryClient?: QueryClient;
  /** Called once the screen of a server-rendered page is in place (web/lib/before-hydration.ts). */
  onScreenCommitted?: () => void;
}

/**
 * The whole app, rendered the same way by the browser (main.tsx) and by the server for a signed-in
 * page (server-render.tsx): hydration needs the two trees to match element for element.
 */
export function AppRoot({
  initialAuth,
  initialQueries,
  initialTheme,
  renderedTimeZone,
  renderedReminderDismissal,
  queryClient,
  onScreenCommitted,
}: AppRootProps) {
  return (
    <StrictMode>
      <ScreenCommittedContext value={onScreenCommitted ?? null}>
        <RenderedTimeZoneContext value={renderedTimeZone}>
          <RenderedReminderDismissalContext value={renderedReminderDismissal}>
            <AppProviders initialTheme={initialTheme}>
              <App initialAuth={initialAuth} initialQueries={initialQueries} queryClient={queryClient} />
            </AppProviders>
          </RenderedReminderDismissalContext>
        </RenderedTimeZoneContext>
      </ScreenCommittedContext>
    </StrictMode>
  );
}
