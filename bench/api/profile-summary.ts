/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and names where the time went: self time per function,
 * and per package (node_modules/<name>, our own workspaces, node internals), without clinic.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  name: string;
  ms: number;
  percent: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of samples when the process was not idle (V8's "(idle)" node excluded). */
  busyMs: number;
  functions: SelfTime[];
  packages: SelfTime[];
}

const NOT_CODE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** node_modules/<pkg>, apps/<x> or packages/<x> of this repo, node: internals, or V8's own buckets. */
function packageOf(frame: ProfileNode['callFrame']): string {
  if (NOT_CODE.has(frame.functionName)) return frame.functionName;
  const url = frame.url;
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  const workspace = /\/(apps\/[^/]+|packages\/[^/]+|bench)\//.exec(url);
  return workspace ? workspace[1]! : url;
}

function shortLocation(frame: ProfileNode['callFrame']): string {
  const file = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(apps|packages)\//, '$1/');
  return file ? `${file}:${frame.lineNumber + 1}` : '';
}

function top(map: Map<string, number>, busyMs: number, count: number): SelfTime[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, percent: (100 * ms) / busyMs }));
}

/**
 * `lastMs` keeps only the samples of the profile's last milliseconds: the load, without the
 * server's start (module loading and compiling would otherwise dominate a short run).
 */
export async function summarizeProfile(
  file: string,
  options: { lastMs?: number; count?: number } = {},
): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = options.lastMs === undefined ? -Infinity : profile.endTime - options.lastMs * 1000;
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  let firstCounted = profile.endTime;
  profile.samples.forEach((id, i) => {
    // timeDeltas[i] is the time before sample i; attributing it to sample i is what DevTools does.
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from) return;
    firstCounted = Math.min(firstCounted, at);
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });

  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busyUs += us;
    const name = `${frame.functionName || '(anonymous)'} ${shortLocation(frame)}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us / 1000);
    const pkg = packageOf(frame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us / 1000);
  }
  const busyMs = busyUs / 1000;
  const count = options.count ?? 20;
  return {
    totalMs: (profile.endTime - firstCounted) / 1000,
    busyMs,
    functions: top(byFunction, busyMs, count),
    packages: top(byPackage, busyMs, count),
  };
}

export function renderSummary(title: string, summary: ProfileSummary): string {
  const rows = (items: SelfTime[]) =>
    items.map((t) => `| ${t.ms.toFixed(0)} | ${t.percent.toFixed(1)}% | ${t.name.replaceAll('|', '\\|')} |`).join('\n');
  return [
    `### ${title}: ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms profiled`,
    '',
    '| self ms | share | package |',
    '| ---: | ---: | --- |',
    rows(summary.packages),
    '',
    '| self ms | share | function |',
    '| ---: | ---: | --- |',
    rows(summary.functions),
  ].join('\n');
}
