/**
 * Lighthouse (the npm package) on the learner's pages of the built web app (AUDITED_PAGES), served by
 * the real server, in Debian's Chromium (issues 7 and 17: performance, accessibility and best practices ≥ 95).
 *
 * Needs `npm run build` first (it serves apps/web/dist as it is). The server runs as the journeys
 * run it: `apps/api/src/server.ts` with NODE_ENV=development (production refuses to start without
 * SMTP, real secrets and HTTPS), a fresh PGlite database in a temp DATA_DIR that the server seeds
 * with the demo, LOG_LEVEL=warn, on port 4420. The web app itself is the production build. The browser reaches it
 * as a learner's phone reaches the product: through Caddy running deploy/Caddyfile (HTTPS, HTTP/2; caddy.ts);
 * `--direct` audits the server itself over HTTP/1.1 instead.
 *
 * Signed-in pages: playwright-core, connected to the same Chromium over CDP, signs the demo learner
 * in; Lighthouse then runs with disableStorageReset so the session (localStorage) stays, and before
 * each page the HTTP cache, Cache Storage and service workers are cleared so every page loads cold.
 *
 * Each page is audited several times (3 by default, LIGHTHOUSE_RUNS) and the median run reported, as
 * Lighthouse's own guidance on variability advises; the table also shows the range of performance scores.
 *
 * `node bench/web/lighthouse.ts [--desktop] [--direct] [/login /wallet …]` prints the scores (of the pages
 * named, else all); LIGHTHOUSE_REPORTS=dir also keeps each median report (JSON) and its trace there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Flags, type Result, type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { DEMO_LEARNER } from '../../packages/db/src/seed/content/accounts.ts';
import { stopProcess } from '../lib/stop-process.ts';
import { webDist } from './bundle-size.ts';
import { startCaddy } from './caddy.ts';
import { buildFloorPage, FLOOR_PATH } from './floor-page.ts';
import { waitFor } from './wait-for.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SERVER_PORT = Number(process.env.LIGHTHOUSE_SERVER_PORT ?? 4420);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 4421);
/** Caddy's HTTPS port (and, two above it, its unused HTTP one). */
const PROXY_PORT = Number(process.env.LIGHTHOUSE_PROXY_PORT ?? 4422);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export const TARGET_SCORE = 95;

/**
 * Chromium's own throttling at Lighthouse's mobile settings (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4×
 * slower), for the benchmarks that measure in the browser instead of simulating; resolves with what lifts it.
 */
export async function throttleAsLighthouseMobile(cdp: CDPSession): Promise<() => Promise<void>> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

/** The pages of issue 17, in the order they are audited: the public ones before signing in. */
export const AUDITED_PAGES = [
  { path: '/login', isSignedIn: false },
  { path: '/register', isSignedIn: false },
  { path: '/dashboard', isSignedIn: true },
  { path: '/courses', isSignedIn: true },
  { path: '/learn', isSignedIn: true },
  { path: '/wallet', isSignedIn: true },
] as const;

/**
 * The learner's other pages that the demo data reaches (its learner owns no course, so no chapter or quiz), audited
 * when named with `--page`: the friend's referral link, the pages with parameters (served their route's page since
 * 2026-11-29) and the rest of the menu.
 */
export const OTHER_LEARNER_PAGES = [
  { path: `/register/${DEMO_LEARNER.referralCode}`, isSignedIn: false },
  { path: '/forgot-password', isSignedIn: false },
  { path: '/courses/1', isSignedIn: true },
  { path: '/checkout/1', isSignedIn: true },
  { path: '/checkout/batch', isSignedIn: true },
  { path: '/profile', isSignedIn: true },
  { path: '/purchases', isSignedIn: true },
  { path: '/users', isSignedIn: true },
  { path: '/downloads', isSignedIn: true },
] as const;

type AuditedPage = (typeof AUDITED_PAGES)[number] | (typeof OTHER_LEARNER_PAGES)[number];

/**
 * The pages among `paths` (issue 17's six when none is given), the public ones first; a path that is not one of
 * AUDITED_PAGES or OTHER_LEARNER_PAGES is an error.
 */
export function pagesToAudit(paths: string[]): AuditedPage[] {
  if (!paths.length) return [...AUDITED_PAGES];
  const known: AuditedPage[] = [...AUDITED_PAGES, ...OTHER_LEARNER_PAGES];
  const unknown = paths.filter((path) => !known.some((page) => page.path === path));
  if (unknown.length)
    throw new Error(
      `Not an audited page: ${unknown.join(', ')} (one of ${known.map((page) => page.path).join(', ')}).`,
    );
  return known.filter((page) => paths.includes(page.path)).sort((a, b) => Number(a.isSignedIn) - Number(b.isSignedIn));
}

