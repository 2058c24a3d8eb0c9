/**
 * Initial JavaScript of a page of the built web app (issue 7: /login ≤ 150 KB gzip).
 *
 * "Initial" is everything the browser must fetch and run before the page can render: the entry
 * chunk, every chunk it imports statically (the modulepreload links in index.html), and the page's
 * lazy route chunks with their own static imports. Each file is gzipped at level 9 and counted once.
 * The chunk graph comes from Vite's manifest (apps/web/dist/.vite/manifest.json, `build.manifest`).
 *
 * Needs `npm run build` first. `node bench/web/bundle-size.ts` prints the table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const webDist = resolve(fileURLToPath(new URL('../../apps/web/dist', import.meta.url)));

/** The budget of issue 7 for /login, in bytes of gzip. */
export const LOGIN_BUDGET_BYTES = 150 * 1024;

/**
 * The lazy route modules (apps/web/src/app/router.tsx) each page needs to render: a child route
 * loads its layout route's chunk too.
 */
export const PAGE_ROUTES: Record<string, string[]> = {
  '/login': ['src/app/routes/auth/login.tsx'],
  '/register': ['src/app/routes/auth/register.tsx'],
  '/dashboard': ['src/app/routes/app/root.tsx', 'src/app/routes/app/dashboard.tsx'],
  '/courses': ['src/app/routes/app/root.tsx', 'src/app/routes/app/courses.tsx'],
  '/learn': ['src/app/routes/app/root.tsx', 'src/app/routes/app/learn.tsx'],
  '/wallet': ['src/app/routes/app/root.tsx', 'src/app/routes/app/wallet.tsx'],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageBundle {
  page: string;
  js: FileSize[];
  css: FileSize[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

function readManifest(): Manifest {
  const path = join(webDist, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`No ${path}: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function sizeOf(file: string): FileSize {
  const content = readFileSync(join(webDist, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** The manifest keys a page loads before it renders: the given keys and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`The manifest has no ${key}: is PAGE_ROUTES out of date?`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

export function measurePage(page: string, manifest: Manifest = readManifest()): PageBundle {
  // index.html's entry (the build has another, src/boot.ts, for the pre-rendered pages).
  const entry = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key]?.isEntry);
  const routes = PAGE_ROUTES[page];
  if (!entry || !routes) throw new Error(`Unknown page ${page} or no entry in the manifest.`);
  const chunks = staticClosure(manifest, [entry, ...routes]).map((key) => manifest[key]!);
  const js = chunks.map((chunk) => sizeOf(chunk.file)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(sizeOf);
  const total = (files: FileSize[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { page, js, css, jsGzipBytes: total(js), cssGzipBytes: total(css) };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The markdown table of initial JavaScript (and CSS) per page, /login first with its budget. */
export function bundleSizeMarkdown(pages: PageBundle[]): string {
  const login = pages.find((bundle) => bundle.page === '/login');
  const rows = pages.map(
    (bundle) => `| ${bundle.page} | ${bundle.js.length} | ${kb(bundle.jsGzipBytes)} | ${kb(bundle.cssGzipBytes)} |`,
  );
  const loginFiles = login?.js.map((file) => `| ${file.file} | ${kb(file.bytes)} | ${kb(file.gzipBytes)} |`) ?? [];
  return [
    '| page | JS files | initial JS, KB gzip -9 | CSS, KB gzip -9 |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    login
      ? `Target: /login ≤ ${kb(LOGIN_BUDGET_BYTES)} KB: **${login.jsGzipBytes <= LOGIN_BUDGET_BYTES ? 'met' : 'not met'}** (${kb(login.jsGzipBytes)} KB).`
      : '',
    '',
    '/login, file by file:',
    '',
    '| file | KB raw | KB gzip -9 |',
    '| --- | ---: | ---: |',
    ...loginFiles,
  ].join('\n');
}

export function measureAllPages(): PageBundle[] {
  const manifest = readManifest();
  return Object.keys(PAGE_ROUTES).map((page) => measurePage(page, manifest));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(bundleSizeMarkdown(measureAllPages()));
}
