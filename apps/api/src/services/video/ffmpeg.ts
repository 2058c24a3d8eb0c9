import { spawn } from 'node:child_process';

/** Debian's ffmpeg and ffprobe, found on PATH (the container image and CI install the package). */
const FFMPEG = 'ffmpeg';
const FFPROBE = 'ffprobe';

export interface ProbeResult {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
}

/** Runs a program without a shell; resolves with its stdout, rejects with the end of its stderr. */
function run(command: string, args: string[], onStdout?: (chunk: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(lastLines(stderr) || `${command} ended with ${signal ?? `code ${code}`}`));
    });
  });
}

const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' ').slice(0, 500);

/** The first video stream's size, the duration, and whether there is sound. Rejects for files that are not video. */
export async function probeVideo(path: string): Promise<ProbeResult> {
  const out = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]);
  const info = JSON.parse(out) as {
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number }[];
    }[];
    format?: { duration?: string };
  };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new Error('The file has no video stream.');
  const rotation = Math.abs(
    Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0),
  );
  const isTurned = rotation === 90 || rotation === 270;
  const durationSeconds = Number(info.format?.duration ?? video.duration ?? 0);
  return {
    width: isTurned ? video.height! : video.width!,
    height: isTurned ? video.width! : video.height!,
    durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : 0,
    hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

/**
 * Runs ffmpeg with `-progress pipe:1` among `args`; calls `onTime` with the seconds of output
 * written so far, as ffmpeg reports them.
 */
export async function runFfmpeg(args: string[], onTime: (seconds: number) => void): Promise<void> {
  let pending = '';
  await run(FFMPEG, args, (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
      if (match) onTime(Number(match[1]) / 1_000_000);
    }
  });
}
