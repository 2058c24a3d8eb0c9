/**
 * npm run bench:web [-- --runs N --mobile-only --direct --reports DIR --no-write --page /login --page /wallet]
 *
 * Issues 7 and 17's web targets: builds the web app (the npm script does, before this runs), measures the
 * initial JavaScript of /login and the audited pages (bundle-size.ts), runs Lighthouse on /login, /register,
 * /dashboard, /courses, /learn and /wallet (or only the `--page`s named, which may also be the learner's other pages:
 * OTHER_LEARNER_PAGES in lighthouse.ts) against the real server in Debian's
 * Chromium (lighthouse.ts), through Caddy as deployed (caddy.ts; `--direct`: straight to the server), and writes
 * the `web` section of docs/benchmarks.md (never for a subset of pages).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { writeBenchSection } from '../lib/write-section.ts';
import { bundleSizeMarkdown, measureAllPages } from './bundle-size.ts';
import { caddyVersion } from './caddy.ts';
import { CHROMIUM, lighthouseMarkdown, runLighthouse, TARGET_SCORE, type FormFactor } from './lighthouse.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'mobile-only': { type: 'boolean', default: false },
    direct: { type: 'boolean', default: false },
    reports: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    page: { type: 'string', multiple: true, default: [] },
  },
});

const log = (message: string) => console.log(`[bench:web] ${message}`);

/** Lighthouse scales the CPU time it observes, so other work on the machine lowers the scores: the load is printed. */
function machineLine(): string {
  const chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  return (
    `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `load average ${loadavg()[0]!.toFixed(1)} at the start; Node ${process.version}; ${chromium}; Lighthouse 12 (npm): ` +
    'mobile is its default (simulated slow 4G, 4× CPU slowdown), desktop its desktop config'
  );
}

const bundles = measureAllPages();
log(`initial JS of /login: ${(bundles[0]!.jsGzipBytes / 1024).toFixed(1)} KB gzip`);
const formFactors: FormFactor[] = args['mobile-only'] ? ['mobile'] : ['mobile', 'desktop'];
const runs = Number(args.runs);
log(`Lighthouse: ${runs} runs per page, ${formFactors.join(' and ')}…`);
const scores = await runLighthouse({
  formFactors,
  runs,
  reportsDir: args.reports,
  pages: args.page,
  direct: args.direct,
});
const transport = args.direct
  ? 'The browser reaches the server directly, over HTTP/1.1 (`--direct`).'
  : `The browser reaches it as a phone reaches the product: through Caddy ${caddyVersion()} running \`deploy/Caddyfile\` (HTTPS with Caddy's local CA, HTTP/2, zstd/gzip; \`bench/web/caddy.ts\`).`;

const markdown = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:web\` (builds the web app first). ${machineLine()}.`,
  '',
  '### Initial JavaScript',
  '',
  "Entry chunk, the chunks it imports statically, and the page's lazy route chunks with theirs, each file gzipped at level 9 (`bench/web/bundle-size.ts`, from the Vite manifest).",
  '',
  bundleSizeMarkdown(bundles),
  '',
  '### Lighthouse',
  '',
  `Target: ≥ ${TARGET_SCORE} in each category; a score below it is bold. The server is \`apps/api/src/server.ts\` with NODE_ENV=development` +
    ' (production refuses to start without SMTP and real secrets), PGlite in a temp DATA_DIR seeded with the demo, serving the production build of the web app.' +
    ` ${transport} Signed-in pages are audited as the demo learner. Median of ${runs} runs per page (\`bench/web/lighthouse.ts\`).` +
    " The first row is the framework's floor (`bench/web/floor-page.ts`): React 19, React Router with a lazy route, TanStack Query and the app's Bootstrap build rendering one heading after one call to the server, served the same way; no page of the app can score above it." +
    " The last column is Lighthouse's own measure of the machine's speed in the median run: its blocking time is the observed main-thread work times 4, so it rises on a slower or busier machine.",
  '',
  lighthouseMarkdown(scores),
].join('\n');

console.log(markdown);
if (args['no-write'] || args.page.length) {
  log('docs/benchmarks.md left as it was (--no-write or --page)');
} else {
  await writeBenchSection('web', markdown);
  log('wrote the web section of docs/benchmarks.md');
}
