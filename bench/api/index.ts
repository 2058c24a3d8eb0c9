/**
 * npm run bench:api [-- --duration S --warmup S --rounds N --connections N --login-connections N --only key,key
 *                      --profile --log-level LEVEL --no-write --keep --server URL --database NAME]
 *
 * Seeds a fresh PostgreSQL database, starts a bare node:http ceiling and the production API in
 * their own processes, loads each with autocannon and writes the `api` section of
 * docs/benchmarks.md. --profile runs the API under node --cpu-prof and prints where its CPU
 * time went (top self time by package and function); a profiled or partial run (--only) is not
 * written to the docs, since its figures are not comparable.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadEnv } from '../../apps/api/src/env.ts';
import { describeMachine } from '../lib/machine.ts';
import { writeBenchSection } from '../lib/write-section.ts';
import { CpuMeter } from './cpu.ts';
import { analyzeDatabase, dropDatabase, recreateDatabase } from './database.ts';
import { combineRounds, measure, type Measurement } from './load.ts';
import { renderSummary, summarizeProfile } from './profile-summary.ts';
import { ceilingRpsOf, isTargetMet, renderReport } from './report.ts';
import { seedScenarioData, type SeededData } from './seed.ts';
import { API_PREFIX, isMeasuredAsRatio, scenarios, type Scenario } from './scenarios.ts';
import { startApi, startCeiling, startFrameworkFloor, type RunningServer } from './servers.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    // The floors and the ratio targets, each measured right after the ceiling this many times (the ratio's median).
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    // argon2 runs on libuv's 4 threads: more connections only lengthen the queue, not the rate.
    'login-connections': { type: 'string', default: '10' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'bench_api' },
    // 4100 is the ceiling, 4101 the API, 4102 the framework's floor (this bench's assigned range is 4100-4199).
    port: { type: 'string', default: '4100' },
  },
});

const log = (message: string) => console.log(`[bench:api] ${message}`);

/** Migrates and seeds through the app itself, in this process, before any server starts. */
async function seed(databaseUrl: string, dataDir: string): Promise<SeededData> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const app = await buildApp({ env, logger: false, worker: false });
  try {
    return await seedScenarioData(app);
  } finally {
    await app.close();
  }
}

async function runScenarios(
  servers: { ceiling: RunningServer; floor: RunningServer; api: RunningServer },
  data: SeededData,
  databaseUrl: string,
): Promise<{ measurements: Measurement[]; rounds: number }> {
  const meters = {
    ceiling: new CpuMeter(servers.ceiling.pid),
    floor: new CpuMeter(servers.floor.pid),
    api: new CpuMeter(servers.api.pid, databaseUrl),
  };
  const only = args.only?.split(',').map((key) => key.trim());
  const chosen = scenarios(data, {
    getConnections: Number(args.connections),
    loginConnections: Number(args['login-connections']),
  }).filter((s) => !only || only.includes(s.key));
  const settings = { durationSeconds: Number(args.duration), warmupSeconds: Number(args.warmup) };
  const run = async (scenario: Scenario): Promise<Measurement | null> => {
    log(`${scenario.name}: ${args.warmup} s warm-up, ${args.duration} s at ${scenario.connections} connections…`);
    const m = await measure(servers[scenario.server].url, scenario, settings, meters[scenario.server]);
    if (!m) {
      log('  skipped: the endpoint sends no ETag to revalidate');
      return null;
    }
    log(
      `  ${Math.round(m.requestsPerSecond)} req/s, p50 ${m.p50} ms, p97.5 ${m.p975} ms, p99 ${m.p99} ms (${m.total} requests, all ${m.scenario.revalidate ? '304' : '2xx'}); ` +
        `CPU per request: server ${m.serverCpuMs.toFixed(3)} ms, PostgreSQL ${m.postgresCpuMs.toFixed(3)} ms`,
    );
    return m;
  };
  // A profile is cut to the API's last runs (printProfiles), so a profiled run measures each scenario once.
  const ceilingScenario = chosen.find((s) => s.key === 'ceiling');
  const rounds = !args.profile && ceilingScenario ? Number(args.rounds) : 1;
  const paired = rounds > 1 ? chosen.filter(isMeasuredAsRatio) : [];
  const inRounds = new Map<string, Measurement>();
  if (ceilingScenario && paired.length > 0) {
    const runs = new Map<string, { rounds: Measurement[]; ratios: number[] }>();
    const keep = (m: Measurement, ratio: number) => {
      const entry = runs.get(m.scenario.key) ?? { rounds: [], ratios: [] };
      entry.rounds.push(m);
      entry.ratios.push(ratio);
      runs.set(m.scenario.key, entry);
    };
    for (let round = 1; round <= rounds; round++) {
      log(`round ${round} of ${rounds}: each scenario right after a run of the ceiling`);
      for (const scenario of paired) {
        const ceiling = (await run(ceilingScenario))!;
        keep(ceiling, 1);
        const m = await run(scenario);
        if (m) keep(m, m.requestsPerSecond / ceiling.requestsPerSecond);
      }
    }
    for (const [key, entry] of runs) inRounds.set(key, combineRounds(entry.rounds, entry.ratios));
  }
  const measurements: Measurement[] = [];
  for (const scenario of chosen) {
    const m = inRounds.get(scenario.key) ?? (paired.includes(scenario) ? null : await run(scenario));
    if (m) measurements.push(m);
  }
  return { measurements, rounds: paired.length > 0 ? rounds : 1 };
}

