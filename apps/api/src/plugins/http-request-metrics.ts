import type { Registry } from 'prom-client';

type Labels = { method: string; route: string; status_code: string };

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative: index i counts values in (bound i-1, bound i]. */
  buckets: number[];
}

export interface HttpRequestMetricsOptions {
  registry: Registry;
  /** Upper bounds in seconds, ascending. */
  buckets: readonly number[];
}

const REQUESTS = {
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
};
const DURATION = {
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
};

/**
 * `http_requests_total` and `http_request_duration_seconds`, as prom-client's Counter and Histogram
 * would expose them (same text, same order of series: `http-request-metrics.test.ts` compares),
 * but counted in plain numbers: prom-client hashes the label set and allocates on every observe,
 * a request here costs three Map lookups and a few additions. The exposition is built at scrape time.
 */
export class HttpRequestMetrics {
  private readonly series: Series[] = [];
  /** route → method → status code → series. */
  private readonly index = new Map<string, Map<string, Map<number, Series>>>();
  private readonly bounds: readonly number[];

  constructor(options: HttpRequestMetricsOptions) {
    this.bounds = options.buckets;
    options.registry.registerMetric(this.counterView() as never);
    options.registry.registerMetric(this.histogramView() as never);
  }

  record(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.index.get(route);
    if (!byMethod) this.index.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        count: 0,
        sum: 0,
        buckets: this.bounds.map(() => 0),
      };
      byStatus.set(statusCode, series);
      this.series.push(series);
    }
    series.count += 1;
    series.sum += seconds;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i += 1) {
      if (seconds <= bounds[i]!) {
        series.buckets[i]! += 1;
        break;
      }
    }
  }

  /** What the registry reads for a counter: one value per label set. */
  private counterView() {
    return {
      ...REQUESTS,
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        ...REQUESTS,
        type: 'counter',
        aggregator: 'sum',
        values: this.series.map((s) => ({ value: s.count, labels: s.labels })),
      }),
    };
  }

  /** A histogram's samples per label set: the cumulative buckets, +Inf, then _sum and _count. */
  private histogramView() {
    const bucketName = `${DURATION.name}_bucket`;
    return {
      ...DURATION,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({
        ...DURATION,
        type: 'histogram',
        aggregator: 'sum',
        values: this.series.flatMap((s) => {
          let cumulative = 0;
          return [
            ...this.bounds.map((le, i) => {
              cumulative += s.buckets[i]!;
              return { metricName: bucketName, labels: { le, ...s.labels }, value: cumulative };
            }),
            { metricName: bucketName, labels: { le: '+Inf', ...s.labels }, value: s.count },
            { metricName: `${DURATION.name}_sum`, labels: s.labels, value: s.sum },
            { metricName: `${DURATION.name}_count`, labels: s.labels, value: s.count },
          ];
        }),
      }),
    };
  }
}
