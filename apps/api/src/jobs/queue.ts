import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@app/db';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../lib/postgres-error.ts';
import { pgliteBossDb, type BossDb } from './pglite-sql.ts';
import {
  JOB_NAMES,
  summarizeJobData,
  type AnyJobDefinition,
  type JobDataMap,
  type JobLog,
  type JobName,
  type JobRun,
} from './registry.ts';

export interface WorkerSettings {
  /** How often an idle worker asks for a job; default 2 s (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Enqueue the cron jobs (the reconciler) on their schedule; default true. */
  schedules?: boolean;
  /** On stop, how long running jobs get to finish before they are given back to the queue; default 8 s. */
  stopTimeoutMs?: number;
}

export interface QueueSettings {
  /** Every queue's handler and settings (jobs/definitions.ts). */
  definitions: readonly AnyJobDefinition[];
  /** Run the handlers in this process (startWorker); false: this process only enqueues. */
  worker: false | WorkerSettings;
  log?: JobLog | undefined;
}

export interface EnqueueOptions {
  /** Wait this long before the first attempt. */
  startAfterSeconds?: number;
}

export interface QueueCounts {
  name: string;
  created: number;
  active: number;
  retry: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  summary: Record<string, string | number | boolean | null>;
  error: string;
  attempts: number;
  failedAt: Date | null;
}

/** Outcomes of the attempts this process ran, for /metrics (per process: sum across instances). */
export class JobStats {
  readonly completed = new Map<string, number>();
  readonly failedAttempts = new Map<string, number>();
  /** Attempts that were the last allowed: the job is now failed for good. */
  readonly failed = new Map<string, number>();

  record(queue: string, outcome: 'completed' | 'failed-attempt' | 'failed'): void {
    const bump = (map: Map<string, number>) => map.set(queue, (map.get(queue) ?? 0) + 1);
    if (outcome === 'completed') bump(this.completed);
    else {
      bump(this.failedAttempts);
      if (outcome === 'failed') bump(this.failed);
    }
  }
}

