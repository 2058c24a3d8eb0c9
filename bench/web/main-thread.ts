/**
 * npm run bench:main-thread [-- --runs N --no-write --page /dashboard --functions N --tasks MS]
 *
 * Where a phone's main thread goes while a page loads, by package: the audited pages of issue 17 loaded cold (no
 * HTTP cache; the session and the pages kept on the device stay, as in bench:web's Lighthouse runs) under Chromium's
 * own throttling at Lighthouse's mobile settings (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower),
 * with V8's sampling profiler on from the navigation until the network has been idle for half a second.
 *
 * The web app is built again beside the usual build with hidden source maps (the same files, byte for byte, plus
 * their .map), so every sampled function is traced back to its source file: a package under node_modules, or the
 * app's own folder. Blocking time is what Lighthouse's TBT adds up, observed rather than simulated: every long task's
 * time past 50 ms. Writes the `web-main-thread` section of docs/benchmarks.md (never for a subset of pages).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { median } from '../lib/median.ts';
import { stopProcess } from '../lib/stop-process.ts';
import { writeBenchSection } from '../lib/write-section.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  pagesToAudit,
  serverUrl,
  signInOnPage,
  startServer,
  throttleAsLighthouseMobile,
} from './lighthouse.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
    // Also print each page's N costliest functions, with their source file and line: where to look next.
    functions: { type: 'string', default: '0' },
    // Also print, for each load, every main-thread task longer than MS (at the 4× slowdown) with the functions it
    // spent its time in (inclusive: a function counts with what it called), from a trace of the same load.
    tasks: { type: 'string', default: '0' },
    page: { type: 'string', multiple: true, default: [] },
  },
});
const runs = Number(args.runs);
const taskMs = Number(args.tasks);
const webRoot = resolve(fileURLToPath(new URL('../../apps/web', import.meta.url)));
const log = (message: string) => console.log(`[bench:main-thread] ${message}`);

/** V8's CPU profile, as the DevTools protocol's Profiler.stop returns it. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  /** Microseconds, on the clock of the trace's events. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A trace event as the DevTools protocol's Tracing domain reports it (only the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/** What the main thread did during one load: milliseconds per package or app folder, and the blocking time. */
interface Load {
  byGroup: Map<string, number>;
  /** Milliseconds per function, named `group: source:line function`. */
  byFunction: Map<string, number>;
  blockingMs: number;
  longTasks: number;
}

/** A source file's group: its npm package, or the app's folder (features/<name>, lib, components, app). */
export function groupOf(source: string): string {
  const parts = source.split(/node_modules[\\/]/);
  if (parts.length > 1) {
    const [scope, name] = parts.at(-1)!.split(/[\\/]/);
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const workspace = /packages[\\/]([^\\/]+)[\\/]src[\\/]([^\\/]+)/.exec(source);
  if (workspace) return `@app/${workspace[1]}: ${workspace[2]!.replace(/\.tsx?$/, '')}`;
  const app = /src[\\/]((features|app[\\/]routes)[\\/][^\\/]+|[^\\/]+)/.exec(source);
  return app ? `app: ${app[1]!.replaceAll('\\', '/').replace(/\.tsx?$/, '')}` : `other: ${source}`;
}

/** Maps a sampled function to its group through the build's source maps (one consumer per file). */
function grouper(dist: string) {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerOf = (file: string) => {
    if (!consumers.has(file)) {
      let consumer: SourceMapConsumer | null = null;
      try {
        consumer = new SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as RawSourceMap);
      } catch {
        // No map (an inline script, the offline worker): grouped by its file below.
      }
      consumers.set(file, consumer);
    }
    return consumers.get(file)!;
  };
  return (frame: CpuProfile['nodes'][number]['callFrame']): { group: string; name: string } => {
    if (!frame.url) {
      const group = frame.functionName.startsWith('(') ? frame.functionName : '(browser)';
      return { group, name: `${group} ${frame.functionName}` };
    }
    const file = new URL(frame.url).pathname.slice(1);
    const position = consumerOf(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!position?.source) return { group: `file: ${file}`, name: `${file} ${frame.functionName}` };
    const source = position.source.replace(/^(\.\.\/)+/, '');
    return { group: groupOf(source), name: `${source}:${position.line} ${position.name ?? frame.functionName}` };
  };
}

