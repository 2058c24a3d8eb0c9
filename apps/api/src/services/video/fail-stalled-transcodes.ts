import { and, eq, lt } from 'drizzle-orm';
import { videoRenditions } from '@app/db';
import type { AppContext } from '../../context.ts';
import { TRANSCODE_ATTEMPT_SECONDS } from './transcode-job.ts';

export const STALLED_TRANSCODE_ERROR = `Transcoding stopped without finishing: its worker stopped or lost the run, and it reported nothing for over ${TRANSCODE_ATTEMPT_SECONDS / 3600} hours.`;

/**
 * The startup sweep's rule for a run that can no longer be alive: a 'running' row that no run has
 * written for longer than one attempt may last (TRANSCODE_ATTEMPT_SECONDS; pg-boss fails an attempt
 * running longer, and every claim and progress report writes the row) ends 'failed', so the console
 * offers 'Transcode again'. Such rows are left by a worker killed during the last attempt, or by a
 * last attempt whose own 'failed' write did not reach the database. Returns the chapters it ended.
 */
export async function failStalledTranscodes(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .update(videoRenditions)
    .set({ status: 'failed', error: STALLED_TRANSCODE_ERROR, finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(videoRenditions.status, 'running'),
        lt(videoRenditions.updatedAt, new Date(now.getTime() - TRANSCODE_ATTEMPT_SECONDS * 1000)),
      ),
    )
    .returning({ subjectId: videoRenditions.subjectId });
  return rows.map((row) => row.subjectId);
}
