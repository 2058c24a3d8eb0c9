import { z } from 'zod';
import { positiveId } from '../common/rules.ts';

export const VIDEO_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * The adaptive (HLS) renditions of a video chapter as the admin console shows them. `pending`
 * until a transcoder takes it (also right after a new upload), `running` with progress 0..100,
 * `ready`, or `failed` with the reason.
 */
export const videoState = z.object({
  status: z.enum(VIDEO_STATUSES),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  /** Heights of the renditions made, e.g. [240, 360, 720]; empty until ready. */
  renditions: z.array(z.number()),
  duration_seconds: z.number().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type VideoState = z.infer<typeof videoState>;

export const videoMessages = {
  transcodeQueued: 'Transcoding will start shortly.',
  notVideo: 'Only a video chapter with its file can be transcoded.',
  alreadyRunning: 'This video is being transcoded now.',
} as const;

/** GET /files/subjects/{subjectId}/hls/{version}/{token}/{file}: a playlist or segment behind a signed path. */
export const hlsFileParams = z.object({
  subjectId: positiveId(),
  version: positiveId(),
  token: z.string().max(120),
  '*': z.string().max(60),
});
