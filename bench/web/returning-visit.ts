/**
 * npm run bench:returning [-- --rounds N --no-write]
 *
 * What the pages a device keeps (apps/web/src/lib/query-persistence.ts, decision 029) save a returning learner:
 * each signed-in page of issue 17 opened again with its kept pages and, alternately, with them removed, on the
 * same built app, server and browser, under Chromium's own throttling at Lighthouse's mobile settings (150 ms
 * round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower). The HTTP cache is warm in both (a returning visitor),
 * so the difference is the page's data. Reports the median largest contentful paint of each and their ratio,
 * and writes the `web-returning` section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { median } from '../lib/median.ts';
import { stopProcess } from '../lib/stop-process.ts';
import { writeBenchSection } from '../lib/write-section.ts';
import {
  AUDITED_PAGES,
  CHROMIUM,
  CHROMIUM_FLAGS,
  serverUrl,
  signInOnPage,
  startServer,
  throttleAsLighthouseMobile,
} from './lighthouse.ts';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
const rounds = Number(args.rounds);
const pages = AUDITED_PAGES.filter((page) => page.isSignedIn).map((page) => page.path);
/** lib/token-storage.ts storageKeys.pages */
const KEPT_PAGES_KEY = '__pages';

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

const workDir = mkdtempSync(join(tmpdir(), 'web-returning-'));
const server = await startServer(join(workDir, 'data'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const times = new Map<string, { kept: number[]; none: number[] }>(pages.map((path) => [path, { kept: [], none: [] }]));
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signInOnPage(page, serverUrl);
  const cdp = await context.newCDPSession(page);
  await throttleAsLighthouseMobile(cdp);
  for (let round = 0; round < rounds; round += 1) {
    for (const path of pages) {
      for (const kept of [true, false]) {
        // A visit that leaves the page kept (saving is throttled to a write a second), then the return.
        await page.goto(`${serverUrl}${path}`);
        await page.waitForTimeout(2_500);
        if (!kept) await page.evaluate((key) => localStorage.removeItem(key), KEPT_PAGES_KEY);
        await page.goto('about:blank');
        await page.goto(`${serverUrl}${path}`);
        times.get(path)![kept ? 'kept' : 'none'].push(await largestPaint(page));
      }
    }
  }
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}

const rows = [...times].map(([path, { kept, none }]) => {
  const [withKept, without] = [median(kept), median(none)];
  return `| ${path} | ${Math.round(without)} | ${Math.round(withKept)} | ${(withKept / without).toFixed(2)} |`;
});
const markdown = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:returning\`: ${cpus()[0]?.model.trim()}, ` +
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; Chromium throttled as ` +
    `Lighthouse's mobile (150 ms, 1.6 Mbps, CPU 4×), HTTP cache warm; median of ${rounds} returns per page and case, ` +
    'the two cases alternating.',
  '',
  '| page | LCP ms, nothing kept | LCP ms, pages kept | ratio |',
  '| --- | ---: | ---: | ---: |',
  ...rows,
].join('\n');
console.log(markdown);
if (!args['no-write']) await writeBenchSection('web-returning', markdown);
