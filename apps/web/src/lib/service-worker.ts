import { env } from '@/config/env';

/**
 * The offline worker (spec section 1): never in development, registered 30 s after the app is
 * stable (the page has loaded), so it does not compete with the first screen for bandwidth.
 */
export function registerServiceWorkerWhenStable(): void {
  if (!env.isProduction || !('serviceWorker' in navigator)) return;
  const schedule = () => {
    window.setTimeout(() => {
      void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    }, env.serviceWorkerDelayMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
