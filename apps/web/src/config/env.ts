/**
 * The only reader of import.meta.env. Values are fixed at build time.
 * VITE_TOKEN_KEY is the client-side secret the stored token is encrypted with (docs/product/app-shell.md#token-storage);
 * it ships inside the bundle, so it only keeps the token from sitting in plain text in storage.
 */
const DEV_TOKEN_KEY = 'live-connect-development-token-key';

export const env = {
  /** The spec's production flag: off under `vite` (dev server), on in `vite build`. */
  isProduction: import.meta.env.PROD,
  apiUrl: import.meta.env.VITE_API_URL ?? '/live-connect/api',
  /** Any GET on the origin sets the XSRF-TOKEN cookie; this one is the cheapest. */
  xsrfPrimeUrl: '/healthz',
  tokenKey: import.meta.env.VITE_TOKEN_KEY ?? DEV_TOKEN_KEY,
  appName: 'Live Connect',
  /** A hash of the API's shapes (packages/contracts) at build time: pages kept on the device from another build are dropped. */
  apiShapes: import.meta.env.VITE_API_SHAPES ?? 'development',
  /** Offline worker registration delay after the app is stable (docs/product/app-shell.md#offline-worker). */
  serviceWorkerDelayMs: 30_000,
  /** Alerts hide after 4 seconds (docs/product/app-shell.md#alerts). */
  alertDurationMs: 4_000,
} as const;
