// vite-plugin-pwa's virtual module on its own, loaded only when the worker is registered: the
// tests (which run without the plugin) can then load service-worker.ts and what imports it.
export { registerSW } from 'virtual:pwa-register';
