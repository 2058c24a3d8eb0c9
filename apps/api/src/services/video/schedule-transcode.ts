import type { AppContext } from '../../context.ts';

/**
 * Hands a chapter's transcoding to the job queue ('transcode', run by a worker: transcode-job.ts),
 * after its state was reset to pending. The state row makes a later run supersede an earlier one.
 */
export async function scheduleTranscode(
  ctx: AppContext,
  options: { subjectId: number; force?: boolean },
): Promise<void> {
  await ctx.jobs.enqueue('transcode', { subjectId: options.subjectId, ...(options.force ? { force: true } : {}) });
}
