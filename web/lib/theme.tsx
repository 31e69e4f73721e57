import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { THEME_COOKIE } from '@contract/page-data';
import { mirrorToCookie } from '@/lib/page-data';

export type Theme = 'light' | 'dark';

const THEME_STORAGE_KEY = 'theme';

function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * `initialTheme` is the theme the page's HTML was rendered with when the app hydrates the server's
 * rendering (and on the server itself): the first render must match it. Otherwise the stored theme.
 */
export function ThemeProvider({ children, initialTheme }: { children: ReactNode; initialTheme?: Theme }) {
  // The inline script in index.html already applied the stored theme before paint; this only keeps React in step.
  const [theme, setThemeState] = useState<Theme>(() => initialTheme ?? readStoredTheme());
  const hasMounted = useRef(false);

  useEffect(() => {
    // A page rendered with another theme than the stored one (no cookie yet, or changed in another
    // tab): the stored one wins, before anything is written back. As a transition: this runs while
    // React may still be hydrating the screen's Suspense boundaries, and an urgent update reaching one
    // of them makes React throw its server HTML away and render it afresh, detaching the buttons a
    // visitor already tapped (their taps, kept for the replay, were then lost). A transition waits
    // for the hydration instead; the pre-paint script already shows the stored theme meanwhile.
    if (!hasMounted.current) {
      hasMounted.current = true;
      const stored = readStoredTheme();
      if (stored !== theme) {
        startTransition(() => setThemeState(stored));
        return;
      }
    }
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage may be unavailable; the theme still applies for this page view.
    }
    mirrorToCookie(THEME_COOKIE, theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => setThemeState(next), []);
  const toggleTheme = useCallback(() => setThemeState((t) => (t === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