/** The framework's floor (floor-page.ts), audited first in every run as the reference the app's pages are read against. */
const FLOOR_PAGE = { path: FLOOR_PATH, isSignedIn: false } as const;

export type FormFactor = 'mobile' | 'desktop';

export interface PageScores {
  path: string;
  formFactor: FormFactor;
  /** Category scores 0–100 of the median run. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Lowest and highest performance score over the runs. */
  performanceRange: [number, number];
  /** Weighted audits of those categories scoring under 0.9, with what they measured: what to fix. */
  failing: string[];
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /**
   * Lighthouse's own measure of the machine's speed during the median run (its `benchmarkIndex`): the blocking
   * time it reports is the main thread's observed work scaled by 4, so a slower or busier machine scores lower.
   */
  benchmarkIndex: number;
}

export const serverUrl = `http://127.0.0.1:${SERVER_PORT}`;

/** The server as the journeys start it (e2e/helpers/global-setup.ts, without the test hooks), serving the web build in `dist`. */
export async function startServer(dataDir: string, dist = webDist): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${SERVER_PORT}`,
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
  });
  await waitFor(`http://127.0.0.1:${SERVER_PORT}/readyz`, 'The server', 180_000, server);
  return server;
}

/** `trustAnyCertificate`: Caddy's certificate comes from its own local CA, which this profile does not trust. */
async function launchChromium(profileDir: string, trustAnyCertificate: boolean): Promise<ChildProcess> {
  const browser = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      ...(trustAnyCertificate ? ['--ignore-certificate-errors'] : []),
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`, 'Chromium', 30_000, browser);
  return browser;
}

/** On `page`, the demo learner signs in through the login page and lands on the dashboard. */
export async function signInOnPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_LEARNER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_LEARNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The demo learner signs in through the login page; the session lives in the profile's localStorage. */
async function signInDemoLearner(baseUrl: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context.');
    const page = await context.newPage();
    await signInOnPage(page, baseUrl);
    // Close before the offline worker registers (30 s after load): each audit starts without it.
    await page.close();
  } finally {
    await browser.close();
  }
}

/** A cold load that keeps the session: no HTTP cache, no Cache Storage, no service worker. */
async function clearCachesKeepingSession(baseUrl: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Storage.clearDataForOrigin', {
      origin: baseUrl,
      storageTypes: 'cache_storage,service_workers',
    });
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

function scoresOf(lhr: Result, path: string, formFactor: FormFactor, runs: Result[]): PageScores {
  const category = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const performances = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${id}/${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
  );
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    path,
    formFactor,
    scores: {
      performance: category('performance'),
      accessibility: category('accessibility'),
      'best-practices': category('best-practices'),
    },
    performanceRange: [Math.min(...performances), Math.max(...performances)],
    failing,
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Audits one page once: signed-in pages keep the session but start from empty caches. */
async function auditOnce(
  url: string,
  formFactor: FormFactor,
  isSignedIn: boolean,
  baseUrl: string,
): Promise<RunnerResult> {
  const flags: Flags = {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Storage reset would also sign the learner out; the caches are cleared above instead.
    disableStorageReset: isSignedIn,
  };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  // Now and then Chromium's trace of the load lacks its navigation start (NO_NAVSTART: 'Please run Lighthouse
  // again'); that run measured nothing, so it is run again, up to twice. Any other failure stops the benchmark.
  for (let attempt = 1; ; attempt += 1) {
    if (isSignedIn) await clearCachesKeepingSession(baseUrl);
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    if (result.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === 3) return result;
    console.warn(`[bench:web] ${formFactor} ${url}: no navigation start in the trace (NO_NAVSTART), run again`);
  }
}

/**
 * Runs Lighthouse on every audited page, mobile (Lighthouse's default) and, when asked, desktop: through Caddy as
 * deployed (HTTPS, HTTP/2: caddy.ts), or with `direct` straight to the server over HTTP/1.1.
 */
export async function runLighthouse(
  options: { formFactors?: FormFactor[]; runs?: number; reportsDir?: string; pages?: string[]; direct?: boolean } = {},
): Promise<PageScores[]> {
  const formFactors = options.formFactors ?? ['mobile'];
  const pages = [FLOOR_PAGE, ...pagesToAudit(options.pages ?? [])];
  const runs = options.runs ?? 3;
  const workDir = mkdtempSync(join(tmpdir(), 'web-lighthouse-'));
  let baseUrl = serverUrl;
  let server: ChildProcess | undefined;
  let proxy: ChildProcess | undefined;
  let browser: ChildProcess | undefined;
  // Built before the server starts: it lists the build's files once, at start.
  const removeFloor = await buildFloorPage(webDist);
  try {
    server = await startServer(join(workDir, 'data'));
    if (!options.direct) {
      const caddy = await startCaddy({ port: PROXY_PORT, upstreamPort: SERVER_PORT, workDir: join(workDir, 'caddy') });
      proxy = caddy.process;
      baseUrl = caddy.url;
    }
    browser = await launchChromium(join(workDir, 'profile'), !options.direct);
    const results: PageScores[] = [];
    let isSignedIn = false;
    for (const formFactor of formFactors) {
      for (const page of pages) {
        if (page.isSignedIn && !isSignedIn) {
          await signInDemoLearner(baseUrl);
          isSignedIn = true;
        }
        const audits: RunnerResult[] = [];
        for (let run = 0; run < runs; run += 1)
          audits.push(await auditOnce(`${baseUrl}${page.path}`, formFactor, isSignedIn, baseUrl));
        const lhrs = audits.map((audit) => audit.lhr);
        const unpainted = lhrs.findIndex((lhr) => lhr.audits['first-contentful-paint']?.numericValue === undefined);
        if (unpainted >= 0) {
          const lhr = lhrs[unpainted];
          const dump = join(tmpdir(), `lighthouse-unpainted${page.path.replaceAll('/', '-')}-${formFactor}.json`);
          writeFileSync(dump, JSON.stringify(lhr, null, 1));
          throw new Error(
            `${formFactor} ${page.path}, run ${unpainted + 1}: no first contentful paint ` +
              `(${lhr?.runtimeError?.code ?? 'no runtime error'}; ${lhr?.runWarnings.join(' ') ?? ''}). Report: ${dump}`,
          );
        }
        const medianRun = computeMedianRun(lhrs);
        if (options.reportsDir) {
          mkdirSync(options.reportsDir, { recursive: true });
          const name = `${formFactor}${page.path.replaceAll('/', '-')}`;
          writeFileSync(join(options.reportsDir, `${name}.json`), JSON.stringify(medianRun, null, 1));
          // The median run's trace, for Chromium's performance panel: where the main thread's time went.
          const trace = audits[lhrs.indexOf(medianRun)]?.artifacts.Trace;
          if (trace) writeFileSync(join(options.reportsDir, `${name}.trace.json`), JSON.stringify(trace));
        }
        results.push(scoresOf(medianRun, page.path, formFactor, lhrs));
      }
    }
    return results;
  } finally {
    browser?.kill();
    proxy?.kill();
    if (server) await stopProcess(server);
    rmSync(workDir, { recursive: true, force: true });
    removeFloor();
  }
}

const mark = (score: number) => (score >= TARGET_SCORE ? `${score}` : `**${score}**`);

/** The markdown table of scores; a score under the target is bold. */
export function lighthouseMarkdown(results: PageScores[]): string {
  const rows = results.map(({ path, formFactor, scores, performanceRange, metrics, benchmarkIndex }) =>
    [
      path === FLOOR_PATH ? 'floor: the framework alone (bench/web/floor)' : path,
      formFactor,
      mark(scores.performance),
      `${performanceRange[0]}–${performanceRange[1]}`,
      mark(scores.accessibility),
      mark(scores['best-practices']),
      (metrics.fcpMs / 1000).toFixed(2),
      (metrics.lcpMs / 1000).toFixed(2),
      Math.round(metrics.tbtMs),
      metrics.cls.toFixed(3),
      Math.round(benchmarkIndex),
    ].join(' | '),
  );
  const failing = results
    .filter((result) => result.failing.length)
    .map((result) => `- ${result.path} (${result.formFactor}): ${result.failing.join(', ')}`);
  return [
    '| page | form factor | performance (median run) | performance, all runs | accessibility | best practices | FCP s | LCP s | TBT ms | CLS | machine speed (benchmarkIndex) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((row) => `| ${row} |`),
    ...(failing.length ? ['', 'Audits below 0.9:', '', ...failing] : []),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const formFactors: FormFactor[] = process.argv.includes('--desktop') ? ['mobile', 'desktop'] : ['mobile'];
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const direct = process.argv.includes('--direct');
  const results = await runLighthouse({ formFactors, runs, reportsDir: process.env.LIGHTHOUSE_REPORTS, pages, direct });
  console.log(lighthouseMarkdown(results));
}
