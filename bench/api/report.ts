import { machineLine, type Machine } from '../lib/machine.ts';
import { median } from '../lib/median.ts';
import type { Measurement } from './load.ts';
import type { SeededData } from './seed.ts';

export interface ApiReport {
  command: string;
  date: Date;
  machine: Machine;
  loadAverage: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** How many times each floor and ratio target was measured, each right after the ceiling (1: once, no pairing). */
  rounds: number;
  logLevel: string;
  seeded: SeededData;
  measurements: Measurement[];
  /** bench/api/profile-notes.md: what profiling found and what was fixed, kept by hand. */
  profileNotes: string;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const cpu = (n: number) => n.toFixed(3);

/** Requests one core could serve if the server and PostgreSQL had it to themselves: 1000 / CPU ms per request. */
function cpuBoundPerCore(m: Measurement): string {
  const ms = m.serverCpuMs + (m.scenario.server === 'api' ? m.postgresCpuMs : 0);
  return ms > 0 ? whole(1000 / ms) : '';
}

const percent = (ratio: number) => `${(100 * ratio).toFixed(1)}%`;

/** Each row's ratio to the ceiling, by scenario key: a ratio target reads its floor's here. */
type RatiosByKey = ReadonlyMap<string, number>;

/** The median of its rounds' ratios when measured in rounds, else its req/s over the ceiling's. */
function ratioOf(m: Measurement, ceilingRps: number): number {
  return m.roundRatios ? median(m.roundRatios) : m.requestsPerSecond / ceilingRps;
}

function ratiosByKey(measurements: readonly Measurement[], ceilingRps: number): RatiosByKey {
  return new Map(measurements.map((m) => [m.scenario.key, ratioOf(m, ceilingRps)]));
}

/** The ratio, with the lowest and highest round's in brackets when measured in rounds. */
function ratioCell(m: Measurement, ratio: number): string {
  if (m.scenario.key === 'ceiling') return '100%';
  if (!m.roundRatios || m.roundRatios.length < 2) return percent(ratio);
  const [low, high] = [Math.min(...m.roundRatios), Math.max(...m.roundRatios)];
  return `${percent(ratio)} (${(100 * low).toFixed(1)}–${percent(high)})`;
}

function targetCells(
  m: Measurement,
  ceilingRps: number,
  cores: number,
  ratios: RatiosByKey,
): { vsCeiling: string; target: string; verdict: string } {
  const ratio = ratioOf(m, ceilingRps);
  const vsCeiling = ratioCell(m, ratio);
  const target = m.scenario.target;
  const verdict = (met: boolean) => (met ? 'met' : '**not met**');
  switch (target.kind) {
    case 'ratio': {
      const floor = target.floor === undefined ? undefined : ratios.get(target.floor);
      const floorNote = floor === undefined ? '' : ` (its floor, ${target.floor}: ${percent(floor)})`;
      return {
        vsCeiling,
        target: `≥ ${100 * target.min}% of ceiling req/s${floorNote}`,
        verdict: verdict(ratio >= target.min),
      };
    }
    case 'p99':
      return { vsCeiling, target: `p99 ≤ ${target.maxMs} ms`, verdict: verdict(m.p99 <= target.maxMs) };
    case 'perCore': {
      const perCore = m.requestsPerSecond / cores;
      return {
        vsCeiling,
        target: `≥ ${target.min}/s per core: **${perCore.toFixed(1)}/s per core** measured`,
        verdict: verdict(perCore >= target.min),
      };
    }
    case 'none':
      return { vsCeiling, target: '', verdict: '' };
  }
}

export function isTargetMet(m: Measurement, ceilingRps: number, cores: number): boolean {
  return targetCells(m, ceilingRps, cores, new Map()).verdict !== '**not met**';
}

/** The ceiling's req/s (NaN when the run left it out): what every row without rounds is a ratio of. */
export function ceilingRpsOf(measurements: readonly Measurement[]): number {
  return measurements.find((m) => m.scenario.key === 'ceiling')?.requestsPerSecond ?? Number.NaN;
}

export function renderReport(report: ApiReport): string {
  const ceilingRps = ceilingRpsOf(report.measurements);
  const ratios = ratiosByKey(report.measurements, ceilingRps);
  const rows = report.measurements.map((m) => {
    const cells = targetCells(m, ceilingRps, report.machine.cores, ratios);
    return (
      `| ${m.scenario.name} | ${m.scenario.connections} | ${whole(m.requestsPerSecond)} | ${ms(m.p50)} | ${ms(m.p975)} | ${ms(m.p99)} | ${cells.vsCeiling} ` +
      `| ${cpu(m.serverCpuMs)} | ${m.scenario.server === 'api' ? cpu(m.postgresCpuMs) : ''} | ${cpuBoundPerCore(m)} | ${m.bodyBytes} | ${cells.target} | ${cells.verdict} |`
    );
  });
  const total = report.measurements.reduce((sum, m) => sum + m.total, 0);
  const { counts } = report.seeded;
  return [
    `Measured ${report.date.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${report.command}\` on ${machineLine(report.machine)}. ` +
      `1-minute load average when it started: ${report.loadAverage.toFixed(2)}.`,
    '',
    `The API runs as the container starts it (\`node apps/api/src/server.ts\`, \`NODE_ENV=production\`, PostgreSQL, ` +
      `\`LOG_LEVEL=${report.logLevel}\` so nothing is logged per request, \`TRUST_PROXY=1\` as behind the deployed proxy). ` +
      "The ceiling is a bare `node:http` server answering a fixed JSON body; the floor is the API's own Fastify with one route and no hook, " +
      "answering that body, then the bytes of the API's GET /course: what the framework costs before the API adds anything; " +
      'then each again with the headers every API JSON answer must carry (the security set, a request id; decision 028), set in the route. ' +
      'A ratio target names the floor its endpoint cannot beat, with that floor measured in the same run. ' +
      'Each runs in its own process; autocannon 8 runs in another, ' +
      `on the same cores. Each scenario: ${report.warmupSeconds} s warm-up, then ${report.durationSeconds} s measured. ` +
      (report.rounds > 1
        ? `The floors and the endpoints with a ratio target were measured ${report.rounds} times each, in rounds, each time right ` +
          'after a run of the ceiling, and each ratio taken against that run: their figures are the medians of the runs, with the ' +
          "lowest and highest ratio in brackets; the ceiling's are the medians of all its runs. On a virtual machine whose speed " +
          'changes from one ten seconds to the next, a ratio taken against a ceiling measured minutes earlier can be off by half. '
        : '') +
      `Every answer was checked: ${whole(total)} requests, all 2xx, or 304 where revalidated (a pre-check also reads one body and its \`status\` field). ` +
      'CPU per request is the CPU time of the server process (all threads) and of its PostgreSQL backends during the measured run, ' +
      'from /proc, divided by the requests: unlike req/s it hardly moves with the load of other processes on the machine. ' +
      '"CPU-bound req/s per core" is 1000 divided by their sum: what one core would serve if the server and PostgreSQL had it to themselves.',
    '',
    '| scenario | connections | req/s | p50 ms | p97.5 ms | p99 ms | vs ceiling | server CPU ms/req | PostgreSQL CPU ms/req | CPU-bound req/s per core | body bytes | target | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows,
    '',
    `**Data.** One verified learner (the bearer of the GET scenarios) in a school batch: ${counts.catalogueCourses} published catalogue courses ` +
      `and ${counts.schoolCourses} school subjects (GET /course lists both), 3 courses bought through the payment confirmation code, ` +
      `${counts.subUsers} referred sub-users of whom ${counts.activeSubUsers} bought a course (commissions, activations and level rewards ` +
      `posted by the real services: the learner is part-way through level 4), ${counts.ledgerEntries} ledger entries in all (GET /transactions reads the first page: 50 entries). ` +
      'The seeded database is then VACUUM ANALYZEd, as autovacuum would do in production, so the planner has its statistics. ' +
      `POST /login signs in to ${report.seeded.loginEmails.length} accounts in turn with argon2id at the production parameters ` +
      '(19 MiB, 2 passes, 1 lane), each attempt from its own client address in 198.18.0.0/15 sent as X-Forwarded-For, ' +
      'so the per-address login limit (300 per 15 minutes) applies per client as in production and nothing is relaxed.',
    '',
    report.profileNotes.trim(),
  ].join('\n');
}
