/**
 * npm run bench:returning [-- --rounds N --no-write]
 *
 * What a returning learner's device saves them: each signed-in page of issue 17 opened again in three cases, in
 * turn, on the same built app, server and browser, under Chromium's own throttling at Lighthouse's mobile settings
 * (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower):
 * - nothing kept: neither the kept pages nor the page's noted reads;
 * - early reads: the page's HTML starts its noted reads before the app's code runs (apps/web/src/lib/early-requests.ts,
 *   decision 030), nothing kept;
 * - pages kept: the page draws its kept data at once (apps/web/src/lib/query-persistence.ts, decision 029), with its
 *   early reads, as a learner who came back the same day has both.
 * The HTTP cache is warm in all three (a returning visitor), so the differences are the page's data. Reports the
 * median largest contentful paint of each and their ratios, and writes the `web-returning` section of
 * docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { writeBenchSection } from '../lib/write-section.ts';
import { AUDITED_PAGES, CHROMIUM, CHROMIUM_FLAGS, serverUrl, signInOnPage, startServer } from './lighthouse.ts';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
const rounds = Number(args.rounds);
const pages = AUDITED_PAGES.filter((page) => page.isSignedIn).map((page) => page.path);
/** lib/token-storage.ts storageKeys.pages and storageKeys.earlyRequests */
const KEPT_PAGES_KEY = '__pages';
const EARLY_REQUESTS_KEY = '__early_requests';
const cases = ['none', 'early', 'kept'] as const;
type Case = (typeof cases)[number];

/** The page's largest contentful paint, once it has settled. */
const largestPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        // (The cast: Node's types describe its own PerformanceObserver, without the browser's entry types.)
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true } as unknown as Parameters<
          PerformanceObserver['observe']
        >[0]);
        setTimeout(() => resolve(last), 5_000);
      }),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const workDir = mkdtempSync(join(tmpdir(), 'web-returning-'));
const server = await startServer(join(workDir, 'data'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const times = new Map<string, Record<Case, number[]>>(pages.map((path) => [path, { none: [], early: [], kept: [] }]));
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signInOnPage(page, serverUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let round = 0; round < rounds; round += 1) {
    for (const path of pages) {
      for (const visit of cases) {
        // A visit that leaves the page kept and its reads noted (both saved within 2 s), then the return.
        await page.goto(`${serverUrl}${path}`);
        await page.waitForTimeout(2_500);
        const removed = { none: [KEPT_PAGES_KEY, EARLY_REQUESTS_KEY], early: [KEPT_PAGES_KEY], kept: [] }[visit];
        await page.evaluate((keys) => keys.forEach((key) => localStorage.removeItem(key)), removed);
        await page.goto('about:blank');
        await page.goto(`${serverUrl}${path}`);
        times.get(path)![visit].push(await largestPaint(page));
      }
    }
  }
} finally {
  await browser.close();
  server.kill();
  await new Promise((done) => setTimeout(done, 500));
  rmSync(workDir, { recursive: true, force: true });
}

const rows = [...times].map(([path, cells]) => {
  const [none, early, kept] = cases.map((visit) => median(cells[visit]));
  const ratio = (value: number) => (value / none!).toFixed(2);
  return `| ${path} | ${Math.round(none!)} | ${Math.round(early!)} (${ratio(early!)}) | ${Math.round(kept!)} (${ratio(kept!)}) |`;
});
const markdown = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:returning\`: ${cpus()[0]?.model.trim()}, ` +
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; Chromium throttled as ` +
    `Lighthouse's mobile (150 ms, 1.6 Mbps, CPU 4×), HTTP cache warm; median of ${rounds} returns per page and case, ` +
    'the three cases in turn. In brackets: the ratio to nothing kept.',
  '',
  '| page | LCP ms, nothing kept | LCP ms, early reads | LCP ms, pages kept and early reads |',
  '| --- | ---: | ---: | ---: |',
  ...rows,
].join('\n');
console.log(markdown);
if (!args['no-write']) await writeBenchSection('web-returning', markdown);
