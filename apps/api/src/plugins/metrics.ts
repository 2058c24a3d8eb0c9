import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { emailOtps, mailOutbox, purchases, users, videoRenditions } from '@app/db';
import { messages } from '@app/contracts';
import { AppError } from '../lib/app-error.ts';
import { secretsEqual } from '../lib/crypto.ts';
import type { AppContext } from '../context.ts';
import { HttpRequestMetrics } from './http-request-metrics.ts';

/** Seconds; fine at the low end, where the API's targets (p99 ≤ 25 ms) sit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request that matched no route (404s): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Who may read /metrics: with METRICS_TOKEN set, only `Authorization: Bearer <token>`; without it,
 * anyone outside production and nobody in production.
 */
function checkAccess(env: AppContext['env'], authorization: string | undefined): void {
  if (!env.METRICS_TOKEN) {
    if (env.NODE_ENV === 'production')
      throw new AppError('FORBIDDEN', 'Metrics are off: set METRICS_TOKEN to read them in production.');
    return;
  }
  const sent = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!sent || !secretsEqual(sent, env.METRICS_TOKEN)) {
    throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  }
}

/**
 * GET /metrics in the Prometheus text format:
 * - `http_requests_total` and `http_request_duration_seconds` by method, route pattern
 *   (routeOptions.url, never the raw URL, so ids do not explode the label set) and status code;
 *   these are per instance: sum them across instances.
 * - Business figures read from the database at scrape time (payments confirmed, OTPs sent, ledger
 *   totals): the same on every instance, so aggregate them with max(), not sum().
 * - The job queues: depth and failed jobs per queue (database), attempt failures and mails sent or
 *   given up on (this process: its worker and, for the dev outbox, its requests).
 * - Node's default process metrics (CPU, memory, event loop lag, GC).
 */
