import { defineJob } from '../../jobs/registry.ts';
import { transcodeVideo } from './transcode-video.ts';

/**
 * The 'transcode' queue: one chapter's MP4 into HLS renditions. A storage or database error throws
 * and the attempt is retried; a file ffmpeg cannot read ends 'failed' in the state row (no retry).
 * One at a time per worker: ffmpeg already uses every core it is given.
 */
export const transcodeJob = defineJob(
  'transcode',
  async (ctx, data) => {
    await transcodeVideo(ctx, data);
  },
  {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 2 * 3600,
    concurrency: 1,
    summarize: (data) => ({ subjectId: data.subjectId }),
  },
);
