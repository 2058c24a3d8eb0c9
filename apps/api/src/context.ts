import type { Database, Db } from '@app/db';
import type { Env } from './env.ts';
import type { Mailer } from './services/mail/index.ts';
import type { RateLimits } from './lib/rate-limits.ts';
import type { Storage } from './lib/storage.ts';
import type { PaymentProvider } from './services/payments/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Caches } from './services/database/index.ts';

/** What every service needs, built once by app.ts and passed as `ctx`. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  mailer: Mailer;
  limits: RateLimits;
  storage: Storage;
  /** The payment provider (sandbox by default, or Razorpay). */
  payments: PaymentProvider;
  /** The job queue (pg-boss on this database): `ctx.jobs.enqueue(name, data)`. */
  jobs: JobQueue;
  /** Sessions and GET /course kept in this process, true to the database through its change feed (decision 025). */
  caches: Caches;
  /** The current time; tests move it to check expiry rules. */
  now: () => Date;
}

// Declared once here so every plugin and route reads `fastify.ctx` typed, without casting
// (app.ts decorates the instance with it before any route is registered).
declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
