import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { youtubeVideoId, type ProgressReport } from '@app/contracts';
import { SAVE_POSITION_EVERY_MS } from './use-video-progress';
import { createWatchTracker } from './watch-tracker';

/** The part of the YouTube IFrame Player API used here. */
interface YouTubePlayer {
  getCurrentTime: () => number;
  getDuration: () => number;
}
export interface YouTubeApi {
  Player: new (
    frame: HTMLIFrameElement,
    options: { events: { onStateChange: (event: { data: number }) => void } },
  ) => YouTubePlayer;
  PlayerState: { ENDED: number; PLAYING: number; PAUSED: number };
}
export type LoadYouTubeApi = () => Promise<YouTubeApi>;

const API_URL = 'https://www.youtube.com/iframe_api';
const LOAD_TIMEOUT_MS = 15_000;
let loading: Promise<YouTubeApi> | null = null;

/** Loads the IFrame Player API once, on the first YouTube chapter; rejects when it cannot (offline, blocked). */
export const loadYouTubeApi: LoadYouTubeApi = () => {
  const global = window as unknown as { YT?: YouTubeApi; onYouTubeIframeAPIReady?: () => void };
  if (global.YT?.Player) return Promise.resolve(global.YT);
  loading ??= new Promise<YouTubeApi>((resolve, reject) => {
    const fail = () => {
      loading = null; // a later chapter tries again
      reject(new Error('The YouTube player API did not load.'));
    };
    const previous = global.onYouTubeIframeAPIReady;
    global.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (global.YT) resolve(global.YT);
    };
    const script = document.createElement('script');
    script.src = API_URL;
    script.async = true;
    script.onerror = fail;
    document.head.append(script);
    window.setTimeout(() => {
      if (!global.YT?.Player) fail();
    }, LOAD_TIMEOUT_MS);
  });
  return loading;
};

/**
 * YouTube's privacy-enhanced mode: no cookies on the learner's browser until the video is played. Most learners are
 * children (the DPDP Act: no tracking of children), so every YouTube link plays from it.
 */
const EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';

/** A YouTube page, share or embed link as the privacy-enhanced player URL; other URLs as they are. */
export function youtubeEmbedUrl(url: string): string {
  const id = youtubeVideoId(url);
  return id ? `${EMBED_BASE}${encodeURIComponent(id)}` : url;
}

/** The embed URL with the player API switched on and the resume point; other URLs untouched. */
export function youtubePlayerUrl(url: string, startSeconds: number): string {
  const embed = youtubeEmbedUrl(url);
  try {
    const parsed = new URL(embed);
    if (!parsed.pathname.startsWith('/embed/')) return embed;
    parsed.searchParams.set('enablejsapi', '1');
    parsed.searchParams.set('origin', window.location.origin);
    if (startSeconds > 0) parsed.searchParams.set('start', String(Math.floor(startSeconds)));
    return parsed.toString();
  } catch {
    return embed;
  }
}

interface YouTubeChapterProps {
  url: string;
  title: string;
  resumeAt: number;
  onProgress: (report: ProgressReport) => void;
  /** Loads the player API; tests pass a stand-in. */
  loadApi?: LoadYouTubeApi;
}

/**
 * A YouTube chapter: the embedded frame, plus progress reports through the IFrame Player API
 * (position, length, seconds watched) while playing, on pause and end, and when closed. Without the
 * API (offline, blocked) the frame still plays; it just reports nothing.
 */
export function YouTubeChapter({ url, title, resumeAt, onProgress, loadApi = loadYouTubeApi }: YouTubeChapterProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const send = useEffectEvent((report: ProgressReport) => onProgress(report));
  // The start point is only read when the frame is created.
  const [src] = useState(() => youtubePlayerUrl(url, resumeAt));

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let player: YouTubePlayer | null = null;
    let isCancelled = false;
    let poll: number | undefined;
    let lastReport = Date.now();
    const tracker = createWatchTracker();
    const report = () => {
      if (!player) return;
      try {
        const duration = player.getDuration();
        send({
          position_seconds: player.getCurrentTime(),
          watched_seconds: tracker.take(),
          ...(duration > 0 ? { duration_seconds: duration } : {}),
        });
        lastReport = Date.now();
      } catch {
        // A half-ready player: the next report will do.
      }
    };
    loadApi()
      .then((YT) => {
        if (isCancelled) return;
        player = new YT.Player(element, {
          events: {
            onStateChange: ({ data }) => {
              window.clearInterval(poll);
              if (data === YT.PlayerState.PLAYING) {
                // The API has no timeupdate: the playhead is read now and polled each second while playing.
                const tick = () => {
                  try {
                    tracker.tick(player!.getCurrentTime());
                    return true;
                  } catch {
                    return false;
                  }
                };
                tick();
                poll = window.setInterval(() => {
                  if (tick() && Date.now() - lastReport >= SAVE_POSITION_EVERY_MS) report();
                }, 1000);
              } else if (data === YT.PlayerState.PAUSED || data === YT.PlayerState.ENDED) {
                report();
              }
            },
          },
        });
      })
      .catch(() => undefined);
    return () => {
      isCancelled = true;
      window.clearInterval(poll);
      report();
    };
  }, [loadApi]);

  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      className="chapter-youtube rounded"
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
