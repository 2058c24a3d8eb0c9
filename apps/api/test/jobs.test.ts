import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database } from '@app/db';
import { buildApp, type App } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import { createQueue, type JobQueue } from '../src/jobs/queue.ts';
import { defineJob } from '../src/jobs/registry.ts';
import { reconcileJob } from '../src/services/payments/index.ts';
import {
  createTestApp,
  createTestDatabase,
  openPgliteTemplateCopy,
  postgresUrlOf,
  TestClient,
  waitFor,
  type TestApp,
} from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { signUp } from './accounts-helpers.ts';

const POLL = { pollingIntervalSeconds: 0.5 };

function codeIn(raw: string): string | undefined {
  return /code to verify your email address is: (\d{6})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
}

/** The value of one sample in Prometheus text, or 0 when absent. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

const testEnv = (extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'lc-jobs-')), ...extra });

describe('mail through the queue', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuseFirst: 1 });
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, worker: POLL });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers the OTP request at once and delivers the code after the SMTP server refused it once', async () => {
    const { token, email } = await signUp(t.client);
    const started = Date.now();
    const res = await t.client.as(token).get('/send-email-otp');
    expect(res.statusCode).toBe(200);
    // The request only queued the mail: it never waited for SMTP (nor for the retry below).
    expect(Date.now() - started).toBeLessThan(1_500);

    // First attempt refused (451), retried after about 5 to 10 s by the queue's backoff.
    await waitFor(() => smtp.received.length > 0, 25_000, 100);
    expect(smtp.refusals()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([email]);
    const code = codeIn(smtp.received[0]!.raw);
    expect(code).toMatch(/^\d{6}$/);
    expect((await t.client.as(token).post('/verify-email-otp', { email, otp: code })).statusCode).toBe(200);

    // The SMTP server holds the message before the worker has its answer and counts the mail as sent.
    let metrics = '';
    await waitFor(async () => {
      metrics = (await t.app.inject({ url: '/metrics' })).body;
      return sample(metrics, 'live_connect_mail_sent_total') > 0;
    });
    expect(sample(metrics, 'live_connect_mail_sent_total')).toBe(1);
    expect(sample(metrics, 'live_connect_mail_failed_total')).toBe(0);
    expect(sample(metrics, 'live_connect_job_failures_total{queue="mail",final="false"}')).toBe(1);
    expect(sample(metrics, 'live_connect_job_queue_depth{queue="mail",state="created"}')).toBe(0);
  }, 40_000);

  it('keeps the mail body, and so the code, out of the queue table', async () => {
    const { token } = await signUp(t.client);
    expect((await t.client.as(token).get('/send-email-otp')).statusCode).toBe(200);
    await waitFor(() => smtp.received.length === 2, 15_000, 100);
    const code = codeIn(smtp.received[1]!.raw)!;
    const stored = await t.app.ctx.database.db.execute<{ data: string }>(
      sql`select data::text as data from pgboss.job where name = 'mail' union all select data::text from pgboss.archive where name = 'mail'`,
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) expect(row.data).not.toContain(code);
  }, 30_000);
});

describe('GET /admin/jobs', () => {
  let t: TestApp;
  let failingWorker: JobQueue;
  beforeAll(async () => {
    t = await createTestApp();
    // A worker whose transcode handler always throws, with one retry.
    failingWorker = createQueue(t.app.ctx.database, {
      definitions: [
        defineJob(
          'transcode',
          async () => {
            throw new Error('ffmpeg exited with code 1');
          },
          { retryLimit: 1 },
        ),
      ],
      worker: { ...POLL, schedules: false },
    });
    await failingWorker.startWorker(t.app.ctx);
  });
  afterAll(async () => {
    await failingWorker?.stop();
    await t?.close();
  });

  it('lists counts per queue and a job that kept failing, with its error and attempts', async () => {
    const admin = await createLearner(t.app, { roles: ['admin'] });
    const learner = await createLearner(t.app);
    // Sent through the failing worker's queue, so the job carries its settings (one retry, no delay).
    const id = await failingWorker.enqueue('transcode', { subjectId: 42, force: true });
    expect(id).toBeTruthy();

    const client = new TestClient(t.app);
    let body: any;
    await waitFor(
      async () => {
        body = (await client.as(admin.token).get('/admin/jobs')).body;
        return body.data.failed.length > 0;
      },
      15_000,
      200,
    );
    expect(body.status).toBe(true);
    const transcode = body.data.queues.find((q: { name: string }) => q.name === 'transcode');
    expect(transcode).toEqual({ name: 'transcode', created: 0, active: 0, retry: 0, failed: 1 });
    expect(body.data.queues.map((q: { name: string }) => q.name)).toEqual([
      'balance-snapshot',
      'dispute-check',
      'erasure-follow-up',
      'mail',
      'reconcile',
      'transcode',
    ]);
    const [failed] = body.data.failed;
    expect(failed).toMatchObject({
      id,
      name: 'transcode',
      data: { subjectId: 42 },
      error: 'ffmpeg exited with code 1',
      attempts: 2,
    });
    expect(Number.isNaN(Date.parse(failed.failed_at))).toBe(false);

    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(metrics, 'live_connect_jobs_failed{queue="transcode"}')).toBe(1);

    // Operators only.
    expect((await client.as(learner.token).get('/admin/jobs')).statusCode).toBe(403);
    expect((await client.get('/admin/jobs')).statusCode).toBe(401);
  }, 30_000);
});

describe('the reconcile schedule', () => {
  const onPostgres = process.env.TEST_DB === 'postgres';
  let t: TestApp;
  const workers: JobQueue[] = [];
  const extraDatabases: Database[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    for (const database of extraDatabases) await database.close();
    await t?.close();
  });

  it('runs once at a time across two workers on the same database', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    // The real reconcile run, wrapped to count how many run at the same moment.
    const counting = defineJob(
      'reconcile',
      async (ctx, data, run) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await reconcileJob.handler(ctx, data, run);
          runs++;
        } finally {
          running--;
        }
      },
      reconcileJob.options,
    );

    for (let i = 0; i < 2; i++) {
      // On PostgreSQL each worker has its own pool, as two processes would.
      let database = t.app.ctx.database;
      if (onPostgres) {
        database = await createDatabase({ url: postgresUrlOf(t.app.ctx.database) });
        extraDatabases.push(database);
      }
      const worker = createQueue(database, { definitions: [counting], worker: { ...POLL, schedules: false } });
      workers.push(worker);
      await worker.startWorker(t.app.ctx);
    }
    // Both workers' schedulers enqueue on every tick, as the cron would from every instance.
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      await Promise.all(workers.map((w) => w.enqueue('reconcile', {})));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitFor(() => running === 0, 5_000);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(mostAtOnce).toBe(1);
  }, 30_000);
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('a worker stopping while its fetch is on the wire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs and completes the job that fetch brings back before stop returns, so its pool can then be closed', async () => {
    const url = postgresUrlOf(t.app.ctx.database);
    // The worker on its own pool, as another process would have, so closing it leaves the app's alone.
    const database = await createDatabase({ url });
    let ran = 0;
    const worker = createQueue(database, {
      definitions: [
        defineJob('transcode', async () => {
          // Long enough that the job's completion is written well after the test closes the pool.
          await new Promise((resolve) => setTimeout(resolve, 300));
          ran++;
        }),
      ],
      worker: { ...POLL, schedules: false },
    });
    const id = await worker.enqueue('transcode', { subjectId: 7, force: false });

    // Holding the job table makes the worker's first fetch wait on the wire.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pgboss.job IN EXCLUSIVE MODE');
      await worker.startWorker(t.app.ctx);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stopping = worker.stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await locker.query('COMMIT');
      await stopping;
    } finally {
      await locker.end();
    }
    await database.close();

    expect(ran).toBe(1);
    const state = await t.app.ctx.database.db.execute<{ state: string }>(
      sql`select state from pgboss.job where id = ${id} union all select state from pgboss.archive where id = ${id}`,
    );
    expect(state.rows.map((row) => row.state)).toEqual(['completed']);
  }, 20_000);
});

describe('a job still running while its worker stops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still queues what it sends (a reconcile run relaying the mail outbox at a deploy), and completes', async () => {
    let stopBegun!: () => void;
    const stopping = new Promise<void>((resolve) => (stopBegun = resolve));
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    let sent: string | null = null;
    const worker: JobQueue = createQueue(t.app.ctx.database, {
      definitions: [
        defineJob(
          'transcode',
          async (_ctx, data) => {
            if (data.subjectId !== 1) return;
            handlerStarted();
            await stopping;
            sent = await worker.enqueue('transcode', { subjectId: 2 });
          },
          { retryLimit: 0 },
        ),
      ],
      worker: { ...POLL, schedules: false },
    });
    const first = await worker.enqueue('transcode', { subjectId: 1 });
    await worker.startWorker(t.app.ctx);
    await started;
    const stopped = worker.stop();
    stopBegun();
    await stopped;

    expect(sent).not.toBeNull();
    const states = await t.app.ctx.database.db.execute<{ id: string; state: string }>(
      sql`select id::text, state from pgboss.job where id in (${first}, ${sent})
          union all select id::text, state from pgboss.archive where id in (${first}, ${sent})`,
    );
    expect(Object.fromEntries(states.rows.map((row) => [row.id, row.state]))).toEqual({
      [first!]: 'completed',
      [sent!]: 'created',
    });
    expect(worker.stats.failed.get('transcode') ?? 0).toBe(0);
  }, 20_000);
});

describe('jobs survive a restart', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('runs a mail queued by an app that closed before working it, once an app with a worker starts', async () => {
    const onPostgres = process.env.TEST_DB === 'postgres';
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-jobs-db-'));
    // PGlite: a database on disk (first a copy of the migrated template), closed and opened again; PostgreSQL: a
    // fresh pool on the same database.
    const test = onPostgres ? await createTestDatabase() : null;
    const open = async (first: boolean): Promise<Database> => {
      if (test) return createDatabase({ url: postgresUrlOf(test.database) });
      return first ? openPgliteTemplateCopy(dataDir) : createDatabase({ dataDir });
    };
    const env = testEnv({ SMTP_URL: smtp.url });

    let database = await open(true);
    let app: App = await buildApp({ env, database, logger: false, worker: false });
    const { token, email } = await signUp(new TestClient(app));
    expect((await new TestClient(app).as(token).get('/send-email-otp')).statusCode).toBe(200);
    await app.close();
    await database.close();
    expect(smtp.received).toHaveLength(0);

    database = await open(false);
    app = await buildApp({ env, database, logger: false, worker: POLL });
    try {
      await waitFor(() => smtp.received.length > 0, 15_000, 100);
      expect(smtp.received[0]!.to).toEqual([email]);
    } finally {
      await app.close();
      await database.close();
      await test?.drop();
    }
  }, 40_000);
});

describe('WORKER', () => {
  it('is refused as false on the embedded database, where no other process could run the jobs', () => {
    expect(() => loadEnv({ WORKER: 'false' })).toThrow(/WORKER=false needs DATABASE_URL/);
    expect(loadEnv({ WORKER: 'false', DATABASE_URL: 'postgres://db.invalid/app' }).WORKER).toBe(false);
    expect(loadEnv({}).WORKER).toBe(true);
  });
});
