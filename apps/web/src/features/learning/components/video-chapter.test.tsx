import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fakeHls, mediaState } from '../learning.fixtures';
import { VideoChapter } from './video-chapter';

const MP4 = '/live-connect/api/files/subjects/12?u=1&e=2&s=x';
const HLS = '/live-connect/api/files/subjects/12/hls/3/1-2-abc/master.m3u8';

const renderVideo = (props: Partial<Parameters<typeof VideoChapter>[0]> = {}) => {
  const onProgress = vi.fn();
  const view = render(
    <VideoChapter src={MP4} title="Intro video" resumeAt={null} onProgress={onProgress} {...props} />,
  );
  return { video: screen.getByTitle('Intro video') as HTMLVideoElement, onProgress, unmount: view.unmount };
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('VideoChapter', () => {
  it('plays the MP4 while there is no HLS, with the speed control and no quality menu', async () => {
    const hls = fakeHls();
    const { video } = renderVideo({ hlsUrl: null, loadHls: hls.loadHls });
    expect(video).toHaveAttribute('src', MP4);
    expect(hls.loadHls).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Quality')).not.toBeInTheDocument();

    const speed = screen.getByLabelText('Speed');
    expect(
      within(speed)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×']);
    expect(speed).toHaveValue('1');
    await userEvent.selectOptions(speed, '1.5×');
    expect(video.playbackRate).toBe(1.5);
    expect(video.defaultPlaybackRate).toBe(1.5);
  });

  it('plays HLS through hls.js (loaded on demand) with a quality menu of Auto and each level', async () => {
    const hls = fakeHls();
    const { video } = renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls });
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const player = hls.instances[0]!;
    expect(player.config).toEqual({ startLevel: -1, capLevelToPlayerSize: true });
    expect(player.source).toBe(HLS);
    expect(player.media).toBe(video);
    expect(video).not.toHaveAttribute('src'); // hls.js feeds the tag itself

    expect(screen.queryByLabelText('Quality')).not.toBeInTheDocument();
    player.emit(hls.Events.MANIFEST_PARSED);
    const quality = await screen.findByLabelText('Quality');
    expect(
      within(quality)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Auto', '720p', '360p', '240p']);

    player.emit(hls.Events.LEVEL_SWITCHED, { level: 2 });
    expect(within(quality).getAllByRole('option')[0]).toHaveTextContent('Auto (720p)');

    await userEvent.selectOptions(quality, '240p');
    expect(player.currentLevel).toBe(0);
    await userEvent.selectOptions(quality, '720p');
    expect(player.currentLevel).toBe(2);
    await userEvent.selectOptions(quality, 'Auto');
    expect(player.currentLevel).toBe(-1);

    await userEvent.selectOptions(screen.getByLabelText('Speed'), '2×');
    expect(video.playbackRate).toBe(2);
  });

  it('starts at the lowest level on a slow connection', async () => {
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '3g' }, configurable: true });
    const hls = fakeHls();
    renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls });
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0]!.config.startLevel).toBe(0);
  });

  it('lets the browser play HLS itself where there is no Media Source (older iPhones), without hls.js', async () => {
    expect('MediaSource' in window).toBe(false); // jsdom, like iOS Safari before 17.1
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    const hls = fakeHls();
    const { video } = renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls });
    await waitFor(() => expect(video).toHaveAttribute('src', HLS));
    expect(hls.loadHls).not.toHaveBeenCalled();
  });

  it('prefers hls.js over native HLS where Media Source exists (recent Chromium answers canPlayType too)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    Object.defineProperty(window, 'MediaSource', { value: class {}, configurable: true });
    try {
      const hls = fakeHls();
      const { video } = renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls });
      await waitFor(() => expect(hls.instances).toHaveLength(1));
      expect(video).not.toHaveAttribute('src');
    } finally {
      Reflect.deleteProperty(window, 'MediaSource');
    }
  });

  it('falls back to the MP4 when hls.js is unsupported or gives up', async () => {
    const unsupported = fakeHls({ isSupported: false });
    const first = renderVideo({ hlsUrl: HLS, loadHls: unsupported.loadHls });
    await waitFor(() => expect(first.video).toHaveAttribute('src', MP4));
    cleanup();

    const hls = fakeHls();
    const { video } = renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls, title: 'Intro video' });
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const player = hls.instances[0]!;
    player.emit(hls.Events.ERROR, { fatal: true, type: hls.ErrorTypes.NETWORK_ERROR });
    expect(player.startLoad).toHaveBeenCalled(); // a network hiccup is retried
    player.emit(hls.Events.ERROR, { fatal: true, type: 'otherError' });
    expect(player.isDestroyed).toBe(true);
    await waitFor(() => expect(video).toHaveAttribute('src', MP4));
  });

  it('resumes where the learner left off and reports the position on pause, with HLS too', async () => {
    const hls = fakeHls();
    const { video, onProgress } = renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls, resumeAt: 95 });
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    Object.defineProperty(video, 'readyState', { value: 1, configurable: true });
    Object.defineProperty(video, 'duration', { value: 600, configurable: true });
    let position = 0;
    Object.defineProperty(video, 'currentTime', {
      get: () => position,
      set: (value: number) => {
        position = value;
      },
      configurable: true,
    });
    fireEvent.loadedMetadata(video);
    expect(position).toBe(95);

    position = 120;
    fireEvent.pause(video);
    expect(onProgress).toHaveBeenCalledWith({ position_seconds: 120, duration_seconds: 600, watched_seconds: 0 });
  });

  it('reports seconds actually watched, not seeks, and reports on close', async () => {
    const { video, onProgress, unmount } = renderVideo({ resumeAt: 0 });
    Object.defineProperty(video, 'readyState', { value: 1, configurable: true });
    Object.defineProperty(video, 'duration', { value: 300, configurable: true });
    let position = 0;
    Object.defineProperty(video, 'currentTime', {
      get: () => position,
      set: (value: number) => {
        position = value;
      },
      configurable: true,
    });
    fireEvent.loadedMetadata(video);
    // Plays 0 → 12 s in small steps, then seeks to 290 s and plays one more second.
    for (let t = 0; t <= 12; t += 0.5) {
      position = t;
      fireEvent.timeUpdate(video);
    }
    position = 290;
    fireEvent.timeUpdate(video);
    position = 291;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    expect(onProgress).toHaveBeenLastCalledWith({ position_seconds: 291, duration_seconds: 300, watched_seconds: 13 });

    position = 293.5;
    fireEvent.timeUpdate(video);
    unmount();
    expect(onProgress).toHaveBeenLastCalledWith({ position_seconds: 293.5, duration_seconds: 300, watched_seconds: 2 });
  });

  describe('when its signed link is refused (expired, or the file replaced)', () => {
    it('renews the MP4 whose source failed and keeps a paused video paused at its place', async () => {
      // The same link comes back (the same ten minutes): the MP4 failed for another reason and loads again.
      const renewLinks = vi.fn(async () => ({ src: MP4, hlsUrl: null }));
      const { video, onProgress } = renderVideo({ resumeAt: 0, renewLinks });
      const media = mediaState(video, { position: 0, duration: 600 });
      fireEvent.loadedMetadata(video);
      Object.assign(media.media, { position: 300, isPaused: true });

      Object.defineProperty(video, 'error', { value: { code: 4 }, configurable: true }); // the 403 is no video
      fireEvent.error(video);
      await waitFor(() => expect(media.load).toHaveBeenCalledTimes(1));
      expect(renewLinks).toHaveBeenCalledTimes(1);
      expect(video).toHaveAttribute('src', MP4);
      // Closing the chapter now reports where the learner was, not the new source's 0.
      fireEvent.pause(video);
      expect(onProgress).toHaveBeenLastCalledWith(expect.objectContaining({ position_seconds: 300 }));

      media.media.readyState = 1;
      fireEvent.loadedMetadata(video);
      expect(video.currentTime).toBe(300);
      expect(media.pause).toHaveBeenCalled(); // the tag autoplays: paused again
      expect(media.play).not.toHaveBeenCalled();
    });

    it('shows a notice with Retry when fresh links are refused again before they play; Retry renews them', async () => {
      const hls = fakeHls();
      const renewLinks = vi.fn(async () => ({ src: MP4, hlsUrl: HLS }));
      const { video } = renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls, resumeAt: 0, renewLinks });
      await waitFor(() => expect(hls.instances).toHaveLength(1));
      const media = mediaState(video, { position: 0, duration: 600 });
      fireEvent.loadedMetadata(video);
      media.media.position = 200;
      const refused = { fatal: true, type: hls.ErrorTypes.NETWORK_ERROR, response: { code: 404 } };

      hls.instances[0]!.emit(hls.Events.ERROR, refused);
      await waitFor(() => expect(hls.instances).toHaveLength(2));
      expect(hls.instances[1]!.config.startPosition).toBe(200);
      hls.instances[1]!.emit(hls.Events.ERROR, refused);
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent(
        'The video stopped: its link could not be renewed. Check your connection and try again.',
      );
      expect(renewLinks).toHaveBeenCalledTimes(1);

      await userEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(hls.instances).toHaveLength(3));
      expect(renewLinks).toHaveBeenCalledTimes(2);
      expect(hls.instances[2]!.config.startPosition).toBe(200);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("shows the server's reason when the links cannot be renewed", async () => {
      const hls = fakeHls();
      const renewLinks = vi.fn(async () => {
        throw new ApiError(403, 'You do not have access to this.');
      });
      renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls, resumeAt: 0, renewLinks });
      await waitFor(() => expect(hls.instances).toHaveLength(1));
      hls.instances[0]!.emit(hls.Events.ERROR, {
        fatal: true,
        type: hls.ErrorTypes.NETWORK_ERROR,
        response: { code: 403 },
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this.');
      expect(hls.instances).toHaveLength(1);
    });

    it('loads again after a transient network error: at once, then waiting longer up to 30 s, at once back online', async () => {
      const hls = fakeHls();
      const renewLinks = vi.fn(async () => ({ src: MP4, hlsUrl: HLS }));
      renderVideo({ hlsUrl: HLS, loadHls: hls.loadHls, renewLinks });
      await waitFor(() => expect(hls.instances).toHaveLength(1));
      const player = hls.instances[0]!;
      vi.useFakeTimers();
      const dropped = { fatal: true, type: hls.ErrorTypes.NETWORK_ERROR, response: { code: 0 } };
      /** The wait before the next load after one more error in a row. */
      const nextWait = () => {
        const loads = player.startLoad.mock.calls.length;
        player.emit(hls.Events.ERROR, dropped);
        let waited = 0;
        while (player.startLoad.mock.calls.length === loads && waited < 60_000) {
          vi.advanceTimersByTime(500);
          waited += 500;
        }
        return waited;
      };
      expect([1, 2, 3, 4, 5, 6, 7].map(nextWait)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000]);

      player.emit(hls.Events.ERROR, dropped);
      const loads = player.startLoad.mock.calls.length;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(player.startLoad).toHaveBeenCalledTimes(loads + 1);

      // A fragment loaded: the next error is retried at once again.
      player.emit(hls.Events.FRAG_LOADED);
      expect(nextWait()).toBe(0);
      expect(renewLinks).not.toHaveBeenCalled();
    });
  });
});
