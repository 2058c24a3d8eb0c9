import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpRequestMetrics } from './http-request-metrics.ts';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The two metrics as prom-client's own Counter and Histogram expose them, fed the same requests. */
function promClientMetrics() {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.labels(labels).inc();
      duration.labels(labels).observe(seconds);
    },
  };
}

describe('HttpRequestMetrics', () => {
  it('exposes exactly what prom-client exposes for the same requests', async () => {
    const expected = promClientMetrics();
    const registry = new Registry();
    const metrics = new HttpRequestMetrics({ registry, buckets: BUCKETS });
    expect(await registry.metrics()).toBe(await expected.registry.metrics());

    const routes = [
      '/healthz',
      '/live-connect/api/course/:id',
      '(unmatched)',
      '/live-connect/api/label "quoted" \\ back\nslash',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 2_000; i += 1) {
      const method = random() < 0.8 ? 'GET' : 'POST';
      const route = routes[Math.floor(random() * routes.length)]!;
      const status = [200, 200, 200, 304, 401, 404, 422, 500][Math.floor(random() * 8)]!;
      // From 0 to 20 s, with the bucket bounds themselves among the values.
      const seconds = random() < 0.1 ? BUCKETS[Math.floor(random() * BUCKETS.length)]! : random() ** 4 * 20;
      expected.record(method, route, status, seconds);
      metrics.record(method, route, status, seconds);
    }
    expect(await registry.metrics()).toBe(await expected.registry.metrics());
  });
});
