import { createHash } from 'node:crypto';
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bootstrapSassOptions } from './vite-plugins/bootstrap-sass.ts';
import { noServerTexts } from './vite-plugins/no-server-texts.ts';
import { pagesWithoutZod } from './vite-plugins/pages-without-zod.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { prerender } from './vite-plugins/prerender.ts';
import { warmIntl } from './vite-plugins/warm-intl.ts';

/** The dev API (apps/api); `npm run dev` starts it on port 3000. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
/** Paths the API serves; the dev server forwards them, the offline worker never answers them. */
const serverPaths = ['/live-connect', '/healthz', '/dev', '/sandbox', '/media', '/docs'];

/**
 * The signed-in shell (header, side menu, offline banner) and the components only signed-in pages use (modal, pager,
 * responsive table), with the react-bootstrap parts they bring (Navbar, Offcanvas, Nav, Modal): their own chunk,
 * which the signed-in pages' root imports, so /login and /register, a new learner's first pages, do without them
 * (decision 018: 9.8 KB gzip less there, 1.4 KB more on each signed-in page).
 */
const isShellModule = (id: string) =>
  /apps[\\/]web[\\/]src[\\/]components[\\/](layout[\\/](app-shell|app-header|side-menu|offline-banner|signed-in-as|me-redirect)|ui[\\/](modal|pager|responsive-table))\./.test(
    id,
  );

/**
 * The app's own core: what the entry runs (router, API client, i18n with its English texts), the sign-in pages'
 * layout and the shared components. The shell stays out (above), and so do PasswordChecklist (its rules bring Zod,
 * decision 018), the offline worker's registration, loaded 30 s after the page, and the header's menus
 * (react-bootstrap's Dropdown with Popper), loaded once the page is idle (components/ui/deferred-dropdown.tsx).
 */
const appModules =
  /apps[\\/]web[\\/]src[\\/](components|lib|config)[\\/]|apps[\\/]web[\\/]src[\\/]app[\\/](index|provider|router|routes[\\/]root)\.tsx|node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/;
const isAppModule = (id: string) =>
  appModules.test(id) &&
  !/password-checklist|new-password-fields|pwa-register|deferred-dropdown-menu/.test(id) &&
  !isShellModule(id);

/**
 * A hash of the API's shapes (packages/contracts): the pages a learner's device keeps (src/lib/query-persistence.ts)
 * are dropped when a build with other shapes arrives.
 */
function apiShapesHash(): string {
  const contracts = fileURLToPath(new URL('../../packages/contracts/src', import.meta.url));
  const hash = createHash('sha256');
  const files = globSync('**/*.ts', { cwd: contracts }).filter((file) => !file.endsWith('.test.ts'));
  for (const file of files.sort()) hash.update(file).update(readFileSync(`${contracts}/${file}`));
  return hash.digest('hex').slice(0, 16);
}

const uiModules =
  /node_modules[\\/](react-bootstrap|@restart|dom-helpers|react-transition-group|classnames|prop-types|uncontrollable|warning|invariant|@babel[\\/]runtime|@popperjs|@react-aria)[\\/]/;

export default defineConfig({
  define: { 'import.meta.env.VITE_API_SHAPES': JSON.stringify(apiShapesHash()) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    VitePWA({
      // Registered from code (src/lib/service-worker.ts) 30 s after the app is stable, never in development.
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'images/*.svg'],
      manifest: {
        name: 'Live Connect',
        short_name: 'Live Connect',
        description: 'Learn, take quizzes and grow your referral network.',
        theme_color: '#3b2fc9',
        background_color: '#f4f6fb',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The PDF reader (pdf.js and its worker: 1.9 MB, 0.45 MB compressed) is not precached: every learner's first visit
        // would fetch it on a patchy phone connection, read a PDF or not. It is cached when first used
        // (the rule below), and when a learner saves a PDF for offline (features/learning/offline).
        // Offline, every page opens from index.html (navigateFallback): the per-page HTML (vite-plugins/prerender.ts) is for the network.
        globIgnores: ['**/pdf-reader-*.js', '**/pdf.worker-*.js', 'pages/**'],
        runtimeCaching: [
          {
            // Hashed names never change content: the cache answers first. Old versions age out.
            urlPattern: /\/assets\/pdf(?:-reader|\.worker)-[\w-]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'pdf-reader', expiration: { maxEntries: 4 } },
          },
          {
            // Devanagari and Malayalam web fonts: fetched only by a page with those letters on a device without
            // them (unicode-range), then kept, so Hindi and Malayalam read offline too.
            urlPattern: /\/assets\/noto-sans-[\w-]+\.woff2$/,
            handler: 'CacheFirst',
            options: { cacheName: 'fonts', expiration: { maxEntries: 12 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [...serverPaths.map((p) => new RegExp(`^${p}(/|$)`)), /\.[a-z0-9]+$/i],
      },
      devOptions: { enabled: false },
    }),
    warmIntl(),
    pagesWithoutZod(),
    noServerTexts(),
    precompress(),
    prerender(),
  ],
  css: { preprocessorOptions: bootstrapSassOptions },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
  preview: { port: 4173 },
  // The manifest (dist/.vite, never served: the server skips dot folders) is the chunk graph bench/web reads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // src/boot.ts: the pre-rendered pages' script, which loads the app (main.tsx) after their first paint;
      // src/warm-intl.ts: every page's first script (vite-plugins/warm-intl.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
        'warm-intl': fileURLToPath(new URL('./src/warm-intl.ts', import.meta.url)),
      },
      output: {
        // Entries-aware groups are named after every page that shares them; the files keep the group's name only.
        chunkFileNames: ({ name }) => `assets/${name.split('~')[0]}-[hash].js`,
        // pdf.js's worker as .js, not .mjs: the build then writes its .br and .gz (1.2 MB → ~0.3 MB) like any script.
        assetFileNames: ({ names }) =>
          names[0]?.startsWith('pdf.worker') ? 'assets/pdf.worker-[hash].js' : 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // What every page runs, in one chunk that stays cached while the app's own code changes.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 4,
            },
            // The app's core with what it imports (the sign-in pages' react-bootstrap parts, the English texts): one
            // file instead of a dozen small chunks, each a request of its own over HTTP/1.1 (issue 17).
            { name: 'app', test: isAppModule, priority: 3 },
            // The signed-in shell, after the core has taken what the sign-in pages share with it.
            { name: 'shell', test: isShellModule, priority: 2.5 },
            // react-bootstrap and its helpers, grouped by the pages that use them and groups under 8 KB merged,
            // instead of a chunk per component: over HTTP/1.1 each chunk costs a request. (Grouping the app's own
            // modules the same way was tried and made /login heavier: merged groups brought Zod along.)
            { name: 'ui', test: uiModules, entriesAware: true, entriesAwareMergeThreshold: 8_000, priority: 2 },
          ],
        },
      },
    },
  },
});
