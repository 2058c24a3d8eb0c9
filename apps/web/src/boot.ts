/**
 * The script of the pre-rendered pages (vite-plugins/prerender.ts). Their HTML is already the page, drawn
 * without JavaScript: the app (main.tsx) is fetched after that first paint and then takes the page over, so
 * its download never competes with the paint.
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main');
  });
});
