export { failStalledTranscodes } from './fail-stalled-transcodes.ts';
export { HLS_FILE, PLAYLIST_TYPE, rewritePlaylist, SEGMENT_TYPE } from './hls-files.ts';
export { onVideoFileChanged, retranscodeVideo } from './retranscode-video.ts';
export { deleteRenditions, renditionsOf } from './rendition-folders.ts';
export { scheduleTranscode } from './schedule-transcode.ts';
export { transcodeJob } from './transcode-job.ts';
export { findVideoRows, isPlayable, listVideosToTranscode, toVideoState } from './video-state.ts';
