import type { AdminJobsOverview } from '@app/contracts';
import type { AppContext } from '../../context.ts';

export const FAILED_JOBS_SHOWN = 50;

/** The operator's view of the queues: counts per queue and the most recent failures (data summarised, never secrets). */
export async function listJobs(ctx: AppContext): Promise<AdminJobsOverview> {
  const { queues, failed } = await ctx.jobs.overview(FAILED_JOBS_SHOWN);
  return {
    queues,
    failed: failed.map((job) => ({
      id: job.id,
      name: job.name,
      data: job.summary,
      error: job.error,
      attempts: job.attempts,
      failed_at: job.failedAt?.toISOString() ?? null,
    })),
  };
}
