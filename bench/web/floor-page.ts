/**
 * The web framework's floor for Lighthouse, as bench/api's floor rows are for the API: a page built from
 * `floor/` with the stack docs/ARCHITECTURE.md prescribes (React 19, React Router with a lazy route, TanStack Query,
 * the app's Bootstrap build) that renders a heading after one call to the server. It is built with Vite and the
 * app's own precompression, and put beside the web build (`<dist>/bench-floor/`) so the same server and Caddy serve
 * it as they serve the app's pages. No page of the app can score above what this page scores in the same run.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { bootstrapSassOptions } from '../../apps/web/vite-plugins/bootstrap-sass.ts';
import { precompress } from '../../apps/web/vite-plugins/precompress.ts';

/** Where the floor page is served; lighthouse.ts audits it before the app's pages. */
export const FLOOR_PATH = '/bench-floor/index.html';
const FLOOR_FOLDER = 'bench-floor';

/** Builds the floor page into `<dist>/bench-floor`; resolves with what removes it again. */
export async function buildFloorPage(dist: string): Promise<() => void> {
  const outDir = join(dist, FLOOR_FOLDER);
  await build({
    root: fileURLToPath(new URL('./floor', import.meta.url)),
    base: `/${FLOOR_FOLDER}/`,
    configFile: false,
    // Warnings only repeat the app build's own (React Query's "use client" directives).
    logLevel: 'error',
    plugins: [precompress()],
    css: { preprocessorOptions: bootstrapSassOptions },
    build: { outDir, emptyOutDir: true },
  });
  return () => rmSync(outDir, { recursive: true, force: true });
}