/** The API's GET /course answer for the learner (its body in a file, its ETag), for the framework's floor to serve. */
async function courseAnswer(
  apiUrl: string,
  data: SeededData,
  workDir: string,
): Promise<{ bodyFile: string; etag: string; cacheControl: string }> {
  const answer = await fetch(`${apiUrl}${API_PREFIX}/course`, {
    headers: { authorization: `Bearer ${data.learner.token}` },
  });
  if (!answer.ok) throw new Error(`GET /course answered ${answer.status}`);
  const bodyFile = join(workDir, 'course.json');
  await writeFile(bodyFile, Buffer.from(await answer.arrayBuffer()));
  const cacheControl = answer.headers.get('cache-control');
  if (!cacheControl) throw new Error('GET /course answered without cache-control');
  return { bodyFile, etag: answer.headers.get('etag') ?? '"floor"', cacheControl };
}

/**
 * The main thread's profile (thread 0), cut to the time under
 * load: the last warm-up + duration seconds of each scenario run, so the start is left out.
 */
async function printProfiles(profileDir: string, scenarioCount: number): Promise<void> {
  const lastMs = scenarioCount * (Number(args.warmup) + Number(args.duration)) * 1000;
  for (const file of readdirSync(profileDir).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))) {
    const summary = renderSummary(
      `API server profile (${args.only ?? 'all scenarios'})`,
      await summarizeProfile(join(profileDir, file), { lastMs }),
    );
    const out = join(profileDir, file.replace(/\.cpuprofile$/, '.md'));
    await writeFile(out, `${summary}\n`);
    console.log(
      `\n${summary}\n\n[bench:api] profile: ${join(profileDir, file)} (open in Chrome DevTools), summary: ${out}`,
    );
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAverage = loadavg()[0] ?? 0;
  const workDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const profileDir = args.profile ? join(workDir, 'profiles') : undefined;
  const port = Number(args.port);

  log(`fresh database ${args.database}: migrating and seeding…`);
  const databaseUrl = await recreateDatabase(args.server, args.database);
  const seeded = await seed(databaseUrl, join(workDir, 'seed-data'));
  await analyzeDatabase(databaseUrl);
  log(`seeded: ${JSON.stringify(seeded.counts)}`);

  const ceiling = await startCeiling(port, join(workDir, 'ceiling.log'));
  let api: RunningServer | undefined;
  let floor: RunningServer | undefined;
  let measurements: Measurement[];
  let rounds: number;
  try {
    api = await startApi({
      port: port + 1,
      databaseUrl,
      dataDir: join(workDir, 'api-data'),
      logFile: join(workDir, 'api.log'),
      cpuProfileDir: profileDir,
      logLevel: args['log-level'],
    });
    log(
      `ceiling on ${ceiling.url}, API on ${api.url} (NODE_ENV=production, LOG_LEVEL=${args['log-level']}; logs in ${workDir})`,
    );
    floor = await startFrameworkFloor(
      port + 2,
      join(workDir, 'floor.log'),
      await courseAnswer(api.url, seeded, workDir),
    );
    ({ measurements, rounds } = await runScenarios({ ceiling, floor, api }, seeded, databaseUrl));
  } finally {
    await floor?.stop();
    await api?.stop();
    await ceiling.stop();
  }
  if (profileDir) await printProfiles(profileDir, measurements.filter((m) => m.scenario.server === 'api').length);

  const machine = await describeMachine(databaseUrl);
  const markdown = renderReport({
    command: ['npm run bench:api', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    date: started,
    machine,
    loadAverage,
    durationSeconds: Number(args.duration),
    warmupSeconds: Number(args.warmup),
    logLevel: args['log-level'],
    seeded,
    measurements,
    rounds,
    profileNotes: await readFile(new URL('./profile-notes.md', import.meta.url), 'utf8'),
  });
  console.log(`\n${markdown}\n`);

  const isPartial = Boolean(args.only) || args.profile;
  if (!args['no-write'] && !isPartial) {
    await writeBenchSection('api', markdown);
    log('written to docs/benchmarks.md (section bench:api)');
  } else {
    log('not written to docs/benchmarks.md (--no-write, --only or --profile)');
  }
  const ceilingRps = ceilingRpsOf(measurements);
  const missed = measurements.filter((m) => !isTargetMet(m, ceilingRps, machine.cores)).map((m) => m.scenario.name);
  if (missed.length) log(`targets not met: ${missed.join(', ')}`);

  if (!args.keep) await dropDatabase(args.server, args.database);
  // Profiles stay for DevTools; everything else in the scratch folder goes.
  if (!profileDir) rmSync(workDir, { recursive: true, force: true });
}

await main();
