import { env } from '@/config/env';
import { afterPageLoad } from './after-page-load';

let registration: Promise<void> | null = null;

/** Registers the offline worker once; later calls wait for the same registration. */
function register(): Promise<void> {
  registration ??= import('./pwa-register').then(async ({ registerSW }) => {
    await registerSW({ immediate: true });
  });
  return registration;
}

const isAvailable = () => env.isProduction && 'serviceWorker' in navigator;

/**
 * The offline worker (docs/product/app-shell.md#offline-worker): never in development, registered 30 s after the app is
 * stable (the page has loaded), so it does not compete with the first screen for bandwidth.
 */
export function registerServiceWorkerWhenStable(): void {
  if (!isAvailable()) return;
  afterPageLoad(() => window.setTimeout(() => void register(), env.serviceWorkerDelayMs));
}

/**
 * Registers the worker now, not after the delay: the learner just saved a chapter for offline,
 * and the app shell must open without a connection from now on.
 */
export async function registerServiceWorkerNow(): Promise<void> {
  if (isAvailable()) await register();
}
