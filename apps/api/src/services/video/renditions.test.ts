import { describe, expect, it } from 'vitest';
import { ffmpegHlsArgs, planRenditions } from './renditions.ts';

describe('planRenditions', () => {
  it('never upscales: only the steps at or below the source height', () => {
    expect(planRenditions(1080).map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    expect(planRenditions(720).map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    expect(planRenditions(480).map((r) => r.name)).toEqual(['240p', '360p']);
    expect(planRenditions(240).map((r) => r.name)).toEqual(['240p']);
  });

  it('keeps a source smaller than every step at its own even height', () => {
    expect(planRenditions(181)).toEqual([expect.objectContaining({ name: '180p', height: 180 })]);
  });
});

describe('ffmpegHlsArgs', () => {
  it('maps sound only when the source has it, and cuts 4-second segments', () => {
    const renditions = planRenditions(720);
    const withSound = ffmpegHlsArgs({ input: 'in.mp4', outDir: 'out', renditions, hasAudio: true });
    expect(withSound.filter((a) => a === '0:a:0')).toHaveLength(3);
    expect(withSound).toContain('v:0,a:0,name:240p v:1,a:1,name:360p v:2,a:2,name:720p');
    expect(withSound.join(' ')).toContain('-hls_time 4');
    expect(withSound.join(' ')).toContain('scale=-2:360');
    const silent = ffmpegHlsArgs({ input: 'in.mp4', outDir: 'out', renditions: planRenditions(240), hasAudio: false });
    expect(silent).not.toContain('0:a:0');
    expect(silent).toContain('v:0,name:240p');
    expect(silent.join(' ')).toContain('[0:v]null[v0]');
  });
});