/** Self time per group and per function: each sample's time is the delta to the next one. */
function selfTimes(profile: CpuProfile, whereOf: ReturnType<typeof grouper>) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, whereOf(node.callFrame)]));
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const { group, name } = nodes.get(id)!;
    if (group === '(idle)') return;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  return { byGroup, byFunction };
}

/**
 * Every main-thread task of the trace longer than `minMs`, with the functions its samples were in, inclusive, as a
 * share of its samples. The page's main thread is the one whose tasks hold the most samples.
 */
function taskBreakdown(profile: CpuProfile, events: TraceEvent[], whereOf: ReturnType<typeof grouper>, minMs: number) {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = new Map(profile.nodes.map((node) => [node.id, whereOf(node.callFrame).name]));
  let at = profile.startTime;
  const samples = profile.samples.map((id, index) => ({ id, at: (at += profile.timeDeltas[index] ?? 0) }));
  // The samples are in time order: a task's are one slice, found by binary search.
  const firstAtOrAfter = (time: number) => {
    let [low, high] = [0, samples.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (samples[middle]!.at < time) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const inTask = (task: TraceEvent) => samples.slice(firstAtOrAfter(task.ts), firstAtOrAfter(task.ts + task.dur! + 1));
  // A thread's top-level task: its name in the `toplevel` category (Lighthouse's traces call it RunTask).
  const threads = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.name !== 'ThreadControllerImpl::RunTask' || event.ph !== 'X') continue;
    const thread = `${event.pid}:${event.tid}`;
    if (!threads.has(thread)) threads.set(thread, []);
    threads.get(thread)!.push(event);
  }
  const [main] = [...threads.values()]
    .map((threadTasks) => ({ threadTasks, count: threadTasks.reduce((sum, task) => sum + inTask(task).length, 0) }))
    .sort((a, b) => b.count - a.count);
  return (main?.threadTasks ?? [])
    .filter((task) => task.dur! / 1000 > minMs)
    .map((task) => {
      const taskSamples = inTask(task);
      const counts = new Map<string, number>();
      for (const { id } of taskSamples) {
        const seen = new Set<string>();
        for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
          const name = nameOf.get(node)!;
          if (seen.has(name) || name === '(root) (root)') continue;
          seen.add(name);
          counts.set(name, (counts.get(name) ?? 0) + 1);
        }
      }
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
      return {
        ms: task.dur! / 1000,
        lines: top.map(
          ([name, count]) => `${String(Math.round((100 * count) / taskSamples.length)).padStart(3)}% ${name}`,
        ),
      };
    });
}

