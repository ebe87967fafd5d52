/**
 * Registers the service worker that keeps the app on the phone (ui/build/pwa.ts), so a carer can open it without
 * signal. Production builds only: the development server has no built files to keep, and an old worker there
 * would serve stale code. The module that does the work is loaded after the first screen, so the worker costs the
 * first visit nothing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}
