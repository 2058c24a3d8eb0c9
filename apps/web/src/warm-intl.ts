/**
 * The page's first script (index.html), tiny and with no imports, so it runs before the framework has even loaded:
 * a worker builds the app's formats on another core while the app downloads (src/intl-warm-up.worker.ts).
 */
if (typeof Worker !== 'undefined') new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
