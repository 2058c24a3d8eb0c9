export interface Timing {
  p50: number;
  p99: number;
  max: number;
  iterations: number;
}

/** The nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Milliseconds per call of `run`, one call at a time (latency, not throughput), after `warmup`
 * calls that fill PostgreSQL's and the OS's caches and let V8 optimise the code path.
 */
export async function measure(
  run: () => Promise<unknown>,
  options: { warmup: number; iterations: number },
): Promise<Timing> {
  for (let i = 0; i < options.warmup; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.at(-1) ?? Number.NaN,
    iterations: samples.length,
  };
}
