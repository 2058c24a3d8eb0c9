import type { Database, Db } from '@app/db';
import type { Env } from './env.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { RateLimits } from './lib/rate-limits.ts';
import type { Storage } from './lib/storage.ts';
import type { PaymentProvider } from './services/payments/provider.ts';
import type { JobQueue } from './jobs/queue.ts';

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
  /** The current time; tests move it to check expiry rules. */
  now: () => Date;
}
