import { defineJob } from '../../jobs/registry.ts';
import { transcodeVideo } from './transcode-video.ts';

/**
 * The longest one attempt may run: pg-boss fails an attempt still running after this. A 'running'
 * row no run has written for longer belongs to no live attempt (failStalledTranscodes).
 */
export const TRANSCODE_ATTEMPT_SECONDS = 2 * 3600;

/**
 * The 'transcode' queue: one chapter's MP4 into HLS renditions. A storage or database error throws
 * and the attempt is retried; on the last attempt the error also ends the state row 'failed' with
 * the reason (the mail job's rule: the run tells its handler whether a retry is left). A file ffmpeg
 * cannot read ends 'failed' at once (no retry). One at a time per worker: ffmpeg already uses every
 * core it is given.
 */
export const transcodeJob = defineJob(
  'transcode',
  async (ctx, data, run) => {
    await transcodeVideo(ctx, { ...data, isLastAttempt: run.retryCount >= run.retryLimit });
  },
  {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: TRANSCODE_ATTEMPT_SECONDS,
    concurrency: 1,
    summarize: (data) => ({ subjectId: data.subjectId }),
  },
);
