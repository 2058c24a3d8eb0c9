import { defineJob } from '../../../jobs/registry.ts';
import { followUpErasures } from './follow-up-erasure.ts';

/**
 * Every 5 minutes on the workers: the erasure steps that a failure or a crash left undone after their transaction
 * (followUpErasure), tried again until each has succeeded. A run that leaves any undone fails, so the operator sees
 * it in the console's job list; the next run comes in 5 minutes whatever happened.
 */
export const erasureFollowUpJob = defineJob(
  'erasure-follow-up',
  async (ctx, _data, run) => {
    const unfinished = await followUpErasures(ctx, { log: run.log });
    if (unfinished > 0)
      throw new Error(`${unfinished} erasure follow-up(s) could not finish; tried again in 5 minutes`);
  },
  { policy: 'stately', cron: '*/5 * * * *', retryLimit: 0, expireInSeconds: 15 * 60 },
);