export const metricsPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new HttpRequestMetrics({ registry, buckets: LATENCY_BUCKETS });
  app.addHook('onResponse', (request, reply, done) => {
    requests.record(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const paymentsConfirmed = new Counter({
    name: 'live_connect_payments_confirmed_total',
    help: 'Purchases ever confirmed paid (paid_at set, refunded ones included); from the database, the same on every instance.',
    registers: [registry],
  });
  const paymentsConfirmedPaise = new Counter({
    name: 'live_connect_payments_confirmed_paise_total',
    help: 'Amount of the purchases ever confirmed paid, in paise; from the database.',
    registers: [registry],
  });
  const otpsSent = new Counter({
    name: 'live_connect_otps_sent_total',
    help: 'Email OTPs issued and handed to the mailer (a code whose mail is given up is withdrawn); from the database.',
    registers: [registry],
  });
  const usersCount = new Gauge({
    name: 'live_connect_users',
    help: 'Registered users; from the database.',
    registers: [registry],
  });
  const walletBalance = new Gauge({
    name: 'live_connect_wallet_balance_paise',
    help: 'Sum of every wallet balance (the ledger total), in paise; from the database.',
    registers: [registry],
  });
  const walletPoints = new Gauge({
    name: 'live_connect_wallet_points',
    help: "Sum of every learner's points; from the database.",
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'live_connect_database_metrics_up',
    help: '1 when the database figures above were read at this scrape, 0 when the query failed (they then keep their last values).',
    registers: [registry],
  });

  const queueDepth = new Gauge({
    name: 'live_connect_job_queue_depth',
    help: 'Jobs per queue and state: created (waiting), retry (waiting to retry), active (running); from the database.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const jobsFailed = new Gauge({
    name: 'live_connect_jobs_failed',
    help: 'Jobs per queue that used up their attempts and are kept as failed (a week, then archived); from the database. GET /live-connect/api/admin/jobs lists them.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'live_connect_job_failures_total',
    help: 'Job attempts that threw, per queue, in this process (final: no attempt left); per instance: sum across instances and workers.',
    labelNames: ['queue', 'final'] as const,
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'live_connect_mail_sent_total',
    help: 'Mails this process handed to SMTP (in its worker) or wrote to the dev outbox; per instance.',
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'live_connect_mail_failed_total',
    help: 'Mails this process gave up on after every retry; per instance.',
    registers: [registry],
  });
  const mailNotQueued = new Counter({
    name: 'live_connect_mail_not_queued_total',
    help: 'Notices (receipts, withdrawals, password and email changes) this process could not queue; logged, the request went on; per instance.',
    registers: [registry],
  });

  const mailOutboxDepth = new Gauge({
    name: 'live_connect_mail_outbox',
    help: 'Notices written with their change and not yet moved onto the mail queue; from the database. Above 0 for long: the queue is down (the reconciler relays them when it is back).',
    registers: [registry],
  });

  const videos = new Gauge({
    name: 'live_connect_videos',
    help: 'Video chapters by transcoding state (pending, running, ready, failed); from the database.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const transcodeSeconds = new Gauge({
    name: 'live_connect_video_transcode_seconds',
    help: 'Seconds the ready videos took to transcode (stat: sum, count, max); from the database. sum/count is the mean.',
    labelNames: ['stat'] as const,
    registers: [registry],
  });

  /** Transcoding, from the state rows: the same figures on every instance. */
  async function readVideoFigures(): Promise<void> {
    try {
      const rows = await ctx.db
        .select({
          status: videoRenditions.status,
          n: sql<number>`count(*)`.mapWith(Number),
          sum: sql<number>`coalesce(sum(extract(epoch from ${videoRenditions.finishedAt} - ${videoRenditions.startedAt})), 0)`.mapWith(
            Number,
          ),
          max: sql<number>`coalesce(max(extract(epoch from ${videoRenditions.finishedAt} - ${videoRenditions.startedAt})), 0)`.mapWith(
            Number,
          ),
        })
        .from(videoRenditions)
        .groupBy(videoRenditions.status);
      videos.reset();
      for (const status of ['pending', 'running', 'ready', 'failed'])
        videos.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      const ready = rows.find((r) => r.status === 'ready');
      transcodeSeconds.set({ stat: 'sum' }, ready?.sum ?? 0);
      transcodeSeconds.set({ stat: 'count' }, ready?.n ?? 0);
      transcodeSeconds.set({ stat: 'max' }, ready?.max ?? 0);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: reading the video states failed');
    }
  }

  /** The queue figures: depths from the database, attempt and mail outcomes from this process. */
  async function readJobFigures(): Promise<void> {
    try {
      queueDepth.reset();
      jobsFailed.reset();
      for (const queue of await ctx.jobs.countJobs()) {
        for (const state of ['created', 'retry', 'active'] as const)
          queueDepth.set({ queue: queue.name, state }, queue[state]);
        jobsFailed.set({ queue: queue.name }, queue.failed);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: reading the job queues failed');
    }
    // Apart from the queue's figures: the outbox fills precisely while the queue cannot be read.
    try {
      const [outbox] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(mailOutbox);
      mailOutboxDepth.set(outbox?.n ?? 0);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: reading the mail outbox failed');
    }
    jobFailures.reset();
    const { failedAttempts, failed } = ctx.jobs.stats;
    for (const [queue, attempts] of failedAttempts) {
      const final = failed.get(queue) ?? 0;
      if (attempts - final) jobFailures.inc({ queue, final: 'false' }, attempts - final);
      if (final) jobFailures.inc({ queue, final: 'true' }, final);
    }
    mailSent.reset();
    mailSent.inc(ctx.mailer.stats.sent);
    mailFailed.reset();
    mailFailed.inc(ctx.mailer.stats.failed);
    mailNotQueued.reset();
    mailNotQueued.inc(ctx.mailer.stats.notQueued);
  }

  /** A few aggregates in one round trip (one scan of users, one of purchases, a count of OTPs). */
  async function readDatabaseFigures(): Promise<void> {
    try {
      const result = await ctx.db.execute<Record<string, unknown>>(sql`
        select
          (select count(*) from ${purchases} where ${purchases.paidAt} is not null) as payments_confirmed,
          (select coalesce(sum(${purchases.amountPaise}), 0) from ${purchases} where ${purchases.paidAt} is not null) as payments_confirmed_paise,
          (select count(*) from ${emailOtps}) as otps_sent,
          u.users, u.balance_paise, u.points
        from (
          select count(*) as users, coalesce(sum(${users.balancePaise}), 0) as balance_paise, coalesce(sum(${users.points}), 0) as points
          from ${users}
        ) as u`);
      const row = result.rows[0] ?? {};
      const value = (name: string) => Number(row[name] ?? 0);
      for (const [counter, name] of [
        [paymentsConfirmed, 'payments_confirmed'],
        [paymentsConfirmedPaise, 'payments_confirmed_paise'],
        [otpsSent, 'otps_sent'],
      ] as const) {
        counter.reset();
        counter.inc(value(name));
      }
      usersCount.set(value('users'));
      walletBalance.set(value('balance_paise'));
      walletPoints.set(value('points'));
      databaseUp.set(1);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: reading the database figures failed');
      databaseUp.set(0);
    }
  }

  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    checkAccess(ctx.env, request.headers.authorization);
    await readDatabaseFigures();
    await readJobFigures();
    await readVideoFigures();
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
});
