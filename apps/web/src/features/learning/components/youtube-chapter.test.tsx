import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YouTubeChapter, youtubeEmbedUrl, type YouTubeApi } from './youtube-chapter';

const State = { ENDED: 0, PLAYING: 1, PAUSED: 2 };

/** A stand-in for the IFrame Player API: the test moves the playhead and fires state changes. */
function fakeApi() {
  const player = {
    time: 0,
    duration: 600,
    onStateChange: (_event: { data: number }) => undefined as void,
    frame: null as HTMLIFrameElement | null,
  };
  class Player {
    constructor(frame: HTMLIFrameElement, options: { events: { onStateChange: (event: { data: number }) => void } }) {
      player.frame = frame;
      player.onStateChange = options.events.onStateChange;
    }
    getCurrentTime = () => player.time;
    getDuration = () => player.duration;
  }
  const api = { Player, PlayerState: State } as unknown as YouTubeApi;
  return { player, loadApi: vi.fn(async () => api) };
}

afterEach(() => vi.useRealTimers());

describe('YouTubeChapter', () => {
  it('embeds the video with the player API and the resume point, and reports what was watched', async () => {
    const { player, loadApi } = fakeApi();
    const onProgress = vi.fn();
    const view = render(
      <YouTubeChapter
        url="https://youtu.be/abc123"
        title="Talk"
        resumeAt={95}
        onProgress={onProgress}
        loadApi={loadApi}
      />,
    );
    const frame = screen.getByTitle('Talk');
    expect(frame.getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/abc123?enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}&start=95`,
    );
    await waitFor(() => expect(player.frame).toBe(frame));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });

    player.time = 95;
    act(() => player.onStateChange({ data: State.PLAYING }));
    for (let i = 0; i < 5; i++) {
      player.time += 1;
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    player.time = 500; // a seek: not watched
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => player.onStateChange({ data: State.PAUSED }));
    expect(onProgress).toHaveBeenLastCalledWith({ position_seconds: 500, duration_seconds: 600, watched_seconds: 5 });

    view.unmount();
    expect(onProgress).toHaveBeenLastCalledWith({ position_seconds: 500, duration_seconds: 600, watched_seconds: 0 });
  });

  it('still plays when the API cannot load', async () => {
    const onProgress = vi.fn();
    render(
      <YouTubeChapter
        url="https://www.youtube.com/embed/xyz123"
        title="Talk"
        resumeAt={0}
        onProgress={onProgress}
        loadApi={() => Promise.reject(new Error('offline'))}
      />,
    );
    expect(screen.getByTitle('Talk').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/xyz123\?enablejsapi=1/,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('ATTACK: plays every YouTube link from the privacy-enhanced host, where no cookie is set before playing', () => {
    for (const url of [
      'https://youtu.be/abc123',
      'https://www.youtube.com/watch?v=abc123',
      'https://m.youtube.com/watch?v=abc123',
      'https://www.youtube.com/shorts/abc123',
      'https://www.youtube.com/embed/abc123',
      'https://www.youtube-nocookie.com/embed/abc123',
    ]) {
      expect(youtubeEmbedUrl(url), url).toBe('https://www.youtube-nocookie.com/embed/abc123');
    }
    // Not a YouTube link: as given.
    expect(youtubeEmbedUrl('https://example.com/embed/abc123')).toBe('https://example.com/embed/abc123');
  });
});
