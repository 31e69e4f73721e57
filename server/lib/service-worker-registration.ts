import { createHash } from 'node:crypto';

/** The service worker's script (web/service-worker.ts, built by vite.config.ts), at the root: its scope is the app. */
export const SERVICE_WORKER_FILE = 'service-worker.js';

/**
 * Registers the service worker (decision 0037) once the page has loaded, so neither its script nor its
 * precache competes with the page's own loading. Inline in the pages of signed-in people only: what it
 * keeps offline is theirs (the ticket, the screens they saw), and a visitor reading the landing page
 * should not download every screen's code. Inline rather than in the app's scripts, so it adds nothing
 * to the JavaScript budgets of decisions.md §17 and works even where the app's code failed to load.
 */
const SERVICE_WORKER_REGISTRATION = `if ('serviceWorker' in navigator) addEventListener('load', function () { navigator.serviceWorker.register('/${SERVICE_WORKER_FILE}').catch(function () {}); });`;

/** The CSP source that allows it (server/plugins/security.ts). */
export const SERVICE_WORKER_REGISTRATION_SOURCE = `'sha256-${createHash('sha256').update(SERVICE_WORKER_REGISTRATION, 'utf8').digest('base64')}'`;

/** The registration, put at the end of a signed-in page's head. */
export function withServiceWorkerRegistration(html: string): string {
  return html.replace('</head>', () => `<script>${SERVICE_WORKER_REGISTRATION}</script></head>`);
}
