import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import englishLanding from '@/locales/en/landing.json';
import { App } from './app';
import { AppProviders } from './providers';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Wait for the visitor's language so the first paint is already translated.
void initI18n({ landing: englishLanding }).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
