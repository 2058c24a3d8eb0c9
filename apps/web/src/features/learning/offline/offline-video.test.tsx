import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderConfiguration, LoaderContext } from 'hls.js';
import { fakeHls, mediaState } from '../learning.fixtures';
import { OfflineVideo } from './offline-video';

const PLAYLIST = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.0,', 'segment:0', '#EXT-X-ENDLIST'].join('\n');
const files = { kind: 'video' as const, playlist: PLAYLIST, segments: [new Blob(['ts'])] };

afterEach(cleanup);

describe('OfflineVideo', () => {
  it('plays the saved files through its own loader, never the network', async () => {
    const hls = fakeHls();
    const view = render(
      <OfflineVideo files={files} title="India in Space" resumeAt={0} onProgress={vi.fn()} loadHls={hls.loadHls} />,
    );
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
    render(
      <OfflineVideo files={files} title="India in Space" resumeAt={0} onProgress={vi.fn()} loadHls={hls.loadHls} />,
    );
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    hls.instances[0]!.emit('hlsError', { fatal: false, type: 'mediaError' });
    expect(screen.queryByText('This browser cannot play the saved video.')).toBeNull();
    hls.instances[0]!.emit('hlsError', { fatal: true, type: 'mediaError' });
    expect(screen.getByText('This browser cannot play the saved video.')).toBeInTheDocument();
  });

  it('resumes where the learner left off and reports the seconds watched and the length, as the online player does', async () => {
    const hls = fakeHls();
    const onProgress = vi.fn();
    const view = render(
      <OfflineVideo files={files} title="India in Space" resumeAt={95} onProgress={onProgress} loadHls={hls.loadHls} />,
    );
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const video = screen.getByTitle('India in Space') as HTMLVideoElement;
    const media = mediaState(video, { position: 0, duration: 600 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(95);

    // Plays 95 → 107 s, then seeks to 590 s: the seek adds nothing watched.
    for (let t = 95; t <= 107; t += 0.5) {
      media.media.position = t;
      fireEvent.timeUpdate(video);
    }
    media.media.position = 590;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    // The server needs the seconds watched and the length to count the chapter done (decision 021).
    expect(onProgress).toHaveBeenLastCalledWith({ position_seconds: 590, duration_seconds: 600, watched_seconds: 12 });

    media.media.position = 592.5;
    fireEvent.timeUpdate(video);
    view.unmount();
    expect(onProgress).toHaveBeenLastCalledWith({ position_seconds: 592.5, duration_seconds: 600, watched_seconds: 2 });
  });
});
