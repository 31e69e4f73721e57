import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@/lib/theme';

/**
 * Providers every page needs, signed in or not. Signed-in-only providers (TanStack Query client,
 * Toaster) live in signed-in-app.tsx so the landing page stays within its JavaScript budget.
 */
export function AppProviders({ children, initialTheme }: { children: ReactNode; initialTheme?: Theme }) {
  return <ThemeProvider initialTheme={initialTheme}>{children}</ThemeProvider>;
}
