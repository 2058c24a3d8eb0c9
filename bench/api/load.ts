import autocannon, { type Options, type Result } from 'autocannon';
import { median } from '../lib/median.ts';
import type { CpuMeter } from './cpu.ts';
import type { Scenario } from './scenarios.ts';

export interface LoadSettings {
  durationSeconds: number;
  warmupSeconds: number;
}

export interface Measurement {
  scenario: Scenario;
  requestsPerSecond: number;
  p50: number;
  p975: number;
  p99: number;
  total: number;
  /** Bytes of one answer's body (from the pre-check). */
  bodyBytes: number;
  /** CPU milliseconds per request: the server process (all its threads), and its PostgreSQL backends. */
  serverCpuMs: number;
  postgresCpuMs: number;
  /**
   * When measured several times, each right after the ceiling: this scenario's ratio to that ceiling run, each time.
   * The other figures are then the runs' medians (`total` their sum).
   */
  roundRatios?: number[];
}

/**
 * One request as the load will send it, before any load: it must be a 2xx whose body has the
 * expected `status` (the spec's `true`), else the figures would describe error pages. For a
 * revalidation, the plain answer's ETag goes into If-None-Match and the answer must be a bare 304.
 * Gives the body's size and the scenario as the load sends it; null when the endpoint has no ETag.
 */
async function precheck(
  baseUrl: string,
  scenario: Scenario,
): Promise<{ bodyBytes: number; scenario: Scenario } | null> {
  const response = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
  });
  const text = await response.text();
  let status: unknown;
  try {
    status = (JSON.parse(text) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  if (!response.ok || status !== scenario.okStatus) {
    throw new Error(`${scenario.name}: the pre-check got ${response.status} ${text.slice(0, 300)}`);
  }
  if (!scenario.revalidate) return { bodyBytes: Buffer.byteLength(text), scenario };
  const etag = response.headers.get('etag');
  if (!etag) return null;
  const revalidating = { ...scenario, headers: { ...scenario.headers, 'if-none-match': etag } };
  const again = await fetch(`${baseUrl}${scenario.path}`, { method: scenario.method, headers: revalidating.headers });
  const body = await again.text();
  if (again.status !== 304 || body !== '') {
    throw new Error(`${scenario.name}: the revalidation got ${again.status} ${body.slice(0, 300)}`);
  }
  return { bodyBytes: 0, scenario: revalidating };
}

/**
 * Anything but the expected answers (2xx, or 304 for a revalidation), a socket error or a timeout
 * makes the run worthless: it fails loudly instead.
 */
function assertAllSucceeded(scenario: Scenario, result: Result): void {
  const answered = Object.values(result.statusCodeStats ?? {}).reduce((sum, { count }) => sum + count, 0);
  const good = scenario.revalidate ? (result.statusCodeStats?.['304']?.count ?? 0) : result['2xx'];
  if (good > 0 && good === answered && result.errors + result.timeouts === 0) return;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  throw new Error(
    `${scenario.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${codes})`,
  );
}

function load(baseUrl: string, scenario: Scenario, durationSeconds: number): Promise<Result> {
  const options: Options = {
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    connections: scenario.connections,
    duration: durationSeconds,
    title: scenario.name,
  };
  if (scenario.body !== undefined) options.body = scenario.body;
  if (scenario.requests) options.requests = scenario.requests;
  return autocannon(options);
}

/**
 * Pre-check, warm-up (JIT, pool connections, PostgreSQL caches), then the measured run with its CPU
 * use; null for a revalidation the endpoint does not offer (no ETag).
 */
export async function measure(
  baseUrl: string,
  planned: Scenario,
  settings: LoadSettings,
  cpu: CpuMeter,
): Promise<Measurement | null> {
  const checked = await precheck(baseUrl, planned);
  if (!checked) return null;
  const { bodyBytes, scenario } = checked;
  if (settings.warmupSeconds > 0) assertAllSucceeded(scenario, await load(baseUrl, scenario, settings.warmupSeconds));
  const before = await cpu.snapshot();
  const result = await load(baseUrl, scenario, settings.durationSeconds);
  const used = await cpu.since(before);
  assertAllSucceeded(scenario, result);
  const total = result.requests.total;
  return {
    scenario,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    total,
    bodyBytes,
    serverCpuMs: used.serverMs / total,
    postgresCpuMs: used.postgresMs / total,
  };
}

/** One scenario's runs as one measurement: their medians, with each run's ratio to the ceiling run before it. */
export function combineRounds(rounds: readonly Measurement[], roundRatios: number[]): Measurement {
  const middle = (figure: (m: Measurement) => number) => median(rounds.map(figure));
  return {
    scenario: rounds[0]!.scenario,
    requestsPerSecond: middle((m) => m.requestsPerSecond),
    p50: middle((m) => m.p50),
    p975: middle((m) => m.p975),
    p99: middle((m) => m.p99),
    total: rounds.reduce((sum, m) => sum + m.total, 0),
    bodyBytes: rounds[0]!.bodyBytes,
    serverCpuMs: middle((m) => m.serverCpuMs),
    postgresCpuMs: middle((m) => m.postgresCpuMs),
    roundRatios,
  };
}
