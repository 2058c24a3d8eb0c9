import type { InvoiceKind } from '@app/contracts';
import type { AppContext } from '../context.ts';

/**
 * The queues and the data each job carries. A job's data is stored as JSON in PostgreSQL until it
 * runs (and kept a while after, for the operator's list of failures): put ids in it, never secrets
 * in clear (the mail job seals its body with APP_SECRET).
 */
export interface JobDataMap {
  /** One mail over SMTP (services/mail/mail-job.ts). */
  mail: {
    to: string;
    subject: string;
    /** The text and HTML parts, encrypted with APP_SECRET. */
    sealed: string;
    /** The OTP this mail carries: withdrawn when the mail is given up, so it holds no next request back. */
    otpId?: number;
    /**
     * The learner the mail is about, written to them or to their guardian: an erasure deletes the mails still waiting
     * by it (decision 066), never by a guardian's address, which another account may share.
     */
    aboutUserId?: number;
    /** Sent at most once per key (sent_mails, claimed before sending): e.g. receipt:<purchase id>. */
    onceKey?: string;
    /**
     * Files rendered when the job runs, by reference (never the bytes): a purchase's GST invoice (the receipt) or
     * its credit note (the refund notice).
     */
    attachments?: { kind: InvoiceKind; purchaseId: number }[];
  };
  /** Reconcile pending purchases and release due held credits (services/payments/reconcile-job.ts). */
  reconcile: { olderThanMinutes?: number; expireAfterHours?: number; batchSize?: number };
  /** A chapter's video into HLS renditions (services/video; the handler is theirs to define). */
  transcode: { subjectId: number; force?: boolean };
  /** The month-end snapshot of "Balances owed" (services/admin/reports/balance-snapshot-job.ts). */
  'balance-snapshot': Record<string, never>;
  /** An erasure's steps after its transaction, left undone (services/admin/people/erasure-follow-up-job.ts). */
  'erasure-follow-up': Record<string, never>;
  /** Every dispute open here asked of the provider (services/payments/dispute-check-job.ts). */
  'dispute-check': Record<string, never>;
}

export type JobName = keyof JobDataMap;
export const JOB_NAMES = [
  'mail',
  'reconcile',
  'transcode',
  'balance-snapshot',
  'erasure-follow-up',
  'dispute-check',
] as const satisfies readonly JobName[];

export interface JobLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** What a handler learns about its run besides the data. */
export interface JobRun {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  log: JobLog;
}

/** A job's work: throw to fail the attempt (it is retried until `retryLimit`, then kept as failed). */
export type JobHandler<N extends JobName> = (ctx: AppContext, data: JobDataMap[N], run: JobRun) => Promise<void>;

export interface JobOptions<N extends JobName = JobName> {
  /** Attempts after the first; default 2. */
  retryLimit?: number;
  /** Seconds before a retry; default 0. */
  retryDelaySeconds?: number;
  /** Doubles the delay at each retry (with jitter). */
  retryBackoff?: boolean;
  /** An attempt still running after this long is failed (and retried): default 15 minutes. */
  expireInSeconds?: number;
  /** 'stately': at most one job waiting and one running, across every worker. Default 'standard'. */
  policy?: 'standard' | 'stately';
  /** A cron expression: the worker enqueues the job on that schedule, read in `cronTimeZone`. */
  cron?: string;
  /** The IANA time zone the cron is read in; default 'UTC'. */
  cronTimeZone?: string;
  /** Jobs of this queue one worker process runs at once; default 1. */
  concurrency?: number;
  /**
   * What the operator sees of a job's data in GET /admin/jobs. Default: its short number, boolean
   * and string fields, except any whose name looks like a secret (see summarizeJobData).
   */
  summarize?: (data: JobDataMap[N]) => Record<string, string | number | boolean | null>;
}

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  handler: JobHandler<N>;
  options: JobOptions<N>;
}

/** Declares a queue's handler and settings; the worker runs it (jobs/definitions.ts lists them). */
export function defineJob<N extends JobName>(
  name: N,
  handler: JobHandler<N>,
  options: JobOptions<N> = {},
): JobDefinition<N> {
  return { name, handler, options };
}

const SECRET_FIELD = /secret|token|password|otp|code|key|sealed|html|text|body|signature|account/i;

/** The default data summary: short scalar fields whose names do not look like secrets or contents. */
export function summarizeJobData(data: unknown): Record<string, string | number | boolean | null> {
  if (!data || typeof data !== 'object') return {};
  const summary: Record<string, string | number | boolean | null> = {};
  for (const [field, value] of Object.entries(data)) {
    if (SECRET_FIELD.test(field)) continue;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) summary[field] = value;
    else if (typeof value === 'string') summary[field] = value.length > 120 ? `${value.slice(0, 117)}...` : value;
  }
  return summary;
}

/** Any one queue's definition (a list holds definitions of different queues). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];
