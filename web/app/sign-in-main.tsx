import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import SignInPage from '@/features/auth/sign-in-page';
import { initI18n } from '@/lib/i18n';
import englishAuth from '@/locales/en/auth.json';
import { ThemeProvider } from '@/lib/theme';
import './styles.css';

/** Entry of the stand-alone sign-in page the server serves at /api/login (no router, no query cache). */
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

void initI18n({ auth: englishAuth }).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider>
        <SignInPage />
      </ThemeProvider>
    </StrictMode>,
  );
});
