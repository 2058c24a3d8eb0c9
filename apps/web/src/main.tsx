import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './bootstrap.scss';
// Hindi and Malayalam letters for devices that lack them. The faces with every subset, each with its
// unicode-range: a file is fetched only when a page shows its letters, and the browser knows which face
// covers which script (the script-only files declare no range, so a Malayalam word on an English page
// stopped at the Devanagari face and stayed as empty boxes).
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import '@fontsource/noto-sans-malayalam/400.css';
import '@fontsource/noto-sans-malayalam/700.css';
import './styles.css';
import { App } from './app';
import { createAppRouter, createRoutes, loadRouteModules } from './app/router';
import { queryClient } from './lib/query';
import { keepPages, restoreKeptPages } from './lib/query-persistence';
import { registerServiceWorkerWhenStable } from './lib/service-worker';
import { currentLanguage, initI18n } from './lib/i18n';
import { yieldToMain } from './lib/yield-to-main';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

/** The build drew this page's English HTML into #root (vite-plugins/prerender.ts); React then takes it over as it is. */
const isPrerendered = root.hasAttribute('data-prerendered');

const routes = createRoutes(queryClient);
// The page's modules load (their chunks are preloaded by the page's HTML) while i18n starts. Each step below starts
// in a task of its own: run in the task that evaluated the bundle, matching the routes, starting i18n and restoring
// the kept pages made one task long enough to block a phone (about 100 ms at a mid-range phone's speed).
const pageLoaded = yieldToMain().then(() => loadRouteModules(routes, window.location.pathname));

// English is in the bundle; Hindi or Malayalam (the device's choice) is fetched before the first paint. The pages
// kept on the device are restored before it too, so the page draws what it showed last time while its data loads.
const translated = yieldToMain().then(() => initI18n());
const restored = yieldToMain().then(() => restoreKeptPages(queryClient));
void Promise.all([translated, pageLoaded, restored]).then(() => {
  keepPages(queryClient);
  const app = (
    <StrictMode>
      <App router={createAppRouter(queryClient, routes)} />
    </StrictMode>
  );
  // A transition renders in slices that leave the phone free to answer a tap; another language than the
  // pre-rendered English draws the page anew, in one go, once its texts are here.
  startTransition(() => {
    if (isPrerendered && currentLanguage() === 'en') hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
registerServiceWorkerWhenStable();
