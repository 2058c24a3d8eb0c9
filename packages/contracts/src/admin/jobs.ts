import { z } from 'zod';

/** One queue's jobs by state: waiting (created), running (active), waiting to retry, failed for good. */
export const jobQueueCounts = z.object({
  name: z.string(),
  created: z.number().int(),
  active: z.number().int(),
  retry: z.number().int(),
  failed: z.number().int(),
});
export type JobQueueCounts = z.infer<typeof jobQueueCounts>;

/** A job that used up its attempts. `data` is a summary chosen by the queue: never mail bodies, codes or secrets. */
export const failedJob = z.object({
  id: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  error: z.string(),
  attempts: z.number().int(),
  failed_at: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJob>;

/** GET /admin/jobs: counts per queue and the 50 most recent failures, newest first. */
export const adminJobsOverview = z.object({
  queues: z.array(jobQueueCounts),
  failed: z.array(failedJob),
});
export type AdminJobsOverview = z.infer<typeof adminJobsOverview>;
