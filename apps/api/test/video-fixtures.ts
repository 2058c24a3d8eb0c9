import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An MP4 with sound (test pattern and a tone), made by Debian's ffmpeg in `dir`. */
export function makeTestMp4(dir: string, options: { seconds?: number; size?: string } = {}): Buffer {
  const out = join(dir, `source-${options.size ?? '1280x720'}-${options.seconds ?? 6}.mp4`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.size ?? '1280x720'}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(options.seconds ?? 6),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  return readFileSync(out);
}
