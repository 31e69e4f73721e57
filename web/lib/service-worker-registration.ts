/**
 * Registers the service worker (web/service-worker.ts, decision 0031) once the page has loaded, so its
 * script and its precache download never compete with the page's first paint. Signed-in people only
 * (web/app/main.tsx): what it keeps offline is theirs (the ticket, the screens they saw), and a visitor
 * reading the landing page should not download every screen's code.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/service-worker.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