async function loadOnce(cdp: CDPSession, page: Page, path: string, group: ReturnType<typeof grouper>) {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: serverUrl, storageTypes: 'cache_storage,service_workers' });
  await page.goto('about:blank');
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  if (taskMs > 0) {
    cdp.on('Tracing.dataCollected', collect);
    await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
  }
  await cdp.send('Profiler.start');
  await page.goto(`${serverUrl}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  if (taskMs > 0) {
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    for (const task of taskBreakdown(profile, events, group, taskMs)) {
      log(`  task of ${Math.round(task.ms)} ms:`);
      for (const line of task.lines) log(`    ${line}`);
    }
  }
  const longTasks = await page.evaluate(() => (globalThis as unknown as { __longTasks: number[] }).__longTasks);
  return {
    ...selfTimes(profile, group),
    blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    longTasks: longTasks.length,
  } satisfies Load;
}

const pages = pagesToAudit(args.page);
const workDir = mkdtempSync(join(tmpdir(), 'web-main-thread-'));
const dist = join(workDir, 'dist');
log('building the web app with hidden source maps…');
const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--sourcemap', 'hidden'], {
  cwd: webRoot,
  encoding: 'utf8',
});
if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
const server = await startServer(join(workDir, 'data'), dist);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const results = new Map<string, Load[]>();
try {
  // Lighthouse's mobile screen (a Moto G Power), so the same parts of each page are on screen.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  await context.addInitScript(() => {
    const tasks: number[] = [];
    (globalThis as unknown as { __longTasks: number[] }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true } as unknown as Parameters<PerformanceObserver['observe']>[0]);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const group = grouper(dist);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  let isSignedIn = false;
  for (const { path, isSignedIn: needsSession } of pages) {
    if (needsSession && !isSignedIn) {
      await signInOnPage(page, serverUrl);
      isSignedIn = true;
    }
    // Throttled only while the page loads: signing in between the public and the signed-in pages is not measured.
    const unthrottle = await throttleAsLighthouseMobile(cdp);
    const loads: Load[] = [];
    for (let run = 0; run < runs; run += 1) loads.push(await loadOnce(cdp, page, path, group));
    results.set(path, loads);
    await unthrottle();
    log(`${path}: blocking ${Math.round(median(loads.map((load) => load.blockingMs)))} ms (median of ${runs})`);
    const functions = Number(args.functions);
    if (functions > 0) {
      const sums = new Map<string, number>();
      for (const load of loads) for (const [name, ms] of load.byFunction) sums.set(name, (sums.get(name) ?? 0) + ms);
      const costliest = [...sums].sort((a, b) => b[1] - a[1]).slice(0, functions);
      for (const [name, ms] of costliest) log(`  ${(ms / runs).toFixed(0).padStart(5)} ms  ${name}`);
    }
  }
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}

/** The groups that cost the most across all pages, then the rest summed. */
const TOP = 12;
const medianOf = (loads: Load[], group: string) => median(loads.map((load) => load.byGroup.get(group) ?? 0));
const totals = new Map<string, number>();
for (const loads of results.values())
  for (const load of loads) for (const [group, ms] of load.byGroup) totals.set(group, (totals.get(group) ?? 0) + ms);
const top = [...totals]
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP)
  .map(([group]) => group);
const paths = [...results.keys()];
const cell = (ms: number) => String(Math.round(ms));
const rows = [
  `| blocking time (long tasks past 50 ms) | ${paths.map((path) => cell(median(results.get(path)!.map((load) => load.blockingMs)))).join(' | ')} |`,
  `| long tasks | ${paths.map((path) => String(median(results.get(path)!.map((load) => load.longTasks)))).join(' | ')} |`,
  `| all sampled work | ${paths.map((path) => cell(median(results.get(path)!.map((load) => [...load.byGroup.values()].reduce((a, b) => a + b, 0))))).join(' | ')} |`,
  ...top.map((group) => `| ${group} | ${paths.map((path) => cell(medianOf(results.get(path)!, group))).join(' | ')} |`),
  `| everything else | ${paths
    .map((path) =>
      cell(
        median(
          results
            .get(path)!
            .map((load) =>
              [...load.byGroup].filter(([group]) => !top.includes(group)).reduce((sum, [, ms]) => sum + ms, 0),
            ),
        ),
      ),
    )
    .join(' | ')} |`,
];
const markdown = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:main-thread\`: ${cpus()[0]?.model.trim()}, ` +
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; each page loaded cold ${runs} ` +
    "times under Chromium's throttling at Lighthouse's mobile settings (150 ms, 1.6 Mbps, CPU 4×), the session kept. " +
    'Milliseconds of main-thread time at that slowdown, median of the loads, by source package or app folder ' +
    '(V8 sampling profile, traced back through the source maps); `(program)` is the browser’s own work (parsing, ' +
    'style, layout) as V8 sees it.',
  '',
  `| ms | ${paths.join(' | ')} |`,
  `| --- | ${paths.map(() => '---:').join(' | ')} |`,
  ...rows,
].join('\n');
console.log(markdown);
if (args['no-write'] || args.page.length) log('docs/benchmarks.md left as it was (--no-write or --page)');
else await writeBenchSection('web-main-thread', markdown);
