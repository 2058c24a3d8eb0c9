/**
 * npm run bench:tree [-- --users N --iterations N --warmup N --keep --reuse --no-write --server URL --database NAME]
 *
 * Loads a million users in referral chains into a fresh PostgreSQL database, then measures the
 * referral paths (GET /level-status, GET /tree, a purchase's commission and level update) for
 * the user with the largest subtree and the busiest referrers, shows the plans of every query
 * they send, and writes the `tree` section of docs/benchmarks.md. The database is dropped at the
 * end unless --keep.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, type App } from '../../apps/api/src/app.ts';
import { loadEnv } from '../../apps/api/src/env.ts';
import { describeMachine, machineLine } from '../lib/machine.ts';
import { writeBenchSection } from '../lib/write-section.ts';
import { analyseTree, busiestClimbingReferrer, type TreeFacts } from './analyse-tree.ts';
import { databaseUrl, dropDatabase, loadTree, recreateDatabase, type LoadReport } from './load-tree.ts';
import { measure } from './measure.ts';
import { createRecordedDatabase, explainQueries, QueryRecorder } from './record-queries.ts';
import { renderReport, type ExplainedPath, type MeasuredTarget } from './report.ts';
import { checkPurchasePath, countPurchaseStatements, prepareTarget, scenariosFor, type Target } from './scenarios.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'bench_tree' },
  },
});

const log = (message: string) => console.log(`[bench:tree] ${message}`);

/** The shared machine line, with the PostgreSQL settings that decide how much of the tree stays in memory. */
async function machineWithSettings(app: App, url: string): Promise<string> {
  const {
    rows: [settings],
  } = await app.ctx.database.pool!.query<{ shared_buffers: string; work_mem: string }>(
    `select current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem`,
  );
  return `${machineLine(await describeMachine(url))} (shared_buffers ${settings!.shared_buffers}, work_mem ${settings!.work_mem})`;
}

/** The users measured: the largest subtree, the most direct sub-users, the busiest one still climbing the levels. */
async function chooseTargets(app: App, facts: TreeFacts): Promise<Target[]> {
  const pool = app.ctx.database.pool!;
  const climbing = await busiestClimbingReferrer(pool);
  const wanted: Array<{ id: number; label: string }> = [];
  const add = (id: number, label: string) => {
    const same = wanted.find((w) => w.id === id);
    if (same) same.label += ` and ${label}`;
    else wanted.push({ id, label });
  };
  add(facts.largestSubtree.id, 'largest subtree');
  add(facts.mostDirect.id, 'most direct sub-users');
  add(climbing.id, 'most direct sub-users below the top level');
  const targets: Target[] = [];
  for (const w of wanted) targets.push(await prepareTarget(app, `#${w.id} (${w.label})`, w.id));
  return targets;
}

async function measureTarget(
  app: App,
  recorder: QueryRecorder,
  target: Target,
  options: { warmup: number; iterations: number },
): Promise<MeasuredTarget> {
  await checkPurchasePath(app, target);
  target.purchaseStatements = await countPurchaseStatements(app, target, (run) => recorder.record(run));
  const timings = [];
  for (const scenario of scenariosFor(app, target)) {
    log(`${target.label}: ${scenario.name}`);
    timings.push({ name: scenario.name, timing: await measure(scenario.run, options), isFloor: scenario.isFloor });
  }
  return { label: target.label, purchaseStatements: target.purchaseStatements, timings };
}

/**
 * Plans of every route the first target was measured on, and of the climbing target's level
 * card and purchase (where advanceLevel counts the window instead of stopping at a completed ladder).
 */
async function explainPaths(app: App, recorder: QueryRecorder, targets: Target[]): Promise<ExplainedPath[]> {
  const pool = app.ctx.database.pool!;
  const paths: ExplainedPath[] = [];
  for (const [i, target] of targets.entries()) {
    const scenarios = scenariosFor(app, target).filter((s) => !s.name.includes('(service)') && !s.isFloor);
    const chosen =
      i === 0 ? scenarios : scenarios.filter((s) => s.name === 'GET /level-status' || s.name.startsWith('purchase'));
    for (const scenario of chosen) {
      const queries = await recorder.record(scenario.run);
      paths.push({ title: `${scenario.name}, user ${target.label}`, queries: await explainQueries(pool, queries) });
    }
  }
  return paths;
}

/** Measures the loaded database at `url` and renders the section (the app runs in this process, on its own pool). */
async function measureLoaded(url: string, load: LoadReport | null, now: Date): Promise<string> {
  const timingOptions = { warmup: Number(args.warmup), iterations: Number(args.iterations) };
  const recorder = new QueryRecorder();
  const database = await createRecordedDatabase(url, recorder);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-tree-'));
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url }),
    database,
    worker: false,
    logger: false,
  });
  try {
    const facts = await analyseTree(database.pool!);
    log(
      `largest subtree #${facts.largestSubtree.id} (${facts.largestSubtree.descendants}), most direct #${facts.mostDirect.id} (${facts.mostDirect.direct})`,
    );
    const targets = await chooseTargets(app, facts);
    // Other work on the machine stretches every latency: the figure is printed beside them.
    const loadAverage = loadavg()[0] ?? 0;
    const measured: MeasuredTarget[] = [];
    for (const target of targets) measured.push(await measureTarget(app, recorder, target, timingOptions));
    return renderReport({
      command: ['npm run bench:tree', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
      date: now,
      machine: await machineWithSettings(app, url),
      loadAverage,
      load,
      facts,
      ...timingOptions,
      targets: measured,
      plans: await explainPaths(app, recorder, targets),
    });
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const name = args.database;
  const url = databaseUrl(args.server, name);
  const now = new Date();
  try {
    let load: LoadReport | null = null;
    if (!args.reuse) {
      log(`loading ${Number(args.users).toLocaleString('en-US')} users into ${name}`);
      await recreateDatabase(args.server, name);
      load = await loadTree(url, { users: Number(args.users), now });
      log(`loaded in ${load.totalSeconds.toFixed(1)} s`);
    }
    const markdown = await measureLoaded(url, load, now);
    console.log(markdown);
    if (!args['no-write']) await writeBenchSection('tree', markdown);
  } finally {
    // A million users take about a gigabyte: kept only when asked for.
    if (!args.keep) await dropDatabase(args.server, name);
  }
}

await main();
