import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { PagePlan } from '../src/app/prerender';
import { criticalCss } from './critical-css.ts';
import { compressBeside } from './precompress.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The page of each path, relative to the build's folder, a route's pattern ('/courses/:id') standing for every path
 * it matches; the server answers a path with its page, else index.html.
 */
export const PAGES_FILE = 'pages.json';

/** vite-plugin-pwa's virtual module, which only the client build has: the offline worker never registers at build time. */
function pwaRegisterStub(): Plugin {
  const id = 'virtual:pwa-register';
  return {
    name: 'live-connect:pwa-register-stub',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (source) => (source === `\0${id}` ? 'export function registerSW() { return async () => {}; }' : undefined),
  };
}

/** src/app/prerender.tsx bundled for Node, then asked for its page plans. */
async function planPages(config: ResolvedConfig): Promise<PagePlan[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'live-connect-prerender-'));
  try {
    const output = (await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      resolve: { alias: config.resolve.alias },
      plugins: [react(), pwaRegisterStub()],
      ssr: { noExternal: true },
      build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false, minify: false },
    })) as Rolldown.RolldownOutput;
    const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
    if (!entry) throw new Error('The pre-render build has no entry chunk.');
    const module = (await import(
      pathToFileURL(join(outDir, entry.fileName)).href
    )) as typeof import('../src/app/prerender');
    return await module.planPages();
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The chunks a page's modules load before they run: the modules' own and their static imports, transitively. */
function chunksOf(manifest: Manifest, pages: string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}.`);
    if (seen.has(key)) return;
    seen.set(key, chunk);
    chunk.imports?.forEach(visit);
  };
  pages.forEach((page) => visit(`src/app/routes/${page}.tsx`));
  return [...seen.values()];
}

/** The files a page needs beyond index.html's own: its route chunks (for modulepreload) and their stylesheets. */
function pageAssets(template: string, manifest: Manifest, plan: PagePlan) {
  const inTemplate = new Set([...template.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((match) => match[1]));
  const chunks = chunksOf(manifest, plan.pages);
  return {
    scripts: chunks.map((chunk) => chunk.file).filter((file) => !inTemplate.has(file)),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !inTemplate.has(file)),
  };
}

const addToHead = (html: string, tags: string[]) =>
  html.replace(/\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`);

/**
 * A page drawn by its JavaScript (the signed-in ones): index.html, the splash, with its route's chunks and
 * stylesheets preloaded, so they download with the framework instead of after it. The scripts do not block
 * that first paint (module scripts never do), so they come after the stylesheet (low priority): Lighthouse's
 * simulation otherwise counts every high-priority script as holding the first paint back.
 */
function shellHtml(template: string, manifest: Manifest, plan: PagePlan): string {
  const { scripts, styles } = pageAssets(template, manifest, plan);
  return lowPriorityScripts(
    addToHead(template, [
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ]),
  );
}

const lowPriorityScripts = (html: string) =>
  html
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');

/**
 * A pre-rendered page: its HTML in #root, its title, and the rules of its stylesheets that can apply to that
 * HTML inside <head>, so the first paint waits for nothing but this file, and for the whole of #root. Its
 * JavaScript only takes the page over (hydration): src/boot.ts fetches it after the first paint, instead of
 * index.html's entry and preloads, and Vite's loader adds the full stylesheets before the app runs.
 */
async function prerenderedHtml(
  template: string,
  manifest: Manifest,
  plan: PagePlan & { html: string },
  outDir: string,
): Promise<string> {
  const { styles } = pageAssets(template, manifest, plan);
  const boot = manifest['src/boot.ts']?.file;
  if (!boot) throw new Error('The manifest has no src/boot.ts.');
  const files = [
    ...[...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]!),
    ...styles,
  ];
  const css = await Promise.all(files.map((file) => readFile(join(outDir, file), 'utf8')));
  let html = template
    .replace(
      /<script type="module" crossorigin src="[^"]+"><\/script>/,
      `<script type="module" crossorigin src="/${boot}"></script>`,
    )
    .replace(/\s*<link rel="(?:modulepreload|stylesheet)" crossorigin href="[^"]+">/g, '');
  // The page is drawn only once the parser has reached the mark after #root (rel=expect, which Chromium releases
  // when the element arrives, not when it ends): a slow phone would otherwise draw it half-parsed, and the centred
  // card would move as the rest came in.
  html = html.replace(
    /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
    (_, end: string) => `<div id="root" data-prerendered>${plan.html}</div><template id="root-end"></template>${end}`,
  );
  // The rules are chosen against the whole document: #root's own (the column that fills the screen) are needed too.
  html = addToHead(html, [
    ...(plan.headLinks ?? []),
    `<style>${criticalCss(css.join('\n'), html)}</style>`,
    '<link rel="expect" href="#root-end" blocking="render">',
  ]);
  return plan.title ? html.replace(/<title>.*?<\/title>/, `<title>${plan.title}</title>`) : html;
}

/**
 * After the client build, writes an HTML file per page (pages/…, listed in pages.json; one per route with parameters):
 * index.html with the page's route chunks preloaded, so they download with the framework instead of after
 * it, and for the public pages (routes marked `isPrerendered`) the page's English HTML, which the
 * browser paints before any JavaScript runs and main.tsx then hydrates.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'live-connect:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const [template, manifest] = await Promise.all([
        readFile(join(outDir, 'index.html'), 'utf8'),
        readFile(join(outDir, '.vite/manifest.json'), 'utf8').then((text) => JSON.parse(text) as Manifest),
      ]);
      const pages: Record<string, string> = {};
      for (const plan of await planPages(config)) {
        // A pattern's file is named after it with '_' for ':' (pages/courses/_id.html).
        const file = `pages${plan.path.replaceAll(':', '_')}.html`;
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        const html =
          plan.html === undefined
            ? shellHtml(template, manifest, plan)
            : await prerenderedHtml(template, manifest, { ...plan, html: plan.html }, outDir);
        await writeFile(join(outDir, file), html);
        await compressBeside(join(outDir, file));
        pages[plan.path] = file;
      }
      await writeFile(join(outDir, PAGES_FILE), JSON.stringify(pages, null, 1));
    },
  };
}
