import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';
import { STORED_PLAYLIST_URL, storedFilesLoader } from './stored-loader';

const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:4',
  '#EXTINF:4.0,',
  'segment:0',
  '#EXTINF:2.5,',
  'segment:1',
  '#EXT-X-ENDLIST',
].join('\n');
// Node's Blob: jsdom's has no arrayBuffer(), which every browser's has.
const blob = (content: string) => new NodeBlob([content]) as unknown as Blob;
const files = { kind: 'video' as const, playlist: PLAYLIST, segments: [blob('abcdef'), blob('xy')] };

const context = (url: string, extra: Partial<LoaderContext> = {}) =>
  ({
    url,
    responseType: url === STORED_PLAYLIST_URL ? 'text' : 'arraybuffer',
    type: 'manifest',
    ...extra,
  }) as LoaderContext;

function callbacks() {
  return {
    onSuccess: vi.fn(),
    onError: vi.fn(),
    onTimeout: vi.fn(),
    onAbort: vi.fn(),
  } satisfies LoaderCallbacks<LoaderContext>;
}

/** The loader reads nothing of it. */
const config = {} as LoaderConfiguration;

const text = (data: ArrayBuffer) => new TextDecoder().decode(data);

describe('the loader of saved videos', () => {
  const Loader = storedFilesLoader(files);

  it('answers the playlist and segments from the stored files', async () => {
    const playlist = callbacks();
    new Loader().load(context(STORED_PLAYLIST_URL), config, playlist);
    await vi.waitFor(() => expect(playlist.onSuccess).toHaveBeenCalledOnce());
    expect(playlist.onSuccess.mock.calls[0]?.[0]).toEqual({ url: STORED_PLAYLIST_URL, data: PLAYLIST, code: 200 });

    const segment = callbacks();
    // hls.js asks for a whole segment with a range of 0 to 0.
    new Loader().load(context('segment:1', { rangeStart: 0, rangeEnd: 0 }), config, segment);
    await vi.waitFor(() => expect(segment.onSuccess).toHaveBeenCalledOnce());
    const [response, stats] = segment.onSuccess.mock.calls[0] ?? [];
    expect(text(response.data)).toBe('xy');
    expect(stats).toMatchObject({ loaded: 2, total: 2, aborted: false });
  });

  it('answers a byte range, its end exclusive', async () => {
    const range = callbacks();
    new Loader().load(context('segment:0', { rangeStart: 1, rangeEnd: 4 }), config, range);
    await vi.waitFor(() => expect(range.onSuccess).toHaveBeenCalledOnce());
    expect(text(range.onSuccess.mock.calls[0]?.[0].data)).toBe('bcd');
  });

  it('fails for a file not saved, and stays silent once aborted', async () => {
    const missing = callbacks();
    new Loader().load(context('segment:2'), config, missing);
    await vi.waitFor(() => expect(missing.onError).toHaveBeenCalledOnce());
    expect(missing.onError.mock.calls[0]?.[0]).toEqual({ code: 404, text: 'Not saved on this device.' });

    const aborted = callbacks();
    const loader = new Loader();
    loader.load(context('segment:0'), config, aborted);
    loader.abort();
    expect(aborted.onAbort).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted.onSuccess).not.toHaveBeenCalled();
  });
});