export interface JobQueue {
  /** Queues a job (stored in the database until a worker runs it); the id, or null when a stately queue already holds one. */
  enqueue<N extends JobName>(name: N, data: JobDataMap[N], options?: EnqueueOptions): Promise<string | null>;
  /** Runs every queue's handler in this process (only with `worker` settings). */
  startWorker(ctx: AppContext): Promise<void>;
  /** Jobs waiting, running, waiting to retry and failed, per queue. */
  countJobs(): Promise<QueueCounts[]>;
  /**
   * The counts and the `limit` most recent jobs that failed for good (newest first, data summarised, never secrets),
   * read in one snapshot: a job that fails meanwhile is in both or in neither.
   */
  overview(limit: number): Promise<{ queues: QueueCounts[]; failed: FailedJob[] }>;
  readonly stats: JobStats;
  readonly isWorker: boolean;
  /**
   * Stops fetching, waits for running jobs and for a fetch already sent (up to `timeoutMs`, else the worker's
   * stopTimeoutMs), and gives unfinished ones back.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** pg-boss's schema inside our database; its tables are not in Drizzle's migrations. */
const SCHEMA = 'pgboss';

const SILENT: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function bossDbOf(database: Database): BossDb {
  if (database.pglite) return pgliteBossDb(database.pglite);
  const pool = database.pool;
  if (!pool) throw new Error('the job queue needs PostgreSQL or PGlite underneath');
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pool.query(text, values);
      // A multi-statement text (BEGIN; …; COMMIT;) that fails midway leaves its connection in an aborted
      // transaction: roll it back before the connection returns to the pool the app shares.
      const client = await pool.connect();
      try {
        return await client.query(text);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * pg-boss's queries and our handlers still in flight. pg-boss's stop waits only for jobs a worker
 * already holds: a fetch still on the wire can bring a job back after stop returned, and its
 * completion would then meet a closed pool. Stop waits for this to reach none.
 */
class InFlight {
  private count = 0;

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work();
    } finally {
      this.count--;
    }
  }

  /** Resolves once nothing is in flight after the promise chains that were running have moved on, or at the deadline. */
  async settled(deadline: number): Promise<boolean> {
    for (;;) {
      // A fetch that brought a job starts its handler, and a finished handler sends its completion, within the turn.
      await nextTurn();
      if (this.count === 0) return true;
      if (Date.now() >= deadline) return false;
      await sleep(20);
    }
  }
}

function trackedBossDb(db: BossDb, inFlight: InFlight): BossDb {
  return { executeSql: (text, values) => inFlight.track(() => db.executeSql(text, values)) };
}

/** A unique-index refusal of pg-boss's fetch: another worker runs this stately queue's job right now. */
const isStatelyConflict = (error: unknown) => isUniqueViolation(error, /job_i[23]|j[0-9a-f]{56}_i[23]/);

/** Jobs waiting, running, waiting to retry and failed, per queue. */
async function countIn(db: DbOrTx): Promise<QueueCounts[]> {
  const result = await db.execute<{
    name: string;
    created: number;
    active: number;
    retry: number;
    failed: number;
  }>(sql`
    select q.name,
      count(j.id) filter (where j.state = 'created')::int as created,
      count(j.id) filter (where j.state = 'active')::int as active,
      count(j.id) filter (where j.state = 'retry')::int as retry,
      count(j.id) filter (where j.state = 'failed')::int as failed
    from ${sql.identifier(SCHEMA)}.queue q
    left join ${sql.identifier(SCHEMA)}.job j on j.name = q.name
    where q.name not like '\\_\\_pgboss%'
    group by q.name
    order by q.name`);
  return result.rows.map((row) => ({
    name: row.name,
    created: Number(row.created),
    active: Number(row.active),
    retry: Number(row.retry),
    failed: Number(row.failed),
  }));
}

/** The most recent jobs that failed for good, newest first, with their data summarised by their definition. */
async function failedIn(
  db: DbOrTx,
  limit: number,
  definitions: ReadonlyMap<string, AnyJobDefinition>,
): Promise<FailedJob[]> {
  // Failed jobs move to the archive after a week (archiveFailedAfterSeconds) and leave it with pg-boss's deleteAfter.
  const columns = sql`id::text as id, name, data, output->>'message' as error, retry_count, completed_on`;
  const result = await db.execute<{
    id: string;
    name: string;
    data: unknown;
    error: string | null;
    retry_count: number;
    completed_on: Date | string | null;
  }>(sql`
    select * from (
      select ${columns} from ${sql.identifier(SCHEMA)}.job where state = 'failed'
      union all
      select ${columns} from ${sql.identifier(SCHEMA)}.archive where state = 'failed'
    ) failed
    where name not like '\\_\\_pgboss%'
    order by completed_on desc nulls last
    limit ${limit}`);
  return result.rows.map((row) => {
    const definition = definitions.get(row.name);
    const summarize =
      (definition?.options.summarize as ((data: unknown) => FailedJob['summary']) | undefined) ?? summarizeJobData;
    let summary: FailedJob['summary'];
    try {
      summary = summarize(row.data);
    } catch {
      summary = {};
    }
    return {
      id: row.id,
      name: row.name,
      summary,
      error: row.error ?? 'unknown error',
      attempts: Number(row.retry_count) + 1,
      failedAt: row.completed_on === null ? null : new Date(row.completed_on),
    };
  });
}

/**
 * The job queue (pg-boss 10) on the app's own database: PostgreSQL through our pool, or the
 * embedded PGlite through its instance. Started on first use, so a process (or test) that never
 * queues anything never installs pg-boss's schema; a worker starts it at once.
 */
export function createQueue(database: Database, settings: QueueSettings): JobQueue {
  const definitions = new Map(settings.definitions.map((d) => [d.name as string, d]));
  const stats = new JobStats();
  const worker = settings.worker;
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;
  const inFlight = new InFlight();

  function boss(): Promise<PgBoss> {
    // A stopped queue never starts again, but one already started still sends: a handler given the stop's grace
    // (a reconcile run relaying the mail outbox at a deploy) queues its jobs while the pool is open.
    if (stopped && !starting) return Promise.reject(new Error('the job queue is stopped'));
    starting ??= (async () => {
      const instance = new PgBoss({
        db: trackedBossDb(bossDbOf(database), inFlight) as PgBoss.Db,
        schema: SCHEMA,
        // Maintenance (expiring jobs of a crashed worker, archiving) and cron only where jobs run.
        supervise: worker !== false,
        schedule: worker !== false && worker.schedules !== false,
        migrate: true,
        ...(worker && worker.pollingIntervalSeconds ? { pollingIntervalSeconds: worker.pollingIntervalSeconds } : {}),
        // Failed jobs stay listed for the operator for a week.
        archiveFailedAfterSeconds: 7 * 24 * 3600,
      });
      instance.on('error', (error) => {
        if (isStatelyConflict(error)) return;
        settings.log?.error({ err: error }, 'job queue error');
      });
      await instance.start();
      for (const name of JOB_NAMES) {
        const definition = definitions.get(name);
        const exists = Boolean(await instance.getQueue(name));
        // A queue without a handler here (an older build) keeps whatever its definition set.
        if (exists && !definition) continue;
        const options = definition?.options ?? {};
        const queueOptions = {
          ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
          ...(options.retryDelaySeconds === undefined ? {} : { retryDelay: options.retryDelaySeconds }),
          ...(options.retryBackoff === undefined ? {} : { retryBackoff: options.retryBackoff }),
          ...(options.expireInSeconds === undefined ? {} : { expireInSeconds: options.expireInSeconds }),
        };
        // updateQueue resets an unnamed policy to 'standard': always name it.
        const policy = options.policy ?? 'standard';
        if (exists) await instance.updateQueue(name, { name, policy, ...queueOptions });
        else await instance.createQueue(name, { name, policy, ...queueOptions });
      }
      return instance;
    })();
    // A failed start (database unreachable) is tried again by the next call.
    starting.catch(() => {
      starting = null;
    });
    return starting;
  }

  async function runJob(
    ctx: AppContext,
    definition: AnyJobDefinition,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    const log = settings.log ?? SILENT;
    const run: JobRun = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, log };
    try {
      await (definition.handler as (c: AppContext, d: unknown, r: JobRun) => Promise<void>)(ctx, job.data, run);
      stats.record(definition.name, 'completed');
    } catch (error) {
      const isFinal = job.retryCount >= job.retryLimit;
      stats.record(definition.name, isFinal ? 'failed' : 'failed-attempt');
      log[isFinal ? 'error' : 'warn'](
        { err: error, job: { id: job.id, name: job.name, attempt: job.retryCount + 1, of: job.retryLimit + 1 } },
        isFinal ? 'job failed for good' : 'job attempt failed, will retry',
      );
      throw error;
    }
  }

