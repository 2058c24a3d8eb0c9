/** One HLS rendition: its name in storage, its height, and the bit rates its playlist announces. */
export interface Rendition {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/** The ladder: enough for 3G (240p) up to a laptop on broadband (720p). */
export const RENDITION_LADDER: readonly Rendition[] = [
  { name: '240p', height: 240, videoKbps: 400, audioKbps: 64 },
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
];

/** Seconds per segment: short, so a player can switch quality soon after the connection changes. */
export const SEGMENT_SECONDS = 4;

/**
 * The renditions for a source `height` pixels tall: the ladder's steps at or below it (never
 * upscaled), or one rendition at the source's own (even) height when it is smaller than them all.
 */
export function planRenditions(height: number): Rendition[] {
  const fitting = RENDITION_LADDER.filter((r) => r.height <= height);
  if (fitting.length > 0) return fitting;
  const even = Math.max(2, Math.floor(height / 2) * 2);
  return [{ ...RENDITION_LADDER[0]!, name: `${even}p`, height: even }];
}

/**
 * ffmpeg's arguments for one pass that writes every rendition and the master playlist into
 * `outDir`: `<name>/index.m3u8`, `<name>/seg_000.ts`…, `master.m3u8`. H.264 + AAC, keyframes
 * forced every SEGMENT_SECONDS so segments are cut there, width kept to the aspect (even).
 */
export function ffmpegHlsArgs(options: {
  input: string;
  outDir: string;
  renditions: Rendition[];
  hasAudio: boolean;
}): string[] {
  const { renditions, hasAudio } = options;
  const n = renditions.length;
  const split = n === 1 ? '[0:v]null[v0]' : `[0:v]split=${n}${renditions.map((_, i) => `[v${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[v${i}]scale=-2:${r.height}[v${i}out]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-i',
    options.input,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}out]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-c:v:${i}`,
      'libx264',
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
    if (hasAudio) args.push(`-c:a:${i}`, 'aac', `-b:a:${i}`, `${r.audioKbps}k`, `-ac:a:${i}`, '2');
  });
  args.push(
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${options.outDir}/%v/seg_%03d.ts`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    renditions.map((r, i) => (hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' '),
    `${options.outDir}/%v/index.m3u8`,
  );
  return args;
}
