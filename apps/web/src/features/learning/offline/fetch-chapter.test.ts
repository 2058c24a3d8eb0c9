import { describe, expect, it, vi } from 'vitest';
import { fetchLowestRendition, lowestVariant, segmentUris, sizeOf, withSegmentPlaceholders } from './fetch-chapter';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-STREAM-INF:BANDWIDTH=2928000,RESOLUTION=1280x720',
  '720p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=464000,RESOLUTION=426x240',
  '240p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=896000,RESOLUTION=640x360',
  '360p/index.m3u8',
].join('\n');

const VARIANT = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:6',
  '#EXTINF:6.0,',
  'seg_000.ts',
  '#EXTINF:4.5,',
  'seg_001.ts',
  '#EXT-X-ENDLIST',
].join('\n');

describe('HLS for offline', () => {
  it('picks the lowest-bandwidth variant', () => {
    expect(lowestVariant(MASTER)).toBe('240p/index.m3u8');
    expect(lowestVariant('#EXTM3U\n')).toBeNull();
  });

  it('stores the playlist with placeholders for its segments', () => {
    expect(segmentUris(VARIANT)).toEqual(['seg_000.ts', 'seg_001.ts']);
    const stored = withSegmentPlaceholders(VARIANT);
    expect(segmentUris(stored)).toEqual(['segment:0', 'segment:1']);
    expect(stored).toContain('#EXT-X-ENDLIST');
  });

  it('fetches the master, the lowest variant and its segments, resolving relative links', async () => {
    const base = '/live-connect/api/files/subjects/12/hls/3/tok';
    const files: Record<string, string> = {
      [`${base}/master.m3u8`]: MASTER,
      [`${base}/240p/index.m3u8`]: VARIANT,
      [`${base}/240p/seg_000.ts`]: 'aaaa',
      [`${base}/240p/seg_001.ts`]: 'bb',
    };
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input)).pathname;
        fetched.push(path);
        return path in files ? new Response(files[path]) : new Response(null, { status: 404 });
      }),
    );
    const progress = vi.fn();
    const stored = await fetchLowestRendition(`${base}/master.m3u8`, { onProgress: progress });
    expect(fetched).toEqual(Object.keys(files));
    expect(stored.kind === 'video' && stored.segments.length).toBe(2);
    expect(progress).toHaveBeenLastCalledWith(2, 2);
    expect(sizeOf(stored)).toBe(withSegmentPlaceholders(VARIANT).length + 6);
  });
});
