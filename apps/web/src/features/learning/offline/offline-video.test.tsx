import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Loader, LoaderConfiguration, LoaderContext } from 'hls.js';
import type { HlsConstructor, HlsPlayer } from '../components/hls-source';
import { OfflineVideo } from './offline-video';

const PLAYLIST = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.0,', 'segment:0', '#EXT-X-ENDLIST'].join('\n');
const files = { kind: 'video' as const, playlist: PLAYLIST, segments: [new Blob(['ts'])] };

/** A stand-in for hls.js: records its config and source, and lets the test fire an error. */
function fakeHls() {
  const instances: FakePlayer[] = [];
  type Listener = Parameters<HlsPlayer['on']>[1];
  class FakePlayer implements HlsPlayer {
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_SWITCHED: 'hlsLevelSwitched', ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => true;
    levels = [];
    currentLevel = -1;
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    isDestroyed = false;
    startLoad = vi.fn();
    recoverMediaError = vi.fn();
    listeners = new Map<string, Listener>();
    config: { loader?: new () => Loader<LoaderContext> };
    constructor(config: { loader?: new () => Loader<LoaderContext> }) {
      this.config = config;
      instances.push(this);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
    }
    destroy() {
      this.isDestroyed = true;
    }
  }
  return { loadHls: vi.fn(async () => FakePlayer as unknown as HlsConstructor), instances };
}

afterEach(cleanup);

describe('OfflineVideo', () => {
  it('plays the saved files through its own loader, never the network', async () => {
    const hls = fakeHls();
    const view = render(<OfflineVideo files={files} title="India in Space" loadHls={hls.loadHls} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const [player] = hls.instances;
    expect(player?.media).toBe(view.container.querySelector('video'));
    expect(player?.config.loader).toBeDefined();

    // The source hls.js is given is answered by that loader: the stored playlist.
    const onSuccess = vi.fn();
    const Loader = player!.config.loader!;
    new Loader().load(
      { url: player!.source!, responseType: 'text', type: 'manifest' } as LoaderContext,
      {} as LoaderConfiguration,
      { onSuccess, onError: vi.fn(), onTimeout: vi.fn() },
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(onSuccess.mock.calls[0]?.[0].data).toBe(PLAYLIST);

    view.unmount();
    expect(player?.isDestroyed).toBe(true);
  });

  it('says so when hls.js gives up', async () => {
    const hls = fakeHls();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<OfflineVideo files={files} title="India in Space" loadHls={hls.loadHls} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const onError = hls.instances[0]?.listeners.get('hlsError');
    act(() => onError?.('hlsError', { fatal: false, type: 'mediaError' }));
    expect(screen.queryByText('This browser cannot play the saved video.')).toBeNull();
    act(() => onError?.('hlsError', { fatal: true, type: 'mediaError' }));
    expect(screen.getByText('This browser cannot play the saved video.')).toBeInTheDocument();
  });
});