  return {
    stats,
    isWorker: worker !== false,

    async enqueue(name, data, options = {}) {
      const instance = await boss();
      return instance.send(name, data, options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {});
    },

    async startWorker(ctx) {
      if (worker === false) throw new Error('this process only enqueues (WORKER=false)');
      const instance = await boss();
      for (const definition of definitions.values()) {
        for (let i = 0; i < (definition.options.concurrency ?? 1); i++) {
          await instance.work<unknown>(
            definition.name,
            {
              batchSize: 1,
              includeMetadata: true,
              ...(worker.pollingIntervalSeconds ? { pollingIntervalSeconds: worker.pollingIntervalSeconds } : {}),
            },
            async ([job]) => {
              if (job) await inFlight.track(() => runJob(ctx, definition, job));
            },
          );
        }
        if (definition.options.cron && worker.schedules !== false) {
          await instance.schedule(
            definition.name,
            definition.options.cron,
            {},
            {
              tz: definition.options.cronTimeZone ?? 'UTC',
            },
          );
        }
      }
    },

    async countJobs() {
      await boss();
      return countIn(database.db);
    },

    async overview(limit) {
      await boss();
      return database.db.transaction(
        async (tx) => ({ queues: await countIn(tx), failed: await failedIn(tx, limit, definitions) }),
        {
          isolationLevel: 'repeatable read',
          accessMode: 'read only',
        },
      );
    },

    async stop(options = {}) {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      const instance = await starting.catch(() => null);
      if (!instance) return;
      // graceful: running handlers get `timeoutMs` to finish; what is still running then is failed
      // (and retried by the next worker, since every queue allows retries).
      const timeout = options.timeoutMs ?? (worker ? worker.stopTimeoutMs : undefined) ?? 8_000;
      const deadline = Date.now() + timeout;
      await instance
        .stop({ graceful: true, close: false, wait: true, timeout })
        .catch((error: unknown) => settings.log?.error({ err: error }, 'job queue did not stop cleanly'));
      if (!(await inFlight.settled(deadline))) settings.log?.warn({}, 'job queue stopped with work still in flight');
    },
  };
}
