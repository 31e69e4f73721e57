import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PageData, RenderedWith } from '@contract/page-data';
import { ScreenCommittedContext } from '@/lib/before-hydration';
import { RenderedWithContext } from '@/lib/rendered-with';
import { App, type AuthState } from './app';
import { AppProviders } from './providers';

export interface AppRootProps {
  initialAuth: AuthState;
  /** Answers the page came with (contract/page-data.ts). */
  initialQueries?: PageData['queries'];
  /** What the HTML was rendered with (theme, time zone…), when hydrating it or rendering it on the server. */
  renderedWith?: RenderedWith;
  /** The server's own cache for one request; the browser uses its one app-wide client. */
  queryClient?: QueryClient;
  /** Called once the screen of a server-rendered page is in place (web/lib/before-hydration.ts). */
  onScreenCommitted?: () => void;
}

/**
 * The whole app, rendered the same way by the browser (main.tsx) and by the server for a signed-in
 * page (server-render.tsx): hydration needs the two trees to match element for element.
 */
export function AppRoot({ initialAuth, initialQueries, renderedWith, queryClient, onScreenCommitted }: AppRootProps) {
  return (
    <StrictMode>
      <ScreenCommittedContext value={onScreenCommitted ?? null}>
        <RenderedWithContext value={renderedWith}>
          <AppProviders initialTheme={renderedWith?.theme}>
            <App initialAuth={initialAuth} initialQueries={initialQueries} queryClient={queryClient} />
          </AppProviders>
        </RenderedWithContext>
      </ScreenCommittedContext>
    </StrictMode>
  );
}
